import {
  OkSchema,
  UpstreamListSchema,
  UpstreamResultSchema,
  type Upstream,
  type UpstreamCreate,
  type UpstreamPatch,
} from '@spoke/shared';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';
import { registryKeys } from '#web/lib/query-keys.ts';
import { adminRegistryKey } from './registry.ts';

const upstreamsKey = ['admin', 'registry', 'upstreams'] as const;
const upstreamPath = (id: string) => `/api/admin/registry/upstreams/${encodeURIComponent(id)}`;

export function upstreamsQueryOptions() {
  return queryOptions({
    queryKey: upstreamsKey,
    queryFn: async ({ signal }) =>
      (await api.get('/api/admin/registry/upstreams', UpstreamListSchema, { signal })).upstreams,
  });
}

export function useUpstreams() {
  return useQuery(upstreamsQueryOptions());
}

/** Shows the server's answer for one upstream in the list at once, in the server's name order. */
function store(queryClient: QueryClient, upstream: Upstream) {
  queryClient.setQueryData<Upstream[]>(upstreamsKey, (list) =>
    list
      ? [...list.filter((each) => each.id !== upstream.id), upstream].sort((a, b) =>
          a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
        )
      : list,
  );
}

/** What the registry lists changed: the moderation list and the public registry read again. */
function listingsChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminRegistryKey });
  void queryClient.invalidateQueries({ queryKey: registryKeys.all });
}

export function useAddUpstream() {
  const queryClient = useQueryClient();
  return useMutation<Upstream, ApiError, UpstreamCreate>({
    mutationFn: async (body) =>
      (await api.post('/api/admin/registry/upstreams', UpstreamResultSchema, body)).upstream,
    onSuccess: (upstream) => {
      store(queryClient, upstream);
      void queryClient.invalidateQueries({ queryKey: upstreamsKey });
    },
  });
}

export function useUpdateUpstream(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Upstream, ApiError, UpstreamPatch>({
    mutationFn: async (patch) =>
      (await api.request(upstreamPath(id), UpstreamResultSchema, { method: 'PATCH', body: patch }))
        .upstream,
    onSuccess: (upstream, patch) => {
      store(queryClient, upstream);
      // A new trust level re-marks every server mirrored from it.
      if (patch.trust_level !== undefined) listingsChanged(queryClient);
    },
  });
}

/** Runs the upstream now; the answer carries the run's result or error. */
export function useSyncUpstream(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Upstream, ApiError>({
    mutationFn: async () =>
      (await api.post(`${upstreamPath(id)}/sync`, UpstreamResultSchema)).upstream,
    onSuccess: (upstream) => {
      store(queryClient, upstream);
      listingsChanged(queryClient);
    },
  });
}

/** Removes an upstream, and with it every server mirrored from it. */
export function useRemoveUpstream() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, string>({
    mutationFn: (id) => api.request(upstreamPath(id), OkSchema, { method: 'DELETE' }),
    onSuccess: (_ok, id) => {
      queryClient.setQueryData<Upstream[]>(upstreamsKey, (list) =>
        list?.filter((each) => each.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: upstreamsKey });
      listingsChanged(queryClient);
    },
  });
}
