import { fs } from '../builtins.ts';
import path from 'node:path';

export type AtomicWriteOptions = {
  /** Mode of a new file; an existing file keeps its own. */
  mode?: number;
  /** Runs between writing the temporary file and renaming it (lets tests interrupt there). */
  beforeRename?: (tempFile: string) => void;
};

/**
 * Writes a complete new file beside the target and renames it into place, so a reader (or a
 * command interrupted half-way) sees either the old file or the new one, never a mix.
 */
export function writeFileAtomic(file: string, data: string, options: AtomicWriteOptions = {}) {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  let mode = options.mode ?? 0o644;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch {
    // A new file: the requested mode.
  }
  const temp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`,
  );
  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, 'wx', mode);
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    options.beforeRename?.(temp);
    fs.renameSync(temp, file);
  } catch (err) {
    if (fd !== undefined) fs.closeSync(fd);
    try {
      fs.unlinkSync(temp);
    } catch {
      // Already gone.
    }
    throw err;
  }
}

/** JSON the way spoke writes its files: two-space indent, final newline. */
export const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
