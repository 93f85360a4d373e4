import { EMAIL_NOT_VERIFIED_MESSAGE, ErrorCode } from '@spoke/shared';
import { AppError } from '../../errors.ts';

/**
 * Refuses what an account may only do once its e-mail address is proven (publishing to the
 * registry, agents sending e-mail, admin): 403 `EMAIL_NOT_VERIFIED`.
 */
export function requireVerifiedEmail(user: { email_verified: boolean }): void {
  if (user.email_verified !== true) {
    throw new AppError(403, ErrorCode.EMAIL_NOT_VERIFIED, { message: EMAIL_NOT_VERIFIED_MESSAGE });
  }
}
