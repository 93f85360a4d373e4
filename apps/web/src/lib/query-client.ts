import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS, shouldRetry } from '@spoke/shared';
import { isApiError } from './api/api-error.ts';

/** The retry rule from the seed: never for a 4xx answer, otherwise up to three times. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return shouldRetry(failureCount, isApiError(error) ? error.status : undefined);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS, retry: retryQuery },
    },
  });
}
