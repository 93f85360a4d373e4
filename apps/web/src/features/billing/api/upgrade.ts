import {
  PlanRequestResultSchema,
  PlanRequestSchema,
  RedirectSchema,
  UpgradeStatusSchema,
  type BillingPeriod,
  type PlanId,
} from '@spoke/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';
import { billingQueryKey } from '#web/lib/query-keys.ts';

/** Subscription states in which the paid plan is in force. */
export const PAYING_STATUSES = new Set(['active', 'trialing', 'past_due']);

export const upgradeQueryKey = [...billingQueryKey, 'upgrade'] as const;

export function upgradeQueryOptions() {
  return queryOptions({
    queryKey: upgradeQueryKey,
    queryFn: ({ signal }) =>
      api.get('/api/account/billing/upgrade', UpgradeStatusSchema, { signal }),
  });
}

/** How plans change here (checkout or request), the subscription and the latest request. */
export function useUpgradeStatus(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...upgradeQueryOptions(), ...options });
}

/** Sends the browser to the page at `url` (Stripe's checkout or portal). */
function go(url: string) {
  window.location.assign(url);
}

export type PlanChoice = { plan: PlanId; period: BillingPeriod };

/** Starts a Stripe Checkout for the plan and leaves for it. */
export function useCheckout() {
  return useMutation<string, ApiError, PlanChoice>({
    mutationFn: async (choice) =>
      (await api.post('/api/account/billing/checkout', RedirectSchema, choice)).url,
    onSuccess: go,
  });
}

/** Opens the Stripe billing portal, where the subscription is changed or cancelled. */
export function usePortal() {
  return useMutation<string, ApiError, void>({
    mutationFn: async () => (await api.post('/api/account/billing/portal', RedirectSchema)).url,
    onSuccess: go,
  });
}

/** Asks an administrator for the plan (replacing a pending request). */
export function useRequestPlan() {
  const queryClient = useQueryClient();
  return useMutation<z.infer<typeof PlanRequestResultSchema>, ApiError, PlanChoice>({
    mutationFn: (choice) =>
      api.post('/api/account/billing/plan-requests', PlanRequestResultSchema, choice),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: upgradeQueryKey }),
  });
}

export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, void>({
    mutationFn: () =>
      api.request(
        '/api/account/billing/plan-requests/pending',
        z.object({ request: PlanRequestSchema }),
        { method: 'DELETE' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: upgradeQueryKey }),
  });
}

/** After a checkout: both the plan and the subscription are read again. */
export function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingQueryKey }),
      queryClient.invalidateQueries({ queryKey: upgradeQueryKey }),
    ]);
}
