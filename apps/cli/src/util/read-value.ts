import { loadReadline } from '../builtins.ts';
import { failure } from '../errors.ts';

/**
 * A value left off the command line: asked for on a terminal, else the first line of standard
 * input. Without a terminal on both sides nothing is asked, and no input is an error.
 */
export async function readValue(key: string, type: string): Promise<string> {
  const { createInterface } = loadReadline();
  const missing = () =>
    failure(
      'MISSING_VALUE',
      `no value given for ${key}`,
      `pass it on the command line: spoke config set ${key} <value>`,
    );
  if (process.stdin.isTTY && !process.stderr.isTTY) throw missing();
  const rl = createInterface({
    input: process.stdin,
    output: process.stdin.isTTY ? process.stderr : undefined,
  });
  try {
    if (process.stdin.isTTY) {
      return await new Promise<string>((resolve) => rl.question(`? ${key} (${type}): `, resolve));
    }
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
