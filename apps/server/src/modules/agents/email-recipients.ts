import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode, type EmailRecipient, type EmailRecipientList } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { emailDays, emailRecipients, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** How long a confirmation link works. */
export const CONSENT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Addresses one user may have asked for or confirmed at once. */
export const MAX_RECIPIENTS = 100;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const nextDay = (at: Date) =>
  dayOf(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1)));
/** Requests made before this are no longer answered. */
const oldest = (now: Date) => new Date(now.getTime() - CONSENT_TTL_MS).toISOString();
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** Addresses are compared and kept lower-cased. */
export const normalEmail = (address: string) => address.trim().toLowerCase();

type Row = typeof emailRecipients.$inferSelect;
const toJson = (row: Row): EmailRecipient => ({
  id: row.id,
  email: row.email,
  status: row.status,
  requested_at: row.requestedAt.toISOString(),
  answered_at: row.answeredAt?.toISOString() ?? null,
});

export type Owner = { id: string; username: string; email: string; emailVerified: boolean };
export type EmailRecipientService = ReturnType<typeof createEmailRecipientService>;

/**
 * Who a user's agents may e-mail (the user's own verified address, and addresses whose owner
 * allowed it through a confirmation link) and how many e-mails they may send a day. Counters
 * go up with a conditional UPDATE: concurrent sends never pass the limit.
 */
export function createEmailRecipientService(db: Db, options: { perDay: number }) {
  async function sentToday(userId: string, now: Date): Promise<number> {
    const [row] = await db
      .select({ sent: emailDays.sent })
      .from(emailDays)
      .where(and(eq(emailDays.userId, userId), eq(emailDays.day, dayOf(now))));
    return row?.sent ?? 0;
  }

  return {
    perDay: options.perDay,

    async owner(userId: string): Promise<Owner> {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          emailVerified: users.emailVerified,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw new AppError(404, ErrorCode.NOT_FOUND);
      return row;
    },

    /** Counts `count` e-mails for the user today, or refuses them all (429). */
    async reserve(userId: string, count: number, now = new Date()): Promise<void> {
      const day = dayOf(now);
      await db.insert(emailDays).values({ userId, day }).onConflictDoNothing();
      const counted = await db
        .update(emailDays)
        .set({ sent: sql`${emailDays.sent} + ${count}` })
        .where(
          and(
            eq(emailDays.userId, userId),
            eq(emailDays.day, day),
            sql`${emailDays.sent} + ${count} <= ${options.perDay}`,
          ),
        )
        .returning({ sent: emailDays.sent });
      if (!counted.length) {
        throw new AppError(429, ErrorCode.QUOTA_EXCEEDED, {
          message: `Daily e-mail limit reached (${options.perDay} a day, each recipient counts). Sending resumes tomorrow, ${nextDay(now)} (UTC).`,
        });
      }
    },

    /** Of `addresses` (lower-cased), those the user's agents may not e-mail. */
    async unconfirmed(owner: Owner, addresses: string[]): Promise<string[]> {
      const own = normalEmail(owner.email);
      const others = addresses.filter((a) => a !== own);
      if (!others.length) return [];
      const rows = await db
        .select({ email: emailRecipients.email })
        .from(emailRecipients)
        .where(
          and(
            eq(emailRecipients.userId, owner.id),
            eq(emailRecipients.status, 'confirmed'),
            inArray(emailRecipients.email, others),
          ),
        );
      const confirmed = new Set(rows.map((r) => r.email));
      return others.filter((a) => !confirmed.has(a));
    },

    async list(owner: Owner, now = new Date()): Promise<EmailRecipientList> {
      const rows = await db
        .select()
        .from(emailRecipients)
        .where(eq(emailRecipients.userId, owner.id))
        .orderBy(asc(emailRecipients.email));
      return {
        recipients: rows.map(toJson),
        own_address: owner.email,
        daily_limit: options.perDay,
        sent_today: await sentToday(owner.id, now),
      };
    },

    /**
     * Records a pending address and returns the token of its confirmation link (sent by the
     * caller). 422 for the user's own address, 409 when it is known already.
     */
    async request(owner: Owner, address: string): Promise<{ row: EmailRecipient; token: string }> {
      const email = normalEmail(address);
      if (email === normalEmail(owner.email)) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          fields: { email: 'This is your own address: your agents may e-mail it already.' },
        });
      }
      const token = randomBytes(32).toString('base64url');
      return db.transaction(async (tx) => {
        const [held] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(emailRecipients)
          .where(eq(emailRecipients.userId, owner.id));
        if ((held?.n ?? 0) >= MAX_RECIPIENTS) {
          throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
            fields: { email: `At most ${MAX_RECIPIENTS} addresses: remove one first.` },
          });
        }
        const [row] = await tx
          .insert(emailRecipients)
          .values({ userId: owner.id, email, tokenHash: hashToken(token) })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          throw new AppError(409, ErrorCode.CONFLICT, {
            message: `${email} is on your list already (a declined address is not asked again).`,
          });
        }
        return { row: toJson(row), token };
      });
    },

    /** Removes a pending or confirmed address; declined ones stay, so they are not asked again. */
    async remove(ownerId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(emailRecipients)
        .where(
          and(
            eq(emailRecipients.id, id),
            eq(emailRecipients.userId, ownerId),
            inArray(emailRecipients.status, ['pending', 'confirmed']),
          ),
        )
        .returning({ id: emailRecipients.id });
      return removed.length > 0;
    },

    /** The pending request a confirmation link names, with who asked; undefined when none. */
    async pending(token: string, now = new Date()) {
      const [row] = await db
        .select({ id: emailRecipients.id, email: emailRecipients.email, username: users.username })
        .from(emailRecipients)
        .innerJoin(users, eq(users.id, emailRecipients.userId))
        .where(
          and(
            eq(emailRecipients.tokenHash, hashToken(token)),
            eq(emailRecipients.status, 'pending'),
            sql`${emailRecipients.requestedAt} > ${oldest(now)}::timestamptz`,
          ),
        );
      return row;
    },

    /** The recipient's answer: once per link, the link then works no more. */
    async answer(token: string, allow: boolean, now = new Date()) {
      const [row] = await db
        .update(emailRecipients)
        .set({ status: allow ? 'confirmed' : 'declined', tokenHash: null, answeredAt: now })
        .where(
          and(
            eq(emailRecipients.tokenHash, hashToken(token)),
            eq(emailRecipients.status, 'pending'),
            sql`${emailRecipients.requestedAt} > ${oldest(now)}::timestamptz`,
          ),
        )
        .returning({ email: emailRecipients.email });
      return row;
    },
  };
}
