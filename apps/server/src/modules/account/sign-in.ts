import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { ErrorCode, type AuthResult } from '@spoke/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { RegisterRequestSchema } from '@spoke/shared';
import { AppError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { loginCodes } from '../../db/schema.ts';
import type { ConcurrencyGate } from '../../lib/concurrency-gate.ts';
import { hashSecret } from '../../lib/secret-hash.ts';
import type { Auth } from './auth.ts';
import { refuseCommonPassword } from './passwords.ts';
import { conflict, isUniqueViolation, refusedEmail, type UserRecords } from './users.ts';

const LOGIN_CODE_SECONDS = 120;

/** Signing up and signing in: each ends with a session's token. */
export function createSignIn(deps: {
  auth: Auth;
  db: Db;
  hashing: ConcurrencyGate;
  users: Pick<UserRecords, 'userById' | 'takenFields'>;
  mailVerificationLink: (userId: string, email: string, name: string) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { auth, db, hashing } = deps;
  const { userById, takenFields } = deps.users;

  return {
    async register(
      input: z.output<typeof RegisterRequestSchema>,
      headers: Headers,
    ): Promise<AuthResult> {
      await refuseCommonPassword(input.password, 'password');
      const taken = await takenFields(input.email, input.username);
      if (Object.keys(taken).length > 0) throw conflict(taken);
      try {
        const result = await hashing.run(() =>
          auth.api.signUpEmail({
            headers,
            body: {
              email: input.email,
              password: input.password,
              name: `${input.firstName} ${input.lastName}`,
              username: input.username,
              role: input.role,
              teamSize: input.teamSize,
              useCase: input.useCase,
              newsletter: input.subscribeNewsletter,
              termsAcceptedAt: new Date(),
              rememberMe: input.remember === true,
            },
          }),
        );
        if (!result.token) throw new AppError(500, ErrorCode.INTERNAL_ERROR);
        const user = await userById(result.user.id);
        // In the background: the answer must not wait for the mail server.
        void deps
          .mailVerificationLink(user.id, user.email, result.user.name)
          .catch((err: unknown) => deps.log.error({ err }, 'verification mail failed'));
        return { user, token: result.token };
      } catch (err) {
        // Two sign-ups racing for one e-mail or username: the unique index decides, and the
        // auth library may report the loser as a failed creation rather than a violation.
        const fields = await takenFields(input.email, input.username);
        if (Object.keys(fields).length) throw conflict(fields);
        if (isUniqueViolation(err)) throw conflict({ email: 'Already in use' });
        if (isAPIError(err) && /already exists/i.test(err.message)) {
          throw conflict({ email: 'An account with this email already exists' });
        }
        throw refusedEmail(err) ?? err;
      }
    },

    /** Signs in; `null` means wrong e-mail or password (the two are not told apart). */
    async login(
      email: string,
      password: string,
      remember: boolean,
      headers: Headers,
    ): Promise<AuthResult | null> {
      try {
        const result = await hashing.run(() =>
          auth.api.signInEmail({ headers, body: { email, password, rememberMe: remember } }),
        );
        return { user: await userById(result.user.id), token: result.token };
      } catch (err) {
        if (isAPIError(err) && (err.statusCode === 401 || err.statusCode === 403)) return null;
        throw err;
      }
    },

    /** A one-time code standing for a finished Google sign-in; only its hash is kept. */
    async createLoginCode(userId: string, remember: boolean): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      await db.insert(loginCodes).values({
        codeHash: hashSecret(code),
        userId,
        remember,
        expiresAt: new Date(Date.now() + LOGIN_CODE_SECONDS * 1000),
      });
      return code;
    },

    /** Trades a one-time code for a new session; a code works once, within its lifetime. */
    async exchangeLoginCode(code: string): Promise<AuthResult> {
      const [row] = await db
        .delete(loginCodes)
        .where(and(eq(loginCodes.codeHash, hashSecret(code)), gt(loginCodes.expiresAt, new Date())))
        .returning();
      if (!row) {
        throw new AppError(400, ErrorCode.INVALID_TOKEN, {
          message: 'This sign-in link is invalid or has expired. Please sign in again.',
        });
      }
      const ctx = await auth.$context;
      const session = await ctx.internalAdapter.createSession(row.userId, !row.remember);
      return { user: await userById(row.userId), token: session.token };
    },
  };
}
