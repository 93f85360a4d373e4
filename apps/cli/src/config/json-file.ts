import { fs } from '../builtins.ts';
import { CliError, failure } from '../errors.ts';
import { jsonErrorOffset } from './json-position.ts';

export type JsonRead = { exists: false } | { exists: true; data: unknown };

function position(text: string): string {
  const before = text.slice(0, jsonErrorOffset(text));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return ` at line ${line}, column ${column}`;
}

/** Reads a JSON file; a missing file is `{exists: false}`, a malformed one a CONFIG_INVALID error. */
export function readJsonFile(file: string, hint: string): JsonRead {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { exists: false };
    throw failure('IO_FAILED', `cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return { exists: true, data: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (err) {
    // Node versions word this differently; keep the part that they share.
    const detail = (err as Error).message.split(/,\s|\sin JSON/)[0];
    throw new CliError(`${file} is not valid JSON${position(text)}: ${detail}`, {
      code: 'CONFIG_INVALID',
      hint,
    });
  }
}

/** Wraps a write failure (permissions, full disk) into one clear line. */
export function writeFailure(file: string, err: unknown): CliError {
  return failure('IO_FAILED', `cannot write ${file}: ${(err as Error).message}`);
}
