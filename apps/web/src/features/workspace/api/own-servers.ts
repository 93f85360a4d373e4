import { OwnServersSchema } from '@spoke/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export function ownServersQueryOptions() {
  return queryOptions({
    queryKey: ['registry', 'mine'],
    queryFn: ({ signal }) => api.get('/api/registry/mine', OwnServersSchema, { signal }),
  });
}

export function useOwnServers() {
  return useQuery(ownServersQueryOptions());
}
