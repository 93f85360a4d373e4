/** Seconds for messages: 120000 -> "120 s", 300 -> "0.3 s". */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** Thrown when a deadline passes; `message` says what did not finish in time. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

/**
 * Settles with `promise`, or rejects when `signal` aborts (with the signal's reason) or `ms`
 * passes (with a {@link DeadlineError} carrying `timeoutMessage`) — whichever comes first. The
 * losing promise is left to settle on its own; its rejection is swallowed so that a work item that
 * never ends (a hung server) cannot hold up the caller or crash the process later.
 */
export function settleWithin<T>(
  promise: Promise<T>,
  options: { signal?: AbortSignal; ms?: number; timeoutMessage?: string },
): Promise<T> {
  const { signal, ms } = options;
  promise.catch(() => {});
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cleanup = () => {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      cleanup();
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (ms !== undefined && Number.isFinite(ms)) {
      timer = setTimeout(() => {
        cleanup();
        reject(new DeadlineError(options.timeoutMessage ?? `Timed out after ${seconds(ms)}`));
      }, ms);
    }
    promise.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        reject(error);
      },
    );
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

/** `text` with every secret value replaced, so errors and logs never carry credentials. */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    // Very short values would blank out ordinary words; credentials are never that short.
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/**
 * A run's clock: `signal` aborts when the time limit passes or `outer` aborts, `reason` says
 * which, in the words a failed run records; `clear` stops the timer when the run ends.
 */
export function runDeadline(timeLimitMs: number, outer?: AbortSignal) {
  const limit = `Stopped at the time limit (${seconds(timeLimitMs)})`;
  const deadline = new AbortController();
  // (The reason travels with the signal: a run inside another one, an agent step in a plan,
  // says the outer run's time limit was reached, not that it was cancelled.)
  const timer = setTimeout(() => deadline.abort(limit), timeLimitMs);
  return {
    signal: outer ? AbortSignal.any([deadline.signal, outer]) : deadline.signal,
    reason: () => {
      if (deadline.signal.aborted) return limit;
      const outerReason: unknown = outer?.reason;
      return typeof outerReason === 'string' && outerReason.startsWith('Stopped at the time limit')
        ? outerReason
        : 'The run was cancelled';
    },
    clear: () => clearTimeout(timer),
  };
}
