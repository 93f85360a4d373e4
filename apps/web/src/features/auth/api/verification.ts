import { MeResultSchema, OkSchema } from '@spoke/shared';
import { api } from '#web/lib/api/client.ts';

/** Proves the address a mailed link was sent to; answers with the account it belongs to. */
export async function verifyEmail(token: string) {
  return (await api.post('/api/account/verify-email', MeResultSchema, { token })).user;
}

/** Mails the signed-in account a new link: 429 past the limit, 409 once verified. */
export function resendVerificationEmail() {
  return api.post('/api/account/verification-email', OkSchema);
}
