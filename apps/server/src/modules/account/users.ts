import { eq, sql } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import { ErrorCode, type UpdateProfile, type User } from '@spoke/shared';
import { AppError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { isAdminAccount } from './admin-emails.ts';

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

export function isUniqueViolation(err: unknown): boolean {
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
export function refusedEmail(err: unknown): AppError | undefined {
  if (!isAPIError(err) || err.statusCode !== 400 || !/\bbody\.email\b/.test(err.message)) {
    return undefined;
  }
  return new AppError(422, ErrorCode.VALIDATION_FAILED, {
    fields: { email: 'Please enter a valid email address' },
  });
}

export function conflict(fields: Record<string, string>): AppError {
  return new AppError(409, ErrorCode.CONFLICT, { fields });
}

/**
 * The account's user row: found by id as the API shows it, its unique fields checked, its
 * profile changed. `forgetUser` drops the user's cached sessions after a change.
 */
export function createUserRecords(deps: {
  db: Db;
  adminEmails: readonly string[];
  forgetUser: (userId: string) => void;
}) {
  const { db, adminEmails, forgetUser } = deps;

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

  async function updateProfile(userId: string, patch: UpdateProfile): Promise<User> {
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
  }

  return { userById, takenFields, updateProfile };
}

export type UserRecords = ReturnType<typeof createUserRecords>;
