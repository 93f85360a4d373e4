import { AuthResultSchema, type RegisterRequest } from '@spoke/shared';
import { api } from '#web/lib/api/client.ts';

export function registerAccount(body: RegisterRequest) {
  return api.post('/api/account/register', AuthResultSchema, body);
}
