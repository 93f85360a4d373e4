/** Query keys of the agents feature; prefixes let one call refresh everything below them. */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => ['agents', 'list'] as const,
  detail: (id: string) => ['agents', 'detail', id] as const,
  runs: (agentId: string) => ['agents', 'detail', agentId, 'runs'] as const,
  /** The user's newest runs across their agents (the dashboard). */
  recentRuns: () => ['agents', 'recent-runs'] as const,
  run: (runId: string) => ['runs', runId] as const,
  integrations: () => ['integrations'] as const,
};
