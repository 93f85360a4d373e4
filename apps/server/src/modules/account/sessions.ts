import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { ErrorCode, type SessionInfo, type User } from '@spoke/shared';
import { AppError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { SHORT_SESSION_SECONDS, type Auth } from './auth.ts';
import { hashSecret } from '../../lib/secret-hash.ts';
import { toUserJson } from './users.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

// Session tokens are 32 letters and digits (better-auth's generateId(32)).
const TOKEN_SHAPE = /^[A-Za-z0-9]{32}$/;

function bearerToken(header: string | null): string | undefined {
  if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  const token = header.slice(7).trim();
  return TOKEN_SHAPE.test(token) ? token : undefined;
}

type CachedSession = { user: User; sessionId: string };
type CachedEntry = CachedSession & { lastSeenAt: number; idleMs: number };

/** A session's last request is written at most this often (the idle clock's resolution). */
const TOUCH_MS = 60_000;

/** Signed-in sessions: found by bearer token on every request, listed, revoked, signed out. */
export function createSessions(deps: {
  auth: Auth;
  db: Db;
  adminEmails: readonly string[];
  /** How long this instance may reuse a session lookup; 0 turns the cache off. */
  sessionCacheMs: number;
  /** Idle timeouts (seconds) of remembered and other sessions. */
  sessions: { rememberedIdleSec: number; idleSec: number };
}) {
  const { auth, db, adminEmails } = deps;
  // Every authenticated request looks its session up. This instance forgets an entry the
  // moment it revokes or changes it; other instances within `sessionCacheMs`.
  const cache = new TtlCache<CachedEntry>(deps.sessionCacheMs, { max: 10_000 });
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

  return {
    /** Drops this user's cached sessions, so a change shows on their next request. */
    forgetUser: (userId: string) => cache.deleteWhere((s) => s.user.id === userId),

    /** Drops every cached session (a change whose user is not known here). */
    forgetAll: () => cache.clear(),

    /**
     * The signed-in user and session for a request's bearer token, or null. One indexed
     * query by the token's hash: this runs on every authenticated request.
     */
    async sessionOf(headers: Headers): Promise<CachedSession | null> {
      const token = bearerToken(headers.get('authorization'));
      if (!token) return null;
      const hash = hashSecret(token);
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
      if (token) cache.delete(hashSecret(token));
      await auth.api.signOut({ headers });
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
  };
}
