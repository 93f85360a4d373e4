import { ReadySchema, type Ready } from '@spoke/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api/client.ts';

/** What /api/ready says of this server: how integrations are isolated, whether a model is set up. */
export const serverStatusQueryOptions = queryOptions({
  queryKey: ['server-status'],
  queryFn: ({ signal }): Promise<Ready> => api.get('/api/ready', ReadySchema, { signal }),
});

/** Whether a language model is configured, or null when the server does not say (yet). */
export const useModelStatus = () =>
  useQuery({
    ...serverStatusQueryOptions,
    select: (ready): Ready['model'] | null => ready.model ?? null,
  });
