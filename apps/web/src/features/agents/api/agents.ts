import {
  AgentListSchema,
  AgentResultSchema,
  OkSchema,
  RecompileResultSchema,
  type Agent,
  type AgentListItem,
  type AgentSpec,
  type CreateAgent,
  type RecompileResult,
} from '@spoke/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';
import { agentKeys } from './keys.ts';

export const AGENTS_PAGE_SIZE = 20;

const agentPath = (id: string) => `/api/agents/${encodeURIComponent(id)}`;

export function agentListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: agentKeys.list(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(AGENTS_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return api.get(`/api/agents?${query}`, AgentListSchema, { signal });
    },
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** Your agents, newest first, a page at a time. */
export function useAgentList() {
  return useInfiniteQuery(agentListQueryOptions());
}

export function agentQueryOptions(id: string) {
  return queryOptions({
    queryKey: agentKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get(agentPath(id), AgentResultSchema, { signal })).agent,
    // An agent that polls for its event changes with every check: its page follows.
    refetchInterval: (query) => (query.state.data?.poll?.tool ? 60_000 : false),
  });
}

export function useAgent(id: string) {
  return useQuery(agentQueryOptions(id));
}

/** Puts a changed agent into the cache, and has the list fetched again for its summary. */
export function storeAgent(queryClient: QueryClient, agent: Agent) {
  queryClient.setQueryData(agentKeys.detail(agent.id), agent);
  void queryClient.invalidateQueries({ queryKey: agentKeys.list() });
}

function useAgentMutation<V>(call: (variables: V) => Promise<{ agent: Agent }>) {
  const queryClient = useQueryClient();
  return useMutation<Agent, ApiError, V>({
    mutationFn: async (variables) => (await call(variables)).agent,
    onSuccess: (agent) => storeAgent(queryClient, agent),
  });
}

/** `PATCH /api/agents/{id}`: replaces the given spec fields. */
export function useSaveSpec(id: string) {
  return useAgentMutation((spec: Partial<AgentSpec>) =>
    api.request(agentPath(id), AgentResultSchema, { method: 'PATCH', body: { spec } }),
  );
}

/**
 * `POST /api/agents/{id}/recompile`: the spec a new description compiles to and what would
 * change. Nothing is saved.
 */
export function useRecompile(id: string) {
  return useMutation<RecompileResult, ApiError, CreateAgent>({
    mutationFn: (body) => api.post(`${agentPath(id)}/recompile`, RecompileResultSchema, body),
  });
}

/** `PATCH /api/agents/{id}` with a recompiled spec and the description it came from. */
export function useApplyDescription(id: string) {
  return useAgentMutation((body: { spec: AgentSpec; prompt: string }) =>
    api.request(agentPath(id), AgentResultSchema, { method: 'PATCH', body }),
  );
}

export function usePauseResume(id: string) {
  return useAgentMutation((action: 'pause' | 'resume') =>
    api.post(`${agentPath(id)}/${action}`, AgentResultSchema),
  );
}

export function useRotateWebhook(id: string) {
  return useAgentMutation(() => api.post(`${agentPath(id)}/webhook/rotate`, AgentResultSchema));
}

export function useDeleteAgent(id: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, void>({
    mutationFn: () => api.request(agentPath(id), OkSchema, { method: 'DELETE' }),
    onSuccess: () => {
      // Not removed: the page still shows it until it navigates away. Stale, so going back to
      // it asks the server, which answers that it is gone.
      void queryClient.invalidateQueries({ queryKey: agentKeys.detail(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: agentKeys.list() });
    },
  });
}

export type { AgentListItem };
