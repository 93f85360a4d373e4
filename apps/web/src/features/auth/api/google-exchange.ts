import { AuthResultSchema } from '@spoke/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api/client.ts';

export function exchangeGoogleCode(code: string) {
  return api.post('/api/account/google/exchange', AuthResultSchema, { code });
}

// A query (not a mutation) so the one-time code is exchanged once even when the page mounts
// twice (React StrictMode, remounts): the cache dedupes by code.
export function googleExchangeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['auth', 'google-exchange', code],
    queryFn: () => exchangeGoogleCode(code),
    retry: false,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

export function useGoogleExchange(code: string | null) {
  return useQuery({ ...googleExchangeQueryOptions(code ?? ''), enabled: code !== null });
}
