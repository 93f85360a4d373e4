import { SignInMethodsSchema } from '@spoke/shared';
import { api } from '#web/lib/api/client.ts';

export function fetchSignInMethods() {
  return api.get('/api/auth/methods', SignInMethodsSchema);
}
