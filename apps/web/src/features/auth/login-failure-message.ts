import { LOGIN_FAILED_MESSAGE } from '@spoke/shared';
import type { ApiError } from '#web/lib/api/api-error.ts';

/**
 * Bad credentials get the seed's login message; a rate limit, an outage or a network failure
 * says so instead, because "check your credentials" would send the user the wrong way.
 */
export function loginFailureMessage(error: ApiError | null): string {
  if (!error) return LOGIN_FAILED_MESSAGE;
  const { status } = error;
  if (status === undefined || status === 429 || status >= 500) return error.message;
  return LOGIN_FAILED_MESSAGE;
}
