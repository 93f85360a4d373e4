import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '@spoke/shared';
import {
  envLabel,
  hasServer,
  integrationById,
  isOAuthRemote,
  type Integration,
  type OAuthClientInformationMixed,
  type OAuthTokens,
} from '@spoke/agents';
import type { Db } from '../../db/client.ts';
import { integrationCredentials } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import type { AgentListCache } from './list-cache.ts';

export type CredentialService = ReturnType<typeof createCredentialService>;

/** What is kept of a user's OAuth sign-in to a remote: the registered client and the tokens. */
export type StoredSignIn = { client?: OAuthClientInformationMixed; tokens?: OAuthTokens };

const contextOf = (userId: string, integrationId: string) =>
  `credentials:${userId}:${integrationId}`;

/**
 * The row that keeps an OAuth remote's sign-in (client and tokens), beside the row of its values;
 * `connected()` lists it under this id.
 */
export const oauthRowId = (integrationId: string) => `oauth:${integrationId}`;

/** A user's integration credentials, sealed at rest and never returned by the API. */
export function createCredentialService(db: Db, box: CryptoBox, lists: AgentListCache) {
  function known(integrationId: string): Integration {
    const integration = integrationById(integrationId);
    if (!integration) throw new AppError(404, ErrorCode.NOT_FOUND);
    return integration;
  }

  return {
    known,

    /** Stores every value the integration needs; unknown names and missing required ones: 422. */
    async save(userId: string, integrationId: string, values: Record<string, string>) {
      const integration = known(integrationId);
      if (!hasServer(integration)) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          fields: {
            values: `${integration.name} has no MCP server Spoke can run yet, so it cannot be connected`,
          },
        });
      }
      const names = new Set(integration.env.map((e) => e.name));
      const fields: Record<string, string> = {};
      for (const name of Object.keys(values)) {
        if (!names.has(name)) fields[`values.${name}`] = `${integration.name} does not use ${name}`;
      }
      for (const env of integration.env) {
        if (env.required && !values[env.name]?.trim()) {
          fields[`values.${env.name}`] = `${envLabel(env)} is required`;
        }
      }
      if (!integration.env.length) {
        fields.values = `${integration.name} needs no credentials`;
      }
      if (Object.keys(fields).length) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, { fields });
      }
      const clean = Object.fromEntries(
        Object.entries(values)
          .map(([k, v]) => [k, v.trim()] as const)
          .filter(([, v]) => v !== ''),
      );
      const sealed = box.seal(JSON.stringify(clean), contextOf(userId, integrationId));
      const now = new Date();
      await db
        .insert(integrationCredentials)
        .values({ userId, integrationId, sealed, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [integrationCredentials.userId, integrationCredentials.integrationId],
          set: { sealed, updatedAt: now },
        });
      // Whether an agent's integrations are connected shows in its list.
      lists.forget(userId);
    },

    /** Forgets the values and the OAuth sign-in (the agent page's Disconnect). */
    async remove(userId: string, integrationId: string): Promise<boolean> {
      known(integrationId);
      const deleted = await db
        .delete(integrationCredentials)
        .where(
          and(
            eq(integrationCredentials.userId, userId),
            inArray(integrationCredentials.integrationId, [
              integrationId,
              oauthRowId(integrationId),
            ]),
          ),
        )
        .returning({ id: integrationCredentials.integrationId });
      lists.forget(userId);
      return deleted.length > 0;
    },

    /** An OAuth remote's sign-in (client registration, tokens), sealed like values; null: none. */
    async signIn(userId: string, integrationId: string): Promise<StoredSignIn | null> {
      const raw = await read(userId, oauthRowId(integrationId));
      return raw === null ? null : (JSON.parse(raw) as StoredSignIn);
    },

    /** Stores the sign-in, or forgets it when it has no tokens left (the user reconnects). */
    async saveSignIn(userId: string, integrationId: string, value: StoredSignIn): Promise<void> {
      const id = oauthRowId(integrationId);
      if (!value.tokens) {
        await db
          .delete(integrationCredentials)
          .where(
            and(
              eq(integrationCredentials.userId, userId),
              eq(integrationCredentials.integrationId, id),
            ),
          );
      } else {
        const sealed = box.seal(JSON.stringify(value), contextOf(userId, id));
        const now = new Date();
        await db
          .insert(integrationCredentials)
          .values({ userId, integrationId: id, sealed, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [integrationCredentials.userId, integrationCredentials.integrationId],
            set: { sealed, updatedAt: now },
          });
      }
      lists.forget(userId);
    },

    /** The stored values, for starting the integration's server; {} when none are stored. */
    async values(userId: string, integrationId: string): Promise<Record<string, string>> {
      const raw = await read(userId, integrationId);
      return raw === null ? {} : (JSON.parse(raw) as Record<string, string>);
    },

    /** Integrations the user stored credentials for (an OAuth sign-in as {@link oauthRowId}). */
    async connected(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: integrationCredentials.integrationId })
        .from(integrationCredentials)
        .where(eq(integrationCredentials.userId, userId));
      return new Set(rows.map((r) => r.id));
    },
  };

  async function read(userId: string, rowId: string): Promise<string | null> {
    const [row] = await db
      .select({ sealed: integrationCredentials.sealed })
      .from(integrationCredentials)
      .where(
        and(
          eq(integrationCredentials.userId, userId),
          eq(integrationCredentials.integrationId, rowId),
        ),
      );
    return row ? box.open(row.sealed, contextOf(userId, rowId)) : null;
  }
}

/**
 * Whether an integration can run for the user: built-ins and those with nothing required; an
 * OAuth remote once the user signed in (and set its required values, if any).
 */
export function isConnected(integration: Integration, stored: Set<string>): boolean {
  if (!hasServer(integration)) return false;
  if (isOAuthRemote(integration)) {
    const valuesSet = stored.has(integration.id) || !integration.env.some((e) => e.required);
    return valuesSet && stored.has(oauthRowId(integration.id));
  }
  return (
    integration.provider.kind === 'builtin' ||
    stored.has(integration.id) ||
    !integration.env.some((e) => e.required)
  );
}
