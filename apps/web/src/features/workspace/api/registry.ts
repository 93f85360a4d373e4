import {
  RegistryEntrySchema,
  RegistryListSchema,
  type IntegrationCategory,
  type TrustLevel,
} from '@spoke/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { registryKeys } from '#web/lib/query-keys.ts';
import { registryGet } from './registry-fetch.ts';

const BASE = '/registry/v0.1/servers';

export interface RegistryFilters {
  search: string;
  category: IntegrationCategory | null;
  trust: TrustLevel | null;
}

export function registryServersQueryOptions(filters: RegistryFilters) {
  return infiniteQueryOptions({
    queryKey: registryKeys.servers(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      // The list has one entry per version, as the official registry's: show each server once.
      params.set('version', 'latest');
      if (filters.search) params.set('search', filters.search);
      if (filters.category) params.set('category', filters.category);
      if (filters.trust) params.set('trust', filters.trust);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return registryGet(query ? `${BASE}?${query}` : BASE, RegistryListSchema, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.metadata.nextCursor ?? null,
    // While a new search loads, the previous results stay on screen instead of a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useRegistryServers(filters: RegistryFilters) {
  return useInfiniteQuery(registryServersQueryOptions(filters));
}

const serverPath = (name: string) => `${BASE}/${encodeURIComponent(name)}/versions`;

/** One version of a server; `null` asks for the latest. */
export function registryServerQueryOptions(name: string, version: string | null) {
  return queryOptions({
    queryKey: registryKeys.server(name, version),
    queryFn: ({ signal }) =>
      registryGet(
        `${serverPath(name)}/${encodeURIComponent(version ?? 'latest')}`,
        RegistryEntrySchema,
        signal,
      ),
  });
}

export function useRegistryServer(name: string, version: string | null) {
  return useQuery(registryServerQueryOptions(name, version));
}

export function registryVersionsQueryOptions(name: string) {
  return queryOptions({
    queryKey: registryKeys.versions(name),
    queryFn: async ({ signal }) =>
      (await registryGet(serverPath(name), RegistryListSchema, signal)).servers,
  });
}

export function useRegistryVersions(name: string) {
  return useQuery(registryVersionsQueryOptions(name));
}
