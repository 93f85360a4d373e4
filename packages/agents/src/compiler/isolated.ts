import type { AgentSpec } from '@spoke/shared';
import { KillableWorkerPool, WorkBusyError, WorkTimeoutError } from '../isolate/killable-worker.ts';
import type { CompileInput } from './types.ts';

/**
 * How long reading one description may take. Ordinary descriptions take about a millisecond and
 * the longest hostile ones a few hundred; past this the worker reading it is terminated.
 */
export const COMPILE_TIME_LIMIT_MS = 2_000;

/** The description could not be read within {@link COMPILE_TIME_LIMIT_MS}. */
export class CompileTimeoutError extends Error {
  override name = 'CompileTimeoutError';
}

/** Every compile worker is busy and too many descriptions are waiting. */
export class CompileBusyError extends Error {
  override name = 'CompileBusyError';
}

type Output = AgentSpec | { question: string };

let pool: KillableWorkerPool<CompileInput, Output> | undefined;

function workers(): KillableWorkerPool<CompileInput, Output> {
  pool ??= new KillableWorkerPool({
    script: new URL('./offline-worker.ts', import.meta.url),
    size: 2,
    maxQueue: 64,
    maxWaitMs: 10_000,
    startTimeoutMs: 30_000,
    idleMs: 10 * 60_000,
    // A description that makes the parser build huge structures ends its worker, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
  });
  return pool;
}

/**
 * Runs the embedded compiler in a worker thread that is terminated when it overruns `timeoutMs`,
 * so that no description — however long or strange — holds the server's thread for other users.
 */
export async function compileOfflineIsolated(
  input: CompileInput,
  timeoutMs = COMPILE_TIME_LIMIT_MS,
): Promise<Output> {
  try {
    return await workers().run(input, timeoutMs);
  } catch (error) {
    if (error instanceof WorkTimeoutError)
      throw new CompileTimeoutError(`the description could not be read within ${timeoutMs} ms`);
    if (error instanceof WorkBusyError) throw new CompileBusyError(error.message);
    throw error;
  }
}

/** Starts the compile workers ahead of the first description (at server start). */
export function warmCompiler(): void {
  void compileOfflineIsolated({ prompt: 'warm up' }, 30_000).catch(() => undefined);
}

/** Ends the compile workers (tests, shutdown). */
export async function closeCompiler(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}
