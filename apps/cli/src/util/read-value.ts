import { loadReadline } from '../builtins.ts';
import { failure } from '../errors.ts';
import { ask } from './prompt.ts';

/**
 * A value left off the command line: asked for on a terminal (a secret shown as `*`), else the
 * first line of standard input (all of a PEM block, such as a private key, that starts there).
 * Without a terminal on both sides nothing is asked, and no input is an error.
 */
export async function readValue(key: string, type: string): Promise<string> {
  const missing = () =>
    failure(
      'MISSING_VALUE',
      `no value given for ${key}`,
      `pass it on the command line: spoke config set ${key} <value>`,
    );
  if (process.stdin.isTTY && !process.stderr.isTTY) throw missing();
  if (process.stdin.isTTY) return ask(`? ${key} (${type}): `, { hidden: type === 'secret' });
  const { createInterface } = loadReadline();
  const rl = createInterface({ input: process.stdin });
  try {
    const value = await new Promise<string | null>((resolve) => {
      // A PEM block (a private key) is read whole, up to its END line.
      const lines: string[] = [];
      let end: string | null = null;
      rl.on('line', (raw) => {
        const line = raw.replace(/\r$/, '');
        lines.push(line);
        if (lines.length === 1) {
          const begin = /^-----BEGIN ([A-Z0-9 ]+)-----$/.exec(line.trim());
          if (begin) end = `-----END ${begin[1]}-----`;
        }
        if (end === null) resolve(line);
        else if (line.trim() === end) resolve(`${lines.join('\n')}\n`);
      });
      rl.once('close', () => resolve(lines.length ? lines.join('\n') : null));
    });
    if (value === null) throw missing();
    return value;
  } finally {
    rl.close();
  }
}
