import { and, asc, eq } from 'drizzle-orm';
import { ownNamespace, type OwnServers, type TrustLevel } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { apiTokens, registryNamespaces, registryServers, users } from '../../db/schema.ts';
import { versionsOf } from './versions.ts';

/** What the registry holds of its publishers: their namespaces, servers and live tokens. */
export function createPublisherRecords(db: Db) {
  /** Where a user may publish: their own namespace and those granted to them. */
  async function namespacesOf(user: { id: string; username: string }): Promise<string[]> {
    const grants = await db
      .select({ namespace: registryNamespaces.namespace })
      .from(registryNamespaces)
      .where(eq(registryNamespaces.userId, user.id));
    return [...new Set([ownNamespace(user.username), ...grants.map((g) => g.namespace)])].sort();
  }

  return {
    namespacesOf,

    /** An API token that still exists, with its holder as now: revoking it ends its logins. */
    async liveApiToken(tokenId: string, userId: string) {
      const [row] = await db
        .select({
          scopes: apiTokens.scopes,
          userId: apiTokens.userId,
          username: users.username,
          emailVerified: users.emailVerified,
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)));
      return row ?? null;
    },

    /** The user's own servers with their versions, and where they may publish. */
    async mine(user: { id: string; username: string }): Promise<OwnServers> {
      const servers = await db
        .select()
        .from(registryServers)
        .where(eq(registryServers.ownerId, user.id))
        .orderBy(asc(registryServers.name));
      const namespaces = await namespacesOf(user);
      const out = [];
      for (const server of servers) {
        const versions = await versionsOf(db, server.name);
        const latest = versions.find((v) => v.version === server.latestVersion);
        out.push({
          name: server.name,
          description: String(latest?.document.description ?? ''),
          status: server.status as OwnServers['servers'][number]['status'],
          trust_level: server.trustLevel as TrustLevel,
          download_count: server.downloadCount,
          versions: versions.map((v) => ({
            version: v.version,
            published_at: v.publishedAt.toISOString(),
            is_latest: v.version === server.latestVersion,
          })),
        });
      }
      return { servers: out, namespaces };
    },
  };
}
