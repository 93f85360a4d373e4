import { and, asc, count, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  type AdminRegistryPatch,
  type AdminRegistryServer,
  type NamespaceGrant,
  type ServerStatus,
  type TrustLevel,
} from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import {
  registryNamespaces,
  registryServers,
  registryUpstreams,
  registryVersions,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { encodeNameCursor, likeEscape, searchWords, type ServerRow } from './entries.ts';

export type ModerationQuery = {
  search?: string;
  status?: ServerStatus;
  trust?: TrustLevel;
  origin?: AdminRegistryServer['origin'];
  limit: number;
  after?: string;
};

export type ModerationService = ReturnType<typeof createModerationService>;

/** What administrators do to the registry: trust levels, status, namespace grants. */
export function createModerationService(
  db: Db,
  /** Called after a change that public listings show (status, trust level). */
  onListingsChanged: () => void,
) {
  async function describe(rows: { server: ServerRow; owner: string | null }[]) {
    if (!rows.length) return [];
    const counts = await db
      .select({ name: registryVersions.serverName, n: count() })
      .from(registryVersions)
      .where(sql`${registryVersions.serverName} in ${rows.map((r) => r.server.name)}`)
      .groupBy(registryVersions.serverName);
    const versions = new Map(counts.map((c) => [c.name, Number(c.n)]));
    const latest = await db
      .select({
        name: registryVersions.serverName,
        document: registryVersions.document,
        upstream: registryUpstreams.name,
      })
      .from(registryVersions)
      .innerJoin(
        registryServers,
        and(
          eq(registryServers.name, registryVersions.serverName),
          eq(registryServers.latestVersion, registryVersions.version),
        ),
      )
      .leftJoin(registryUpstreams, eq(registryUpstreams.id, registryVersions.upstreamId))
      .where(sql`${registryVersions.serverName} in ${rows.map((r) => r.server.name)}`);
    const latestOf = new Map(latest.map((l) => [l.name, l]));
    return rows.map(({ server, owner }): AdminRegistryServer => ({
      name: server.name,
      description: String(latestOf.get(server.name)?.document.description ?? ''),
      latest_version: server.latestVersion,
      version_count: versions.get(server.name) ?? 0,
      status: server.status,
      trust_level: server.trustLevel,
      origin: server.origin,
      owner,
      upstream: latestOf.get(server.name)?.upstream ?? null,
      integration_id: server.integrationId,
      download_count: server.downloadCount,
      updated_at: server.updatedAt.toISOString(),
    }));
  }

  const select = () =>
    db
      .select({ server: registryServers, owner: users.username })
      .from(registryServers)
      .leftJoin(users, eq(users.id, registryServers.ownerId));

  return {
    async list(q: ModerationQuery) {
      const filters: (SQL | undefined)[] = searchWords(q.search).map(
        (word) => sql`${registryServers.searchText} like ${`%${likeEscape(word)}%`}`,
      );
      if (q.status) filters.push(eq(registryServers.status, q.status));
      if (q.trust) filters.push(eq(registryServers.trustLevel, q.trust));
      if (q.origin) filters.push(eq(registryServers.origin, q.origin));
      if (q.after) filters.push(gt(registryServers.name, q.after));
      const rows = await select()
        .where(and(...filters))
        .orderBy(asc(registryServers.name))
        .limit(q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        servers: await describe(page),
        next_cursor: rows.length > q.limit && last ? encodeNameCursor(last.server.name) : null,
      };
    },

    async update(name: string, patch: AdminRegistryPatch): Promise<AdminRegistryServer> {
      const values: Partial<ServerRow> = { updatedAt: new Date() };
      if (patch.trust_level) values.trustLevel = patch.trust_level;
      if (patch.status) values.status = patch.status;
      const [updated] = await db
        .update(registryServers)
        .set(values)
        .where(eq(registryServers.name, name))
        .returning({ name: registryServers.name });
      if (!updated) throw new AppError(404, ErrorCode.NOT_FOUND);
      onListingsChanged();
      const [row] = await select().where(eq(registryServers.name, name));
      const [described] = await describe([row!]);
      return described!;
    },

    async grants(): Promise<NamespaceGrant[]> {
      const rows = await db
        .select({
          namespace: registryNamespaces.namespace,
          username: users.username,
          createdAt: registryNamespaces.createdAt,
        })
        .from(registryNamespaces)
        .innerJoin(users, eq(users.id, registryNamespaces.userId))
        .where(isNotNull(registryNamespaces.grantedBy))
        .orderBy(asc(registryNamespaces.namespace));
      return rows.map((r) => ({
        namespace: r.namespace,
        username: r.username,
        created_at: r.createdAt.toISOString(),
      }));
    },

    async grant(actorId: string, namespace: string, username: string): Promise<NamespaceGrant> {
      const [user] = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
      if (!user) {
        throw new AppError(404, ErrorCode.NOT_FOUND, {
          message: `No user is called ${username}.`,
        });
      }
      const [row] = await db
        .insert(registryNamespaces)
        .values({ namespace: namespace.toLowerCase(), userId: user.id, grantedBy: actorId })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        throw new AppError(409, ErrorCode.CONFLICT, {
          message: `The namespace ${namespace} already has an owner.`,
          fields: { namespace: 'This namespace already has an owner' },
        });
      }
      return {
        namespace: row.namespace,
        username: user.username,
        created_at: row.createdAt.toISOString(),
      };
    },

    /** Removes a granted namespace; a namespace a user claimed by publishing stays theirs. */
    async revokeGrant(namespace: string): Promise<boolean> {
      const deleted = await db
        .delete(registryNamespaces)
        .where(
          and(
            eq(registryNamespaces.namespace, namespace.toLowerCase()),
            isNotNull(registryNamespaces.grantedBy),
          ),
        )
        .returning({ namespace: registryNamespaces.namespace });
      return deleted.length > 0;
    },
  };
}
