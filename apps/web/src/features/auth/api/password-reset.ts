import { OkSchema } from '@spoke/shared';
import { api } from '#web/lib/api/client.ts';

/** Always succeeds for a well-formed address, so the answer does not reveal who has an account. */
export function requestPasswordReset(email: string) {
  return api.post('/api/account/forgot-password', OkSchema, { email });
}

export function resetPassword(token: string, password: string) {
  return api.post('/api/account/reset-password', OkSchema, { token, password });
}
