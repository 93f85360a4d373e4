import { sql } from 'drizzle-orm';
import { loadCommonPasswords } from '@spoke/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { emailVerifications, loginCodes, sessions } from '../../db/schema.ts';
import type { ConcurrencyGate } from '../../lib/concurrency-gate.ts';
import type { Auth } from './auth.ts';
import { createPasswords } from './passwords.ts';
import { createSessions } from './sessions.ts';
import { createSignIn } from './sign-in.ts';
import { createUserRecords } from './users.ts';
import { createEmailVerification, type VerificationMail } from './verification.ts';

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * Accounts as the routes use them: signing up and in, sessions, passwords, the address's proof
 * and the profile, each in its own module.
 */
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
  const { forgetAll, ...signedIn } = createSessions({
    auth,
    db,
    adminEmails,
    sessionCacheMs: deps.sessionCacheMs,
    sessions: deps.sessions,
  });
  const { forgetUser } = signedIn;
  const users = createUserRecords({ db, adminEmails, forgetUser });
  const { mailVerificationLink, ...verification } = createEmailVerification({
    db,
    users,
    forgetUser,
    sendVerificationMail: deps.sendVerificationMail,
  });

  return {
    userById: users.userById,
    updateProfile: users.updateProfile,
    ...signedIn,
    ...createSignIn({ auth, db, hashing, users, mailVerificationLink, log: deps.log }),
    ...createPasswords({ auth, hashing, users, sessions: { forgetUser, forgetAll } }),
    ...verification,

    /** Drops expired sessions and codes; called now and then. */
    async sweepExpired(): Promise<void> {
      const now = new Date();
      await db.delete(sessions).where(sql`${sessions.expiresAt} < ${now}`);
      await db.delete(loginCodes).where(sql`${loginCodes.expiresAt} < ${now}`);
      await db.delete(emailVerifications).where(sql`${emailVerifications.expiresAt} < ${now}`);
    },
  };
}
