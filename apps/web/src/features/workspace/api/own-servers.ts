import { OwnServersSchema } from '@spoke/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api/client.ts';
import { registryKeys } from '#web/lib/query-keys.ts';

export function ownServersQueryOptions() {
  return queryOptions({
    queryKey: registryKeys.mine(),
    queryFn: ({ signal }) => api.get('/api/registry/mine', OwnServersSchema, { signal }),
  });
}

export function useOwnServers() {
  return useQuery(ownServersQueryOptions());
}
