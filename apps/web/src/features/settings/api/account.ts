import {
  AuthResultSchema,
  MeResultSchema,
  OkSchema,
  SessionListSchema,
  type ChangePassword,
} from '@spoke/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api/client.ts';

export interface ProfilePatch {
  display_name: string | null;
  username: string;
}

export async function updateProfile(patch: ProfilePatch) {
  return (await api.request('/api/account/me', MeResultSchema, { method: 'PATCH', body: patch }))
    .user;
}

/** Changes the password; every other session ends and this one gets a new token. */
export function changePassword(body: ChangePassword) {
  return api.post('/api/account/password', AuthResultSchema, body);
}

export const sessionsQueryKey = ['account', 'sessions'] as const;

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get('/api/account/sessions', SessionListSchema, { signal })).sessions,
  });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function revokeSession(id: string) {
  return api.request(`/api/account/sessions/${encodeURIComponent(id)}`, OkSchema, {
    method: 'DELETE',
  });
}
