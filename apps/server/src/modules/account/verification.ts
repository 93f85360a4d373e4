import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { ErrorCode, type User } from '@spoke/shared';
import { AppError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { emailVerifications, users } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secret-hash.ts';
import type { UserRecords } from './users.ts';

export type VerificationMail = { email: string; name: string; token: string };

/** How long a mailed verification link works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/** Proving an account's address with a mailed single-use link. */
export function createEmailVerification(deps: {
  db: Db;
  users: Pick<UserRecords, 'userById'>;
  forgetUser: (userId: string) => void;
  /** Mails the link that proves an address (in the background: its errors are logged). */
  sendVerificationMail: (mail: VerificationMail) => Promise<void>;
}) {
  const { db, forgetUser } = deps;

  /** A new single-use link for the address the account has now; its errors are only logged. */
  async function mailVerificationLink(userId: string, email: string, name: string) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(emailVerifications).values({
      tokenHash: hashSecret(token),
      userId,
      email,
      expiresAt: new Date(Date.now() + VERIFICATION_LINK_SECONDS * 1000),
    });
    await deps.sendVerificationMail({ email, name, token });
  }

  return {
    mailVerificationLink,

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
            eq(emailVerifications.tokenHash, hashSecret(token)),
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
      return deps.users.userById(row.id);
    },
  };
}
