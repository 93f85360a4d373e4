import {
  DryRunSchema,
  RecentRunListSchema,
  RunListSchema,
  RunResultSchema,
  type DryRun,
  type Run,
  type StartRun,
} from '@spoke/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';
import { billingQueryKey } from '#web/lib/query-keys.ts';
import { agentKeys } from './keys.ts';

/** How often a run in progress is asked for again. */
export const RUN_POLL_MS = 1000;

export const RUNS_PAGE_SIZE = 10;

export function isInProgress(run: Pick<Run, 'status'>): boolean {
  return run.status === 'queued' || run.status === 'running';
}

export function runsQueryOptions(agentId: string) {
  return infiniteQueryOptions({
    queryKey: agentKeys.runs(agentId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(RUNS_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return api.get(`/api/agents/${encodeURIComponent(agentId)}/runs?${query}`, RunListSchema, {
        signal,
      });
    },
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** An agent's runs, newest first; asked for again while one of them is still going. */
export function useRuns(agentId: string) {
  return useInfiniteQuery({
    ...runsQueryOptions(agentId),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.runs.some(isInProgress)) ? RUN_POLL_MS : false,
  });
}

/** The user's newest runs across their agents; asked for again while one is still going. */
export function useRecentRuns(limit: number) {
  return useQuery({
    queryKey: [...agentKeys.recentRuns(), limit],
    queryFn: ({ signal }) => api.get(`/api/runs?limit=${limit}`, RecentRunListSchema, { signal }),
    refetchInterval: (query) => (query.state.data?.runs.some(isInProgress) ? RUN_POLL_MS : false),
  });
}

/** One run with its steps; asked for again until it has finished. */
export function useRun(runId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...queryOptions({
      queryKey: agentKeys.run(runId),
      queryFn: async ({ signal }) => {
        const { run } = await api.get(`/api/runs/${encodeURIComponent(runId)}`, RunResultSchema, {
          signal,
        });
        if (!isInProgress(run)) void queryClient.invalidateQueries({ queryKey: billingQueryKey });
        return run;
      },
    }),
    refetchInterval: (query) =>
      query.state.data && !isInProgress(query.state.data) ? false : RUN_POLL_MS,
  });
}

export type StartedRun = { kind: 'run'; run: Run } | { kind: 'dry-run'; plan: DryRun };

/** `POST /api/agents/{id}/runs`: queues a run, or with `dry_run` returns the plan. */
export function useStartRun(agentId: string) {
  const queryClient = useQueryClient();
  const path = `/api/agents/${encodeURIComponent(agentId)}/runs`;
  return useMutation<StartedRun, ApiError, StartRun>({
    mutationFn: async (body) =>
      body.dry_run
        ? { kind: 'dry-run', plan: await api.post(path, DryRunSchema, body) }
        : { kind: 'run', run: (await api.post(path, RunResultSchema, body)).run },
    onSuccess: (started) => {
      if (started.kind !== 'run') return;
      void queryClient.invalidateQueries({ queryKey: agentKeys.runs(agentId) });
      void queryClient.invalidateQueries({ queryKey: agentKeys.list() });
      void queryClient.invalidateQueries({ queryKey: agentKeys.recentRuns() });
    },
  });
}
