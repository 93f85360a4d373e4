import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import {
  COMMON_PASSWORD_MESSAGE,
  ErrorCode,
  isCommonPassword,
  loadCommonPasswords,
  type AuthResult,
  type SessionInfo,
  type UpdateProfile,
  type User,
} from '@spoke/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { RegisterRequestSchema } from '@spoke/shared';
import { AppError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { emailVerifications, loginCodes, sessions, users } from '../../db/schema.ts';
import { SHORT_SESSION_SECONDS, type Auth } from './auth.ts';
import { hashSessionToken } from './session-token-hash.ts';
import { isAdminAccount } from './admin-emails.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { ConcurrencyGate } from '../../lib/concurrency-gate.ts';

type UserRow = typeof users.$inferSelect;

/**
 * The user as the API shows it. Admin needs a proven address: then the database flag or an
 * address listed in ADMIN_EMAILS makes one.
 */
export function toUserJson(
  row: Pick<UserRow, 'id' | 'email' | 'emailVerified' | 'username' | 'name' | 'isAdmin'>,
  adminEmails: readonly string[],
): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    display_name: row.name ? row.name : null,
    email_verified: row.emailVerified,
    is_admin: isAdminAccount(row, adminEmails),
  };
}

const LOGIN_CODE_SECONDS = 120;
// Session tokens are 32 letters and digits (better-auth's generateId(32)).
const TOKEN_SHAPE = /^[A-Za-z0-9]{32}$/;

function bearerToken(header: string | null): string | undefined {
  if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  const token = header.slice(7).trim();
  return TOKEN_SHAPE.test(token) ? token : undefined;
}
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * better-auth checks an e-mail more strictly than the form's simple shape (no `ä@ö.de`, no
 * `a@b.c`): its refusal becomes the field error the form would have shown.
 */
function refusedEmail(err: unknown): AppError | undefined {
  if (!isAPIError(err) || err.statusCode !== 400 || !/\bbody\.email\b/.test(err.message)) {
    return undefined;
  }
  return new AppError(422, ErrorCode.VALIDATION_FAILED, {
    fields: { email: 'Please enter a valid email address' },
  });
}

/** Refuses a password from the list of common and breached ones, as an error of `field`. */
async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (isCommonPassword(password, await loadCommonPasswords())) {
    throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
      fields: { [field]: COMMON_PASSWORD_MESSAGE },
    });
  }
}

export type AccountService = ReturnType<typeof createAccountService>;

type CachedSession = { user: User; sessionId: string };
type CachedEntry = CachedSession & { lastSeenAt: number; idleMs: number };

export type VerificationMail = { email: string; name: string; token: string };

/** How long a mailed verification link works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;
/** A session's last request is written at most this often (the idle clock's resolution). */
const TOUCH_MS = 60_000;

export function createAccountService(deps: {
  auth: Auth;
  db: Db;
  adminEmails: readonly string[];
  /** How long this instance may reuse a session lookup; 0 turns the cache off. */
  sessionCacheMs: number;
  /** Idle timeouts (seconds) of remembered and other sessions. */
  sessions: { rememberedIdleSec: number; idleSec: number };
  /** Mails the link that proves an address (in the background: its errors are logged). */
  sendVerificationMail: (mail: VerificationMail) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /**
   * Every call that hashes or verifies a password (scrypt, ~100 ms of a core each) takes a
   * turn here: beyond its limits the request is refused with 429 instead of waiting.
   */
  hashing: ConcurrencyGate;
}) {
  const { auth, db, adminEmails, hashing } = deps;
  // Read once, at start, rather than on the first registration.
  void loadCommonPasswords();
  // Every authenticated request looks its session up. This instance forgets an entry the
  // moment it revokes or changes it; other instances within `sessionCacheMs`.
  const cache = new TtlCache<CachedEntry>(deps.sessionCacheMs, { max: 10_000 });
  const forgetUser = (userId: string) => cache.deleteWhere((s) => s.user.id === userId);
  const sessionByTokenHash = db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      username: users.username,
      name: users.name,
      isAdmin: users.isAdmin,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder('hash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_by_token_hash');

  async function userById(id: string): Promise<User> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw new AppError(401, ErrorCode.UNAUTHORIZED);
    return toUserJson(row, adminEmails);
  }

  async function takenFields(
    email: string | undefined,
    username: string | undefined,
    exceptId?: string,
  ) {
    const fields: Record<string, string> = {};
    if (email) {
      const [hit] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      if (hit && hit.id !== exceptId) fields.email = 'An account with this email already exists';
    }
    if (username) {
      const [hit] = await db
        .select({ id: users.id })
        .from(users)
        // `foo_bar` and `Foo-Bar` would share one registry namespace: one of them at most.
        .where(
          sql`lower(replace(${users.username}, '_', '-')) = ${username.toLowerCase().replaceAll('_', '-')}`,
        )
        .limit(1);
      if (hit && hit.id !== exceptId) fields.username = 'This username is already taken';
    }
    return fields;
  }

  /** A new single-use link for the address the account has now; its errors are only logged. */
  async function mailVerificationLink(userId: string, email: string, name: string) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(emailVerifications).values({
      tokenHash: sha256(token),
      userId,
      email,
      expiresAt: new Date(Date.now() + VERIFICATION_LINK_SECONDS * 1000),
    });
    await deps.sendVerificationMail({ email, name, token });
  }

  function conflict(fields: Record<string, string>): AppError {
    return new AppError(409, ErrorCode.CONFLICT, { fields });
  }

  return {
    userById,
    /** Drops this user's cached sessions, so a change shows on their next request. */
    forgetUser,

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
        void mailVerificationLink(user.id, user.email, result.user.name).catch((err: unknown) =>
          deps.log.error({ err }, 'verification mail failed'),
        );
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

    /**
     * The signed-in user and session for a request's bearer token, or null. One indexed
     * query by the token's hash: this runs on every authenticated request.
     */
    async sessionOf(headers: Headers): Promise<CachedSession | null> {
      const token = bearerToken(headers.get('authorization'));
      if (!token) return null;
      const hash = hashSessionToken(token);
      const now = Date.now();
      let entry = cache.get(hash);
      if (!entry) {
        const [row] = await sessionByTokenHash.execute({ hash });
        if (!row) return null;
        // Sessions given more than the short lifetime at sign-in are "Remember me" ones.
        const remembered =
          row.expiresAt.getTime() - row.createdAt.getTime() > (SHORT_SESSION_SECONDS + 3600) * 1000;
        entry = {
          user: toUserJson(row, adminEmails),
          sessionId: row.sessionId,
          lastSeenAt: row.lastSeenAt.getTime(),
          idleMs: (remembered ? deps.sessions.rememberedIdleSec : deps.sessions.idleSec) * 1000,
        };
        cache.set(hash, entry, { notAfter: row.expiresAt.getTime() });
      }
      if (now - entry.lastSeenAt > entry.idleMs) {
        // Idle for too long: the session ends here, on every instance.
        cache.delete(hash);
        await db.delete(sessions).where(eq(sessions.id, entry.sessionId));
        return null;
      }
      if (now - entry.lastSeenAt > TOUCH_MS) {
        entry.lastSeenAt = now;
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, entry.sessionId));
      }
      return { user: entry.user, sessionId: entry.sessionId };
    },

    async logout(headers: Headers): Promise<void> {
      const token = bearerToken(headers.get('authorization'));
      if (token) cache.delete(hashSessionToken(token));
      await auth.api.signOut({ headers });
    },

    async updateProfile(userId: string, patch: UpdateProfile): Promise<User> {
      const taken = await takenFields(undefined, patch.username, userId);
      if (Object.keys(taken).length > 0) throw conflict(taken);
      const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (patch.display_name !== undefined) values.name = patch.display_name ?? '';
      if (patch.username !== undefined) values.username = patch.username;
      forgetUser(userId);
      try {
        await db.update(users).set(values).where(eq(users.id, userId));
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict({ username: 'This username is already taken' });
        throw err;
      }
      return userById(userId);
    },

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
        forgetUser(result.user.id);
        if (!result.token) throw new AppError(500, ErrorCode.INTERNAL_ERROR);
        return { user: await userById(result.user.id), token: result.token };
      } catch (err) {
        if (isAPIError(err) && err.statusCode === 400) {
          throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
            fields: { currentPassword: 'Current password is incorrect' },
          });
        }
        throw err;
      }
    },

    async listSessions(userId: string, currentId: string): Promise<SessionInfo[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.createdAt));
      return rows.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
        ip_address: s.ipAddress || null,
        user_agent: s.userAgent || null,
        current: s.id === currentId,
      }));
    },

    async revokeSession(userId: string, sessionId: string): Promise<void> {
      cache.deleteWhere((s) => s.sessionId === sessionId);
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      if (deleted.length === 0) throw new AppError(404, ErrorCode.NOT_FOUND);
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
        cache.clear();
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

    /**
     * Mails a new verification link to a signed-in account's address; the older links keep
     * working until they expire. 409 when the address is proven already.
     */
    async resendVerification(userId: string): Promise<void> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!row) throw new AppError(401, ErrorCode.UNAUTHORIZED);
      if (row.emailVerified) {
        throw new AppError(409, ErrorCode.CONFLICT, {
          message: 'Your e-mail address is already verified.',
        });
      }
      await mailVerificationLink(row.id, row.email, row.name);
    },

    /**
     * Proves an address with a mailed link: the link is taken in one step (a replay finds
     * nothing), and works only within its lifetime and for the address it was sent to.
     */
    async verifyEmail(token: string): Promise<User> {
      const [link] = await db
        .delete(emailVerifications)
        .where(
          and(
            eq(emailVerifications.tokenHash, sha256(token)),
            gt(emailVerifications.expiresAt, new Date()),
          ),
        )
        .returning();
      const refused = () =>
        new AppError(400, ErrorCode.INVALID_TOKEN, {
          message: 'This verification link is invalid or has expired. Please request a new one.',
        });
      if (!link) throw refused();
      const [row] = await db
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
        .returning({ id: users.id });
      if (!row) throw refused();
      forgetUser(row.id);
      return userById(row.id);
    },

    /** A one-time code standing for a finished Google sign-in; only its hash is kept. */
    async createLoginCode(userId: string, remember: boolean): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      await db.insert(loginCodes).values({
        codeHash: sha256(code),
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
        .where(and(eq(loginCodes.codeHash, sha256(code)), gt(loginCodes.expiresAt, new Date())))
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

    /** Drops expired sessions and codes; called now and then. */
    async sweepExpired(): Promise<void> {
      const now = new Date();
      await db.delete(sessions).where(sql`${sessions.expiresAt} < ${now}`);
      await db.delete(loginCodes).where(sql`${loginCodes.expiresAt} < ${now}`);
      await db.delete(emailVerifications).where(sql`${emailVerifications.expiresAt} < ${now}`);
    },
  };
}
