import { Worker, type MessagePort, type ResourceLimits } from 'node:worker_threads';

/**
 * Untrusted work (agent-written SQL, JSONata expressions) runs in worker threads that can be
 * terminated: a time limit that only the work itself checks (JSONata's `timeout`, a statement
 * timeout the engine cannot enforce) does not stop a catastrophic regular expression or a WASM
 * loop, and while such work runs on the main thread every request of every user waits.
 * `Worker.terminate()` stops JavaScript, regular expressions and WebAssembly alike.
 */

/** The work took longer than its limit; the worker that ran it was terminated. */
export class WorkTimeoutError extends Error {
  override name = 'WorkTimeoutError';
}

/** Too much work is already waiting: the caller should try again later. */
export class WorkBusyError extends Error {
  override name = 'WorkBusyError';
}

/** The worker could not start or died (out of memory, a crash). */
export class WorkerFailedError extends Error {
  override name = 'WorkerFailedError';
}

/** An error the work itself reported: its message is meant for the caller. */
export class WorkError extends Error {
  override name = 'WorkError';
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

/** Messages between the pool and a worker script (see {@link serveWork}). */
export type ToWorker = { id: number; input: unknown };
export type FromWorker =
  | { ready: true; snapshot?: unknown }
  | { ready: false; error: string }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; code?: string } };

export type WorkerPoolOptions = {
  /** The worker script; it calls {@link serveWork}. */
  script: URL;
  /** Workers at most; each runs one piece of work at a time. */
  size: number;
  /** Work that may wait for a worker; more is refused with {@link WorkBusyError}. */
  maxQueue: number;
  /** How long work may wait for a worker before it is refused. */
  maxWaitMs: number;
  /** How long a worker may take to become ready. */
  startTimeoutMs: number;
  /** An idle worker is ended after this long (it is started again when needed). */
  idleMs?: number;
  resourceLimits?: ResourceLimits;
  /** The `workerData` of each new worker: called at every start. */
  workerData?: () => unknown;
  /** Called with what a worker sent with its first `ready` message (for example a snapshot). */
  onReady?: (snapshot: unknown) => void;
};

type Job = {
  id: number;
  key: string | undefined;
  input: unknown;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  waitTimer: NodeJS.Timeout | undefined;
};

type Slot = {
  /** Work with a key runs only on a worker started for that key (see `run`). */
  key: string | undefined;
  worker: Worker;
  ready: Promise<void>;
  job: Job | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  dead: boolean;
  lastUsed: number;
};

/** A pool of worker threads, each terminated when its work overruns. */
export class KillableWorkerPool<In, Out> {
  readonly #options: WorkerPoolOptions;
  readonly #slots = new Set<Slot>();
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;
  /** Workers started over the pool's life: restarts after a termination count too. */
  started = 0;

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
  }

  /**
   * Runs `input` in a worker; rejects after `timeoutMs` of running (not of waiting). Work with a
   * `key` runs only on workers started for that key, never on one that served another key: when
   * every worker is taken, an idle worker of another key is ended to make room.
   */
  run(input: In, timeoutMs: number, key?: string): Promise<Out> {
    if (this.#closed) return Promise.reject(new WorkerFailedError('the worker pool is closed'));
    return new Promise<Out>((resolve, reject) => {
      const job: Job = {
        id: 0,
        key,
        input,
        timeoutMs,
        resolve: resolve as (value: unknown) => void,
        reject,
        waitTimer: undefined,
      };
      const slot = this.#freeSlot(key);
      if (slot) {
        this.#start(slot, job);
        return;
      }
      if (this.#queue.length >= this.#options.maxQueue) {
        reject(new WorkBusyError('too much work is waiting; try again in a moment'));
        return;
      }
      job.waitTimer = setTimeout(() => {
        const index = this.#queue.indexOf(job);
        if (index >= 0) this.#queue.splice(index, 1);
        reject(new WorkBusyError('no worker was free in time; try again in a moment'));
      }, this.#options.maxWaitMs);
      job.waitTimer.unref();
      this.#queue.push(job);
    });
  }

  /** Ends every worker; waiting work is refused. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) {
      clearTimeout(job.waitTimer);
      job.reject(new WorkerFailedError('the worker pool is closed'));
    }
    await Promise.all([...this.#slots].map((slot) => this.#end(slot)));
  }

  /** Workers alive now. */
  get size(): number {
    return this.#slots.size;
  }

  #freeSlot(key: string | undefined): Slot | undefined {
    for (const slot of this.#slots) if (slot.key === key && !slot.job && !slot.dead) return slot;
    if (this.#slots.size >= this.#options.size) {
      // A busy worker of the same key will be free soon: wait for it rather than start another.
      if (key !== undefined && [...this.#slots].some((slot) => slot.key === key)) return undefined;
      // Otherwise the worker idle the longest makes room, one whose key nothing waits for first.
      const waiting = new Set(this.#queue.map((job) => job.key));
      const idle = [...this.#slots]
        .filter((slot) => !slot.job && !slot.dead)
        .sort(
          (a, b) =>
            Number(waiting.has(a.key)) - Number(waiting.has(b.key)) || a.lastUsed - b.lastUsed,
        )[0];
      if (!idle) return undefined;
      void this.#end(idle);
    }
    return this.#spawn(key);
  }

  #spawn(key: string | undefined): Slot {
    const options = this.#options;
    const worker = new Worker(options.script, {
      workerData: options.workerData?.(),
      resourceLimits: options.resourceLimits,
      stdout: false,
      stderr: false,
    });
    worker.unref();
    this.started++;
    let settleReady: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const slot: Slot = {
      key,
      worker,
      job: undefined,
      idleTimer: undefined,
      dead: false,
      lastUsed: Date.now(),
      ready: new Promise<void>((resolve, reject) => {
        settleReady = { resolve, reject };
      }),
    };
    // Nobody may be waiting on `ready` when it fails (the worker died while idle).
    slot.ready.catch(() => undefined);
    const startTimer = setTimeout(() => {
      settleReady?.reject(new WorkerFailedError('the worker did not start in time'));
      void this.#end(slot);
    }, options.startTimeoutMs);
    startTimer.unref();
    worker.on('message', (message: FromWorker) => {
      if ('ready' in message) {
        clearTimeout(startTimer);
        if (message.ready) {
          if (message.snapshot !== undefined) options.onReady?.(message.snapshot);
          settleReady?.resolve();
        } else {
          settleReady?.reject(
            new WorkerFailedError(`the worker could not start: ${message.error}`),
          );
          void this.#end(slot);
        }
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      this.#finish(slot, () =>
        message.ok
          ? job.resolve(message.value)
          : job.reject(new WorkError(message.error.message, message.error.code)),
      );
    });
    const died = (error: Error) => {
      clearTimeout(startTimer);
      settleReady?.reject(error);
      const job = slot.job;
      slot.job = undefined;
      this.#forget(slot);
      job?.reject(error);
      this.#drain();
    };
    worker.on('error', (error) => {
      const oom = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      died(
        new WorkerFailedError(oom ? 'the work ran out of memory and was stopped' : error.message),
      );
    });
    worker.on('exit', () => died(new WorkerFailedError('the worker stopped unexpectedly')));
    this.#slots.add(slot);
    return slot;
  }

  #start(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    job.id = this.#nextId++;
    slot.ready.then(
      () => {
        if (slot.job !== job) return;
        const timer = setTimeout(() => {
          if (slot.job !== job) return;
          slot.job = undefined;
          job.reject(new WorkTimeoutError(`stopped after ${job.timeoutMs} ms`));
          void this.#end(slot).then(() => this.#drain());
        }, job.timeoutMs);
        timer.unref();
        const settle = { resolve: job.resolve, reject: job.reject };
        job.resolve = (value) => {
          clearTimeout(timer);
          settle.resolve(value);
        };
        job.reject = (error) => {
          clearTimeout(timer);
          settle.reject(error);
        };
        slot.worker.postMessage({ id: job.id, input: job.input } satisfies ToWorker);
      },
      (error: Error) => {
        if (slot.job !== job) return;
        slot.job = undefined;
        job.reject(error);
        this.#forget(slot);
        this.#drain();
      },
    );
  }

  #finish(slot: Slot, settle: () => void): void {
    slot.job = undefined;
    slot.lastUsed = Date.now();
    settle();
    this.#drain();
    if (!slot.job && !slot.dead && this.#options.idleMs !== undefined) {
      slot.idleTimer = setTimeout(() => void this.#end(slot), this.#options.idleMs);
      slot.idleTimer.unref();
    }
  }

  #drain(): void {
    for (const job of [...this.#queue]) {
      if (this.#closed) return;
      const slot = this.#freeSlot(job.key);
      if (!slot) return;
      this.#queue.splice(this.#queue.indexOf(job), 1);
      clearTimeout(job.waitTimer);
      this.#start(slot, job);
    }
  }

  #forget(slot: Slot): void {
    slot.dead = true;
    clearTimeout(slot.idleTimer);
    this.#slots.delete(slot);
  }

  async #end(slot: Slot): Promise<void> {
    this.#forget(slot);
    slot.worker.removeAllListeners('exit');
    slot.worker.on('error', () => undefined);
    await slot.worker.terminate().catch(() => undefined);
  }
}

/**
 * The worker side: answers each piece of work with `handle`. `setup` runs first; what it
 * returns as `snapshot` is sent to the pool once.
 */
export async function serveWork<In, Out>(
  port: MessagePort | null,
  setup: () => Promise<{ snapshot?: unknown } | void>,
  handle: (input: In) => Promise<Out>,
): Promise<void> {
  if (!port) throw new Error('serveWork runs in a worker thread');
  try {
    const ready = await setup();
    port.postMessage({ ready: true, snapshot: ready ? ready.snapshot : undefined });
  } catch (error) {
    port.postMessage({ ready: false, error: (error as Error).message ?? String(error) });
    return;
  }
  // One piece of work at a time: the pool sends the next only after this one answered.
  port.on('message', (message: ToWorker) => {
    handle(message.input as In).then(
      (value) => port.postMessage({ id: message.id, ok: true, value } satisfies FromWorker),
      (error: unknown) => {
        const e = error as { message?: string; code?: unknown };
        port.postMessage({
          id: message.id,
          ok: false,
          error: {
            message: e?.message ?? String(error),
            ...(typeof e?.code === 'string' ? { code: e.code } : {}),
          },
        } satisfies FromWorker);
      },
    );
  });
}
