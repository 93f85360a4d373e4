import {
  ApiTokenListSchema,
  CreatedApiTokenSchema,
  OkSchema,
  type ApiToken,
  type CreateApiToken,
  type CreatedApiToken,
} from '@spoke/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';

export const tokensQueryKey = ['account', 'tokens'] as const;

export function tokensQueryOptions() {
  return queryOptions({
    queryKey: tokensQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get('/api/account/tokens', ApiTokenListSchema, { signal })).tokens,
  });
}

export function useTokens() {
  return useQuery(tokensQueryOptions());
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation<CreatedApiToken, ApiError, CreateApiToken>({
    mutationFn: (body) => api.post('/api/account/tokens', CreatedApiTokenSchema, body),
    onSuccess: ({ token }) => {
      queryClient.setQueryData<ApiToken[]>(tokensQueryKey, (list) =>
        list ? [token, ...list.filter((each) => each.id !== token.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
    },
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, ApiToken>({
    mutationFn: (token) =>
      api.request(`/api/account/tokens/${encodeURIComponent(token.id)}`, OkSchema, {
        method: 'DELETE',
      }),
    onSuccess: (_ok, token) => {
      queryClient.setQueryData<ApiToken[]>(tokensQueryKey, (list) =>
        list?.filter((each) => each.id !== token.id),
      );
      void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
    },
  });
}
