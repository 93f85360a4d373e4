import {
  IntegrationInfoSchema,
  IntegrationListSchema,
  OkSchema,
  type IntegrationInfo,
} from '@spoke/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';
import { agentKeys } from './keys.ts';

const IntegrationResultSchema = z.object({ integration: IntegrationInfoSchema });

export function integrationsQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.integrations(),
    queryFn: async ({ signal }) =>
      (await api.get('/api/integrations', IntegrationListSchema, { signal })).integrations,
  });
}

/** The integrations catalog, with whether you stored credentials for each. */
export function useIntegrations() {
  return useQuery(integrationsQueryOptions());
}

function useCredentialsMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, V>({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.integrations() });
      // Agents carry a `connections` map: they change with the credentials.
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}

const credentialsPath = (id: string) => `/api/integrations/${encodeURIComponent(id)}/credentials`;

export function useSaveCredentials() {
  return useCredentialsMutation(({ id, values }: { id: string; values: Record<string, string> }) =>
    api.request(credentialsPath(id), IntegrationResultSchema, {
      method: 'PUT',
      body: { values },
    }),
  );
}

export function useDeleteCredentials() {
  return useCredentialsMutation((id: string) =>
    api.request(credentialsPath(id), OkSchema, { method: 'DELETE' }),
  );
}

const OAuthStartSchema = z.object({ authorization_url: z.string() });

/**
 * Starts signing in to an OAuth remote: the server answers the service's authorization URL, and
 * the browser goes there; the service sends it back to `returnTo` (an app path) afterwards.
 */
export function useStartOAuth() {
  return useMutation<string, ApiError, { id: string; returnTo: string }>({
    mutationFn: async ({ id, returnTo }) =>
      (
        await api.post(
          `/api/integrations/${encodeURIComponent(id)}/oauth/start`,
          OAuthStartSchema,
          { return_to: returnTo },
        )
      ).authorization_url,
  });
}

/** The catalog entries by id, for names and connection state. */
export function byId(integrations: readonly IntegrationInfo[] | undefined) {
  return new Map((integrations ?? []).map((each) => [each.id, each]));
}
