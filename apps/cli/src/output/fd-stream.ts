import { fs, loadTty } from '../builtins.ts';
import type { Stream } from './output.ts';

/**
 * Standard output or error written straight to its file descriptor. `process.stdout` and
 * `process.stderr` load Node's net, stream and tty machinery on first use (over 2 MB each of a
 * process that must stay under 50 MB); a command's short output does not need them. Writes are
 * synchronous, so nothing is pending when the process exits.
 */
export type FdStream = Stream & { readonly fd: 1 | 2 };

const sleep = new Int32Array(new SharedArrayBuffer(4));

function writeAll(fd: 1 | 2, chunk: string): void {
  let data = Buffer.from(chunk);
  while (data.length > 0) {
    try {
      data = data.subarray(fs.writeSync(fd, data));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A non-blocking pipe that is full: wait for the reader.
      if (code === 'EAGAIN') Atomics.wait(sleep, 0, 0, 2);
      // A closed pipe (`spoke list | head -1`) is the reader's choice, not a failure.
      else if (code === 'EPIPE') return fd === 1 ? process.exit(0) : undefined;
      else throw err;
    }
  }
}

export function fdStream(fd: 1 | 2): FdStream {
  let tty: boolean | undefined;
  return {
    fd,
    write: (chunk: string) => writeAll(fd, chunk),
    // Asked only when colour matters, so that a plain run never loads the tty module.
    get isTTY() {
      return (tty ??= loadTty().isatty(fd));
    },
  };
}

export const stdout = fdStream(1);
export const stderr = fdStream(2);

/**
 * Waits until what an MCP transport wrote through `process.stdout` has left the process: pipes
 * are asynchronous on some systems, and the entry exits as soon as the command returns.
 */
export const drainProcessStdout = () =>
  new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
