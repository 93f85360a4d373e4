import { MeResultSchema } from '@spoke/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const meQueryKey = ['auth', 'me'] as const;

export function fetchMe(signal?: AbortSignal) {
  return api.get('/api/account/me', MeResultSchema, { signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal) });
}

/** The signed-in user's account; only runs while a token is stored. */
export function useMeQuery(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
