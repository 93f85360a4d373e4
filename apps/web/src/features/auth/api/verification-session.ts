import { ErrorCode, type User } from '@spoke/shared';
import { asApiError } from '#web/lib/api/as-api-error.ts';
import { fetchMe } from '#web/lib/auth/me.ts';
import { resendVerificationEmail } from './verification.ts';

// The banner loads this module only when it talks to the server, so the signed-in layout does
// not carry the API client and its schemas.

export type ResendOutcome =
  | { sent: true }
  | { sent: false; message: string }
  /** Proven meanwhile (another tab, another device): the account as it is now. */
  | { sent: false; user: User };

export async function requestNewLink(): Promise<ResendOutcome> {
  try {
    await resendVerificationEmail();
    return { sent: true };
  } catch (caught) {
    const failure = asApiError(caught);
    if (failure.status === 409 && failure.code === ErrorCode.CONFLICT) {
      try {
        return { sent: false, user: (await fetchMe()).user };
      } catch {
        // Show the server's answer instead.
      }
    }
    return { sent: false, message: failure.message };
  }
}

/** The signed-in account as the server has it now. */
export async function currentUser(): Promise<User> {
  return (await fetchMe()).user;
}
