import { BillingSchema } from '@spoke/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api/client.ts';
import { billingQueryKey } from '#web/lib/query-keys.ts';

export function fetchBilling(signal?: AbortSignal) {
  return api.get('/api/account/billing', BillingSchema, { signal });
}

export function billingQueryOptions() {
  return queryOptions({ queryKey: billingQueryKey, queryFn: ({ signal }) => fetchBilling(signal) });
}

/** Your plan, the current period and what has been used of it. */
export function useBilling(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...billingQueryOptions(), ...options });
}
