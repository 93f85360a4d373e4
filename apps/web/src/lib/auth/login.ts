import { AuthResultSchema, type LoginRequest } from '@spoke/shared';
import { api } from '../api/client.ts';

export function loginRequest(body: LoginRequest) {
  return api.post('/api/account/login', AuthResultSchema, body);
}
