import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, type ApiToken, type CreateApiToken } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secret-hash.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// 36 characters of 62: about 214 bits from the CSPRNG.
const SECRET_LENGTH = 36;
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9]{${SECRET_LENGTH}}$`);
// Writing last_used_at on every request would turn reads into writes; once a minute is enough.
const LAST_USED_GRANULARITY = sql`interval '1 minute'`;

export const isApiTokenShape = (value: string) => TOKEN_SHAPE.test(value);

function newSecret(): string {
  let out = API_TOKEN_PREFIX;
  for (let i = 0; i < SECRET_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

type Row = typeof apiTokens.$inferSelect;

const toJson = (row: Row): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** Who an API token speaks for. */
export type TokenHolder = {
  tokenId: string;
  userId: string;
  username: string;
  scopes: string[];
  /** Whether the holder's e-mail address is proven (publishing needs it). */
  emailVerified: boolean;
};

export type TokenService = ReturnType<typeof createTokenService>;

/** API tokens: created and revoked by their owner, shown once, stored as SHA-256. */
export function createTokenService(db: Db) {
  return {
    async create(userId: string, input: CreateApiToken) {
      const secret = newSecret();
      const [row] = await db
        .insert(apiTokens)
        .values({
          userId,
          name: input.name.trim(),
          scopes: [...new Set(input.scopes)],
          tokenHash: hashSecret(secret),
        })
        .returning();
      return { token: toJson(row!), secret };
    },

    async list(userId: string): Promise<ApiToken[]> {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
      return rows.map(toJson);
    },

    /** False when the id is not one of the user's tokens. */
    async revoke(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
        .returning({ id: apiTokens.id });
      return deleted.length > 0;
    },

    /** The holder of a bearer secret, or null for anything that is not a live token. */
    async authenticate(secret: string): Promise<TokenHolder | null> {
      if (!isApiTokenShape(secret)) return null;
      const [row] = await db
        .select({
          tokenId: apiTokens.id,
          userId: apiTokens.userId,
          scopes: apiTokens.scopes,
          username: users.username,
          emailVerified: users.emailVerified,
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(eq(apiTokens.tokenHash, hashSecret(secret)));
      if (!row) return null;
      await db
        .update(apiTokens)
        .set({ lastUsedAt: new Date() })
        .where(
          and(
            eq(apiTokens.id, row.tokenId),
            or(
              isNull(apiTokens.lastUsedAt),
              lt(apiTokens.lastUsedAt, sql`now() - ${LAST_USED_GRANULARITY}`),
            ),
          ),
        );
      return row;
    },
  };
}
