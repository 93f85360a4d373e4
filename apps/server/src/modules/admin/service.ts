import { and, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import { ErrorCode, type AdminUser, type PlanId } from '@spoke/shared';
import { AppError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { isAdminAccount, isListedAdmin } from '../account/admin-emails.ts';

type Row = typeof users.$inferSelect;

// LIKE treats % and _ as wildcards; a search for "a_b" means the text a_b.
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type AdminService = ReturnType<typeof createAdminService>;

export function createAdminService(deps: {
  db: Db;
  adminEmails: readonly string[];
  /** Called when a user's admin flag or plan changes, so cached sessions show it at once. */
  onUserChanged: (userId: string) => void;
}) {
  const { db, adminEmails } = deps;

  function toJson(row: Row): AdminUser {
    return {
      id: row.id,
      email: row.email,
      username: row.username,
      display_name: row.name || null,
      is_admin: isAdminAccount(row, adminEmails),
      admin_from_env: row.emailVerified && isListedAdmin(adminEmails, row.email),
      plan: row.plan,
      created_at: row.createdAt.toISOString(),
    };
  }

  return {
    async listUsers(opts: { search?: string; limit: number; after?: Cursor }) {
      const filters: (SQL | undefined)[] = [];
      if (opts.search) {
        const pattern = `%${likeEscape(opts.search)}%`;
        filters.push(
          or(
            ilike(users.email, pattern),
            ilike(users.username, pattern),
            ilike(users.name, pattern),
          ),
        );
      }
      if (opts.after) {
        const { createdAt, id } = opts.after;
        filters.push(
          or(lt(users.createdAt, createdAt), and(eq(users.createdAt, createdAt), lt(users.id, id))),
        );
      }
      const rows = await db
        .select()
        .from(users)
        .where(and(...filters))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(opts.limit + 1);
      const page = rows.slice(0, opts.limit);
      return { users: page.map(toJson), last: page.at(-1), more: rows.length > opts.limit };
    },

    async updateUser(
      actorId: string,
      userId: string,
      patch: { is_admin?: boolean; plan?: PlanId },
    ) {
      if (patch.is_admin === false && userId === actorId) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          fields: { is_admin: 'You cannot remove your own admin rights.' },
        });
      }
      if (patch.is_admin === true) {
        const [target] = await db
          .select({ verified: users.emailVerified })
          .from(users)
          .where(eq(users.id, userId));
        if (!target) throw new AppError(404, ErrorCode.NOT_FOUND);
        // Admin rights count only for a proven address: a grant that could not take effect is
        // refused rather than stored.
        if (!target.verified) {
          throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
            fields: {
              is_admin:
                'This account has not confirmed its e-mail address yet: admin rights need a confirmed address.',
            },
          });
        }
      }
      const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (patch.is_admin !== undefined) values.isAdmin = patch.is_admin;
      if (patch.plan !== undefined) values.plan = patch.plan;
      const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
      if (!row) throw new AppError(404, ErrorCode.NOT_FOUND);
      deps.onUserChanged(userId);
      return toJson(row);
    },
  };
}
