import { loadReadline } from '../builtins.ts';
import { failure } from '../errors.ts';
import { ask } from './prompt.ts';

/**
 * A value left off the command line: asked for on a terminal (a secret shown as `*`), else the
 * first line of standard input. Without a terminal on both sides nothing is asked, and no input
 * is an error.
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
    const line = await new Promise<string | null>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(null));
    });
    if (line === null) throw missing();
    return line.replace(/\r$/, '');
  } finally {
    rl.close();
  }
}
