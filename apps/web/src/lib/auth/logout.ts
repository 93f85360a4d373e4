import { OkSchema } from '@spoke/shared';
import { api } from '../api/client.ts';

/** Revokes the current session on the server. */
export function logoutRequest() {
  return api.post('/api/account/logout', OkSchema);
}
