import type { AuthResult, LoginRequest } from '@spoke/shared';
import type { ApiError } from '../api/api-error.ts';
import { asApiError } from '../api/as-api-error.ts';
import { loginRequest } from './login.ts';
import { logoutRequest } from './logout.ts';

// The auth state loads this module only when it talks to the server, so a visitor's first page
// does not download the schemas and the API client.

export { fetchMeWithRetry } from './me.ts';

export type LoginOutcome = { ok: true; result: AuthResult } | { ok: false; error: ApiError };

export async function attemptLogin(body: LoginRequest): Promise<LoginOutcome> {
  try {
    return { ok: true, result: await loginRequest(body) };
  } catch (error) {
    return { ok: false, error: asApiError(error) };
  }
}

/** Revokes the session on the server; best effort, since it also expires on its own. */
export async function revokeCurrentSession(): Promise<void> {
  try {
    await logoutRequest();
  } catch {
    // The local session ends regardless.
  }
}
