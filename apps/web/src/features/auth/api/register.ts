import { AuthResultSchema, type AuthResult, type RegisterRequest } from '@spoke/shared';
import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api/api-error.ts';
import { api } from '../../../lib/api/client.ts';

export function registerAccount(body: RegisterRequest) {
  return api.post('/api/account/register', AuthResultSchema, body);
}

export function useRegisterMutation(onSuccess: (result: AuthResult) => void) {
  return useMutation<AuthResult, ApiError, RegisterRequest>({
    mutationFn: registerAccount,
    onSuccess,
  });
}
