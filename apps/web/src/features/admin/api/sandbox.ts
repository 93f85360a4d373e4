import { ReadySchema, type SandboxModeName } from '@spoke/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

/** How third-party integrations run on this server, as /api/ready reports it. */
export const sandboxModeQueryOptions = queryOptions({
  queryKey: ['admin', 'sandbox-mode'],
  queryFn: async ({ signal }): Promise<SandboxModeName | null> =>
    (await api.get('/api/ready', ReadySchema, { signal })).integrations?.sandbox ?? null,
});

export const useSandboxMode = () => useQuery(sandboxModeQueryOptions);
