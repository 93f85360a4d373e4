import { parentPort } from 'node:worker_threads';
import { serveWork } from '../isolate/killable-worker.ts';
import { compileOffline } from './offline.ts';
import type { CompileInput } from './types.ts';

// Loading the language model and reading one description before saying ready: the first
// description a user sends is then read as fast as every other.
await serveWork(
  parentPort,
  async () => {
    compileOffline({ prompt: 'Every Monday at 9, email me a summary of new GitHub issues' });
  },
  async (input: CompileInput) => compileOffline(input),
);
