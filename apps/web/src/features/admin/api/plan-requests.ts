import { AdminPlanRequestListSchema, PlanRequestSchema } from '@spoke/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';
import { adminUsersKey } from './admin.ts';

export const planRequestsKey = ['admin', 'plan-requests'] as const;

/** Pending plan requests, oldest first. */
export function usePlanRequests() {
  return useQuery({
    queryKey: planRequestsKey,
    queryFn: ({ signal }) =>
      api.get('/api/admin/plan-requests', AdminPlanRequestListSchema, {
        signal,
      }),
  });
}

/** Approves (the plan changes) or declines a request, with an optional note for the user. */
export function useDecidePlanRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { action: 'approve' | 'decline'; note: string }>({
    mutationFn: ({ action, note }) =>
      api.post(
        `/api/admin/plan-requests/${encodeURIComponent(id)}/${action}`,
        z.object({ request: PlanRequestSchema }),
        note.trim() ? { note: note.trim() } : {},
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: planRequestsKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
      ]),
  });
}
