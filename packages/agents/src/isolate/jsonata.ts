import {
  KillableWorkerPool,
  WorkBusyError,
  WorkError,
  WorkTimeoutError,
} from './killable-worker.ts';

export type JsonataInput = {
  expression: string;
  input: unknown;
  limits: { timeout: number; stack: number; sequence: number };
};
/** `json` is the result as JSON text: it may be large, and text crosses threads cheaply. */
export type JsonataOutput = { matched: false } | { matched: true; json: string };

/** Why an expression gave no result, in words for the agent. */
export class JsonataError extends Error {
  override name = 'JsonataError';
  readonly kind: 'syntax' | 'timeout' | 'failed' | 'function' | 'busy' | 'crashed';
  constructor(kind: JsonataError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

const WORKERS = 2;
let pool: KillableWorkerPool<JsonataInput, JsonataOutput> | undefined;

function workers(): KillableWorkerPool<JsonataInput, JsonataOutput> {
  pool ??= new KillableWorkerPool({
    script: new URL('./jsonata-worker.ts', import.meta.url),
    size: WORKERS,
    maxQueue: 64,
    maxWaitMs: 10_000,
    startTimeoutMs: 20_000,
    idleMs: 60_000,
    // An expression that builds huge arrays or strings ends its worker, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
  });
  return pool;
}

/**
 * Evaluates a JSONata expression in a worker thread. JSONata's own timeout is checked between
 * steps only; the worker is terminated when the expression overruns `timeoutMs` in any way (a
 * catastrophic regular expression included), so no evaluation can hold the server's thread.
 */
export async function evaluateJsonata(
  expression: string,
  input: unknown,
  timeoutMs: number,
): Promise<{ matched: false } | { matched: true; result: unknown }> {
  let output: JsonataOutput;
  try {
    output = await workers().run(
      { expression, input, limits: { timeout: timeoutMs, stack: 500, sequence: 1_000_000 } },
      // JSONata stops itself at timeoutMs between steps; the worker is ended a little later.
      timeoutMs + 250,
    );
  } catch (error) {
    if (error instanceof WorkError) {
      const kind = (['syntax', 'timeout', 'function'] as const).find((k) => k === error.code);
      throw new JsonataError(kind ?? 'failed', error.message);
    }
    if (error instanceof WorkTimeoutError) throw new JsonataError('timeout', error.message);
    if (error instanceof WorkBusyError) throw new JsonataError('busy', error.message);
    throw new JsonataError('crashed', (error as Error).message);
  }
  return output.matched
    ? { matched: true, result: JSON.parse(output.json) as unknown }
    : { matched: false };
}
