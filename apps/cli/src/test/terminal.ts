import { spawn } from 'node:child_process';
import { NODE_24, SOURCE_ENTRY } from './run-cli.ts';

export type TerminalSession = {
  /** Everything the terminal showed so far (stdout and stderr, as a person sees them). */
  screen: () => string;
  /** Resolves once the screen shows `text`. */
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
  /** Types on the keyboard: `\r` is Enter, `\x03` is Ctrl+C. */
  type: (keys: string) => void;
  /** The exit code, once the command has ended. */
  exit: Promise<number>;
};

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * Runs `spoke <args>` on a real pseudo-terminal (util-linux's `script`), so that prompts, hidden
 * input and Ctrl+C behave as for a person at a terminal.
 */
export function onTerminal(
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
): TerminalSession {
  const command = [NODE_24, SOURCE_ENTRY, ...args].map(quote).join(' ');
  const child = spawn('script', ['-qefc', command, '/dev/null'], {
    cwd: options.cwd,
    env: { ...options.env, TERM: 'dumb' },
  });
  let shown = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    shown += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exit = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  void exit.then(() => clearTimeout(timer));
  return {
    screen: () => shown,
    waitFor: (text, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!shown.includes(text)) return;
          listeners.delete(check);
          clearTimeout(late);
          resolve();
        };
        const late = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`the terminal never showed ${JSON.stringify(text)}:\n${shown}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    type: (keys) => child.stdin.write(keys),
    exit,
  };
}

/** Answers a conversation: waits for each text the terminal shows, then types its reply. */
export async function answer(
  session: TerminalSession,
  steps: readonly (readonly [shown: string, keys: string])[],
): Promise<void> {
  for (const [shown, keys] of steps) {
    await session.waitFor(shown);
    session.type(keys);
  }
}
