import { fs } from '../builtins.ts';
import path from 'node:path';
import { writeFileAtomic } from '../config/atomic-write.ts';
import { writeFailure } from '../config/json-file.ts';

/**
 * `.spoke/` holds installed servers (their node_modules among them); its own .gitignore keeps it
 * out of version control. It is written by `init` and again by every install, since a cloned
 * project has the workspace files but not the ignored directory. Returns whether it was written.
 */
export function ensureSpokeDir(workspaceDir: string): boolean {
  const ignore = path.join(workspaceDir, '.spoke', '.gitignore');
  if (fs.existsSync(ignore)) return false;
  try {
    fs.mkdirSync(path.dirname(ignore), { recursive: true });
    writeFileAtomic(ignore, '*\n');
  } catch (err) {
    throw writeFailure(ignore, err);
  }
  return true;
}
