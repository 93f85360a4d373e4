import { isAPIError } from 'better-auth/api';
import {
  COMMON_PASSWORD_MESSAGE,
  ErrorCode,
  isCommonPassword,
  loadCommonPasswords,
  type AuthResult,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';
import type { ConcurrencyGate } from '../../lib/concurrency-gate.ts';
import type { Auth } from './auth.ts';
import { refusedEmail, type UserRecords } from './users.ts';

/** Refuses a password from the list of common and breached ones, as an error of `field`. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (isCommonPassword(password, await loadCommonPasswords())) {
    throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
      fields: { [field]: COMMON_PASSWORD_MESSAGE },
    });
  }
}

/** Changing a password, and resetting a forgotten one by a mailed link. */
export function createPasswords(deps: {
  auth: Auth;
  hashing: ConcurrencyGate;
  users: Pick<UserRecords, 'userById'>;
  sessions: { forgetUser: (userId: string) => void; forgetAll: () => void };
}) {
  const { auth, hashing, sessions } = deps;
  return {
    /** Changes the password and revokes every session; the caller gets a fresh token. */
    async changePassword(
      headers: Headers,
      currentPassword: string,
      newPassword: string,
    ): Promise<AuthResult> {
      await refuseCommonPassword(newPassword, 'newPassword');
      try {
        const result = await hashing.run(() =>
          auth.api.changePassword({
            headers,
            body: { currentPassword, newPassword, revokeOtherSessions: true },
          }),
        );
        sessions.forgetUser(result.user.id);
        if (!result.token) throw new AppError(500, ErrorCode.INTERNAL_ERROR);
        return { user: await deps.users.userById(result.user.id), token: result.token };
      } catch (err) {
        if (isAPIError(err) && err.statusCode === 400) {
          throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
            fields: { currentPassword: 'Current password is incorrect' },
          });
        }
        throw err;
      }
    },

    async requestPasswordReset(email: string): Promise<void> {
      try {
        await auth.api.requestPasswordReset({ body: { email } });
      } catch (err) {
        throw refusedEmail(err) ?? err;
      }
    },

    async resetPassword(token: string, password: string): Promise<void> {
      await refuseCommonPassword(password, 'password');
      try {
        await hashing.run(() => auth.api.resetPassword({ body: { token, newPassword: password } }));
        // The reset revoked that user's sessions; which user is not known here.
        sessions.forgetAll();
      } catch (err) {
        if (isAPIError(err) && err.statusCode === 400) {
          throw new AppError(400, ErrorCode.INVALID_TOKEN, {
            message:
              'This password reset link is invalid or has expired. Please request a new one.',
          });
        }
        throw err;
      }
    },
  };
}
