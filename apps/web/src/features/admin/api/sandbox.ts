import { ReadySchema, type Ready, type SandboxModeName } from '@spoke/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

/** What /api/ready says of this server: how integrations are isolated, whether a model is set up. */
export const serverStatusQueryOptions = queryOptions({
  queryKey: ['admin', 'server-status'],
  queryFn: ({ signal }): Promise<Ready> => api.get('/api/ready', ReadySchema, { signal }),
});

/** How third-party integrations run on this server, or null when it does not say. */
export const useSandboxMode = () =>
  useQuery({
    ...serverStatusQueryOptions,
    select: (ready): SandboxModeName | null => ready.integrations?.sandbox ?? null,
  });

/** Whether a language model is configured, or null when the server does not say. */
export const useModelStatus = () =>
  useQuery({
    ...serverStatusQueryOptions,
    select: (ready): Ready['model'] | null => ready.model ?? null,
  });
