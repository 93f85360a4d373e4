import { loadReadline } from '../builtins.ts';
import { failure } from '../errors.ts';

/** Questions are asked only with a terminal on both sides. */
export const canPrompt = () => process.stdin.isTTY === true && process.stderr.isTTY === true;

/**
 * Asks one question on the terminal; hidden input echoes `*` for each character. Ctrl+C (or the
 * end of input) at the question ends the command as declined, with nothing changed.
 */
export async function ask(question: string, options: { hidden?: boolean } = {}): Promise<string> {
  const { createInterface } = loadReadline();
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  if (options.hidden) {
    const writer = rl as unknown as { _writeToOutput: (text: string) => void };
    writer._writeToOutput = (text: string) => {
      if (text.startsWith(question))
        process.stderr.write(question + '*'.repeat(text.length - question.length));
      else if (text === '\r\n' || text === '\n') process.stderr.write(text);
      else process.stderr.write('*'.repeat(text.length));
    };
  }
  try {
    return await new Promise<string>((resolve, reject) => {
      let answered = false;
      const stop = () => {
        process.stderr.write('\n');
        reject(failure('DECLINED', 'stopped at the question: nothing was changed'));
      };
      rl.question(question, (answer) => {
        answered = true;
        resolve(answer);
      });
      rl.once('SIGINT', stop);
      rl.once('close', () => {
        if (!answered) stop();
      });
    });
  } finally {
    rl.close();
  }
}

/** `[y/N]`: only y or yes approves. */
export async function confirm(question: string): Promise<boolean> {
  const answer = await ask(`? ${question} [y/N] `);
  return /^y(es)?$/i.test(answer.trim());
}
