import {
  AdminRegistryListSchema,
  AdminRegistryResultSchema,
  NamespaceGrantListSchema,
  NamespaceGrantSchema,
  OkSchema,
  type AdminRegistryPatch,
  type AdminRegistryServer,
  type NamespaceGrant,
  type ServerStatus,
  type TrustLevel,
} from '@spoke/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';
import { registryKeys } from '#web/lib/query-keys.ts';
import { ADMIN_PAGE_SIZE } from './admin.ts';

export type Origin = AdminRegistryServer['origin'];

export interface RegistryModerationFilters {
  search: string;
  status: ServerStatus | null;
  trust: TrustLevel | null;
  origin: Origin | null;
}

export const adminRegistryKey = ['admin', 'registry', 'servers'] as const;

export function adminRegistryQueryOptions(filters: RegistryModerationFilters) {
  return infiniteQueryOptions({
    queryKey: [...adminRegistryKey, filters],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) });
      if (filters.search) params.set('search', filters.search);
      if (filters.status) params.set('status', filters.status);
      if (filters.trust) params.set('trust', filters.trust);
      if (filters.origin) params.set('origin', filters.origin);
      if (pageParam) params.set('cursor', pageParam);
      return api.get(`/api/admin/registry/servers?${params}`, AdminRegistryListSchema, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    placeholderData: keepPreviousData,
  });
}

export function useAdminRegistry(filters: RegistryModerationFilters) {
  return useInfiniteQuery(adminRegistryQueryOptions(filters));
}

type ServerPages = InfiniteData<{ servers: AdminRegistryServer[]; next_cursor: string | null }>;

/** Sets a server's trust level or status, and shows the answer in every loaded list at once. */
export function useModerateServer(name: string) {
  const queryClient = useQueryClient();
  return useMutation<AdminRegistryServer, ApiError, AdminRegistryPatch>({
    mutationFn: async (patch) =>
      (
        await api.request(
          `/api/admin/registry/servers/${encodeURIComponent(name)}`,
          AdminRegistryResultSchema,
          { method: 'PATCH', body: patch },
        )
      ).server,
    onSuccess: (server) => {
      queryClient.setQueriesData<ServerPages>({ queryKey: adminRegistryKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                servers: page.servers.map((each) => (each.name === server.name ? server : each)),
              })),
            }
          : data,
      );
      // The public registry's answers changed too.
      void queryClient.invalidateQueries({ queryKey: registryKeys.all });
    },
  });
}

const grantsKey = ['admin', 'registry', 'namespaces'] as const;

export function namespaceGrantsQueryOptions() {
  return queryOptions({
    queryKey: grantsKey,
    queryFn: async ({ signal }) =>
      (await api.get('/api/admin/registry/namespaces', NamespaceGrantListSchema, { signal }))
        .grants,
  });
}

export function useNamespaceGrants() {
  return useQuery(namespaceGrantsQueryOptions());
}

const GrantResultSchema = z.object({ grant: NamespaceGrantSchema });

export function useAddGrant() {
  const queryClient = useQueryClient();
  return useMutation<NamespaceGrant, ApiError, { namespace: string; username: string }>({
    mutationFn: async (body) =>
      (await api.post('/api/admin/registry/namespaces', GrantResultSchema, body)).grant,
    onSuccess: (grant) => {
      queryClient.setQueryData<NamespaceGrant[]>(grantsKey, (list) =>
        list ? [...list.filter((each) => each.namespace !== grant.namespace), grant] : list,
      );
      void queryClient.invalidateQueries({ queryKey: grantsKey });
    },
  });
}

export function useRemoveGrant() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, string>({
    mutationFn: (namespace) =>
      api.request(`/api/admin/registry/namespaces/${encodeURIComponent(namespace)}`, OkSchema, {
        method: 'DELETE',
      }),
    onSuccess: (_ok, namespace) => {
      queryClient.setQueryData<NamespaceGrant[]>(grantsKey, (list) =>
        list?.filter((each) => each.namespace !== namespace),
      );
      void queryClient.invalidateQueries({ queryKey: grantsKey });
    },
  });
}
