import { MeResultSchema, shouldRetry } from '@spoke/shared';
import { isApiError } from '../api/api-error.ts';
import { api } from '../api/client.ts';

export function fetchMe(signal?: AbortSignal) {
  return api.get('/api/account/me', MeResultSchema, { signal });
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export interface FetchMeRetryOptions {
  /** The wait before the first retry; it doubles before each next one. */
  retryDelayMs?: number;
  /** Told of each failure that will be tried again, so the page can say why it still waits. */
  onRetry?: (error: unknown) => void;
}

/**
 * The user behind a stored token, tried again like any data query (never after a 4xx), so a
 * server that restarts during a page load does not sign the user out.
 */
export async function fetchMeWithRetry(
  signal: AbortSignal,
  { retryDelayMs = 1000, onRetry }: FetchMeRetryOptions = {},
) {
  for (let failures = 0; ; failures += 1) {
    try {
      return (await fetchMe(signal)).user;
    } catch (error) {
      const status = isApiError(error) ? error.status : undefined;
      if (signal.aborted || !shouldRetry(failures, status)) throw error;
      onRetry?.(error);
      await wait(retryDelayMs * 2 ** failures, signal);
    }
  }
}
