import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { ContactMessage, ContactRequest } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { Cursor } from '../../lib/cursor.ts';

type Row = typeof contactMessages.$inferSelect;

function toJson(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    topic: row.topic,
    message: row.message,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
  };
}

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(db: Db) {
  return {
    async store(
      input: Required<ContactRequest>,
      meta: { userId?: string; ip: string },
    ): Promise<string> {
      const [row] = await db
        .insert(contactMessages)
        .values({ ...input, userId: meta.userId ?? null, ipAddress: meta.ip })
        .returning({ id: contactMessages.id });
      return row!.id;
    },

    /** Newest first; one more than `limit` is read to know whether a next page exists. */
    async list(
      limit: number,
      after?: Cursor,
    ): Promise<{ messages: ContactMessage[]; last?: Row; more: boolean }> {
      const rows = await db
        .select()
        .from(contactMessages)
        .where(
          after
            ? or(
                lt(contactMessages.createdAt, after.createdAt),
                and(
                  eq(contactMessages.createdAt, after.createdAt),
                  lt(contactMessages.id, after.id),
                ),
              )
            : undefined,
        )
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return { messages: page.map(toJson), last: page.at(-1), more: rows.length > limit };
    },
  };
}
