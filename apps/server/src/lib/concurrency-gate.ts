import { ErrorCode } from '@spoke/shared';
import { AppError } from '../errors.ts';

export type GateLimits = {
  /** Operations that run at once. */
  concurrency: number;
  /** Operations that may wait for a turn; one more is refused at once. */
  queue: number;
  /** How long an operation may wait for its turn before it is refused. */
  maxWaitMs: number;
};

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

/**
 * Load shedding for expensive work (password hashing): at most `concurrency` operations run,
 * at most `queue` wait in order of arrival, and none waits longer than `maxWaitMs`. Work that
 * cannot get a turn in time (judged by how long recent operations took) is refused at once
 * with 429 and a Retry-After, instead of waiting until the client gives up.
 */
export class ConcurrencyGate {
  private readonly limits: GateLimits;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Moving average of an operation's duration (0 until one has finished). */
  private averageMs = 0;

  constructor(limits: GateLimits) {
    this.limits = limits;
  }

  /** Operations running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` when its turn comes; throws 429 RATE_LIMITED when none comes in time. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.enter();
    const started = performance.now();
    try {
      return await work();
    } finally {
      const took = performance.now() - started;
      this.averageMs = this.averageMs ? 0.8 * this.averageMs + 0.2 * took : took;
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.running < this.limits.concurrency && this.waiting.length === 0) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue || this.expectedWaitMs() > this.limits.maxWaitMs) {
      return Promise.reject(this.busy());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(this.busy());
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Hands the freed turn to the first waiter, if any. */
  private leave(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running--;
      return;
    }
    clearTimeout(next.timer);
    next.admit();
  }

  /** How long one more operation would wait for its turn, were it queued now. */
  private expectedWaitMs(): number {
    return Math.ceil((this.waiting.length + 1) / this.limits.concurrency) * this.averageMs;
  }

  private busy(): AppError {
    const rounds = (this.waiting.length + this.running) / this.limits.concurrency;
    return new AppError(429, ErrorCode.RATE_LIMITED, {
      retryAfterSec: Math.max(1, Math.ceil((rounds * this.averageMs) / 1000)),
    });
  }
}
