/** Data query cache constants from the spec: stale after 5 minutes, kept 30 minutes. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 30 * 60 * 1000;
/** Retries: none for 4xx answers, otherwise up to this many. */
export const QUERY_MAX_RETRIES = 3;

/** Whether a failed query should be tried again. */
export function shouldRetry(failureCount: number, status: number | undefined): boolean {
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < QUERY_MAX_RETRIES;
}
