import { parentPort } from 'node:worker_threads';
import { serveWork } from './killable-worker.ts';

/** Work for the pool's own tests: each input names what to do. */
type Input =
  | { do: 'echo'; value: unknown }
  | { do: 'spin' }
  | { do: 'exit' }
  | { do: 'fail'; message: string }
  | { do: 'hog' };

const held: unknown[] = [];

await serveWork<Input, unknown>(
  parentPort,
  async () => undefined,
  async (input) => {
    if (input.do === 'echo') return { value: input.value, thread: process.pid };
    if (input.do === 'fail') throw Object.assign(new Error(input.message), { code: 'custom' });
    if (input.do === 'exit') process.exit(3);
    if (input.do === 'hog') for (;;) held.push(new Array(1_000_000).fill(Math.random()));
    for (;;);
  },
);
