import type { FastifyRequest } from 'fastify';
import { EMAIL_NOT_VERIFIED_MESSAGE, ErrorCode, type User } from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { toHeaders } from '../../lib/http.ts';
import type { AccountService } from './service.ts';

/** The signed-in user of a request, or 401. */
export async function requireUser(
  accounts: AccountService,
  request: FastifyRequest,
): Promise<{ user: User; sessionId: string }> {
  const found = await accounts.sessionOf(toHeaders(request));
  if (!found) throw new AppError(401, ErrorCode.UNAUTHORIZED);
  return found;
}

/** The signed-in admin of a request: 401 when signed out, 403 when not an admin. */
export async function requireAdmin(
  accounts: AccountService,
  request: FastifyRequest,
): Promise<User> {
  const { user } = await requireUser(accounts, request);
  if (!user.is_admin) throw new AppError(403, ErrorCode.FORBIDDEN);
  return user;
}

/**
 * The one gate of every admin route, as an `onRequest` hook: the caller is checked before the
 * body or query is parsed or validated, so a stranger learns nothing (401/403, never 422).
 */
export function adminOnly(accounts: AccountService) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireAdmin(accounts, request);
  };
}

/** The signed-in user when a valid token is sent; anonymous otherwise. */
export async function optionalUser(
  accounts: AccountService,
  request: FastifyRequest,
): Promise<User | undefined> {
  if (!request.headers.authorization) return undefined;
  return (await accounts.sessionOf(toHeaders(request)))?.user;
}

/**
 * Refuses what an account may only do once its e-mail address is proven (publishing to the
 * registry, agents sending e-mail, admin): 403 `EMAIL_NOT_VERIFIED`.
 */
export function requireVerifiedEmail(user: { email_verified: boolean }): void {
  if (user.email_verified !== true) {
    throw new AppError(403, ErrorCode.EMAIL_NOT_VERIFIED, { message: EMAIL_NOT_VERIFIED_MESSAGE });
  }
}
