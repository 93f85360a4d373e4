import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  RegistryListSchema,
  namespaceOf,
  ownNamespace,
  type IntegrationCategory,
  type OwnServers,
  type RegistryEntry,
  type ServerDetail,
  type TrustLevel,
} from '@spoke/shared';
import { problemFields, problemSentence, validateServerJson } from '@spoke/shared/server-json';
import type { Db } from '../../db/client.ts';
import {
  apiTokens,
  registryNamespaces,
  registryServers,
  registryVersions,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { createDownloadCounter, type DownloadClient } from './downloads.ts';
import { permits } from './publisher-auth.ts';
import { createSearchIndex } from './search-index.ts';
import {
  byPublicationDesc,
  encodeListCursor,
  isNewer,
  likeEscape,
  searchTextOf,
  searchWords,
  toEntry,
  type EntryServer,
  type ListCursor,
  type ServerRow,
} from './entries.ts';

export type ListOptions = {
  search?: string;
  limit: number;
  /** The last entry of the previous page. */
  after?: ListCursor;
  updatedSince?: Date;
  /** `latest`, or an exact version. */
  version?: string;
  category?: IntegrationCategory;
  trust?: TrustLevel;
  /** Deleted servers too, with status `deleted` (mirrors read deletions so). */
  includeDeleted?: boolean;
};

/** What a listing reads of a server's row: what its entries show, not its search text. */
const entryColumns = {
  status: registryServers.status,
  trustLevel: registryServers.trustLevel,
  license: registryServers.license,
  integrationId: registryServers.integrationId,
  downloadCount: registryServers.downloadCount,
  category: registryServers.category,
  tools: registryServers.tools,
  latestVersion: registryServers.latestVersion,
  updatedAt: registryServers.updatedAt,
} satisfies Record<keyof EntryServer, unknown>;

/** Namespaces no user can claim: the platform's own. */
const RESERVED_NAMESPACES = new Set(['dev.spoke', 'dev.spoke.catalog']);

/** The namespaces a domain proof never reaches: the tree Spoke gives its own users. */
const isSpokeNamespace = (namespace: string) =>
  namespace === 'dev.spoke' || namespace.startsWith('dev.spoke.');

/**
 * Who publishes: a Spoke user (by API token, or by a registry token exchanged for one), or the
 * holder of a domain proved by signature (no Spoke account). `allowed`: the name patterns a
 * registry token grants; publishing outside them is refused whatever else the user may do.
 */
export type Publisher =
  { id: string; username: string; allowed?: string[] } | { domain: string; allowed: string[] };

export type RegistryService = ReturnType<typeof createRegistryService>;

/** What the kept listings may hold at most, in characters of JSON. */
const LISTING_CACHE_CHARS = 8_000_000;

/** The listing's query in one form: searches with the same words find the same servers. */
function listingKey(opts: ListOptions): string {
  return JSON.stringify([
    searchWords(opts.search).join(' '),
    opts.limit,
    opts.after ? [opts.after.name, opts.after.version] : null,
    opts.updatedSince?.toISOString() ?? null,
    opts.version ?? null,
    opts.category ?? null,
    opts.trust ?? null,
    opts.includeDeleted ?? false,
  ]);
}

/**
 * `listingCacheMs`: how long a public listing is sent again without reading the database. This
 * instance forgets them all whenever it publishes or moderates; other instances within that
 * time. Download counts in a kept listing may trail by as long.
 */
export function createRegistryService(db: Db, options: { listingCacheMs: number }) {
  const listings = new TtlCache<string>(options.listingCacheMs, {
    maxSize: LISTING_CACHE_CHARS,
    sizeOf: (text) => text.length,
  });
  const downloads = createDownloadCounter(db);
  const searchIndex = createSearchIndex(db);
  const reading = new SingleFlight<string>();

  const searchFilters = (search: string | undefined): SQL[] =>
    searchWords(search).map(
      (word) => sql`${registryServers.searchText} like ${`%${likeEscape(word)}%`}`,
    );

  async function serverRow(name: string): Promise<ServerRow | undefined> {
    const [row] = await db.select().from(registryServers).where(eq(registryServers.name, name));
    return row;
  }

  async function versionsOf(name: string) {
    const rows = await db
      .select({
        version: registryVersions.version,
        document: registryVersions.document,
        publishedAt: registryVersions.publishedAt,
        upstreamMeta: registryVersions.upstreamMeta,
      })
      .from(registryVersions)
      .where(eq(registryVersions.serverName, name));
    return rows.sort(byPublicationDesc);
  }

  /** A listed server: deleted ones answer as if they did not exist. */
  async function visibleServer(name: string): Promise<ServerRow> {
    const row = await serverRow(name);
    if (!row || row.status === 'deleted') {
      throw new AppError(404, ErrorCode.NOT_FOUND, { message: 'Server not found' });
    }
    return row;
  }

  /** Who may publish in a namespace: its owner by grant or claim, or the user it is named for. */
  async function mayPublishIn(
    namespace: string,
    user: { id: string; username: string },
  ): Promise<'owned' | 'claimable' | false> {
    if (RESERVED_NAMESPACES.has(namespace)) return false;
    const [row] = await db
      .select({ userId: registryNamespaces.userId })
      .from(registryNamespaces)
      .where(eq(registryNamespaces.namespace, namespace));
    if (row) return row.userId === user.id ? 'owned' : false;
    if (namespace !== ownNamespace(user.username)) return false;
    // Usernames that name one namespace (`foo_bar`, `foo-bar`; refused at sign-up since) may
    // remain from before: the namespace is the earliest account's, not the first publisher's.
    const [first] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        sql`lower(replace(${users.username}, '_', '-')) = ${namespace.slice('dev.spoke.'.length)}`,
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    return first?.id === user.id ? 'claimable' : false;
  }

  /**
   * `GET /servers`: one entry per version, ordered by name and version, as the official
   * registry lists them; `version` keeps the latest (`latest`) or one exact version.
   */
  async function list(
    opts: ListOptions,
  ): Promise<{ entries: RegistryEntry[]; nextCursor?: string }> {
    const words = searchWords(opts.search);
    const indexed =
      (words.length > 0 || opts.category || opts.trust) &&
      !opts.updatedSince &&
      (opts.version === undefined || opts.version === 'latest');
    if (!indexed) return listPage(opts);
    await searchIndex.sync();
    // Every server found has an entry to list but the cursor's own, which may have none left.
    const wanted = opts.limit + 2;
    const names = searchIndex.find({
      words,
      category: opts.category,
      trust: opts.trust,
      includeDeleted: opts.includeDeleted,
      from: opts.after?.name,
      count: wanted,
    });
    if (names.length === 0) return { entries: [] };
    const page = await listPage(opts, names);
    // The index found more servers than the database listed entries for: they disagree (a
    // change committed in between), and the database's own walk is the answer.
    if (names.length === wanted && !page.nextCursor) return listPage(opts);
    return page;
  }

  /** One page read from the database; `names`: only these servers (what the index found). */
  async function listPage(
    opts: ListOptions,
    names?: string[],
  ): Promise<{ entries: RegistryEntry[]; nextCursor?: string }> {
    const filters: (SQL | undefined)[] = [
      opts.includeDeleted ? undefined : ne(registryServers.status, 'deleted'),
      // One array parameter, not one per name: the statement stays the same size.
      names ? sql`${registryServers.name} = any(${sql.param(names)}::text[])` : undefined,
      ...searchFilters(opts.search),
    ];
    if (opts.after) {
      filters.push(
        sql`(${registryVersions.serverName}, ${registryVersions.version}) > (${opts.after.name}, ${opts.after.version})`,
      );
    }
    if (opts.updatedSince) {
      filters.push(
        sql`greatest(${registryVersions.publishedAt}, ${registryServers.updatedAt}) > ${opts.updatedSince.toISOString()}::timestamptz`,
      );
    }
    if (opts.version === 'latest') {
      filters.push(eq(registryVersions.version, registryServers.latestVersion));
    } else if (opts.version) {
      filters.push(eq(registryVersions.version, opts.version));
    }
    if (opts.category) filters.push(eq(registryServers.category, opts.category));
    if (opts.trust) filters.push(eq(registryServers.trustLevel, opts.trust));
    const rows = await db
      .select({
        server: entryColumns,
        version: {
          serverName: registryVersions.serverName,
          version: registryVersions.version,
          document: registryVersions.document,
          publishedAt: registryVersions.publishedAt,
          upstreamMeta: registryVersions.upstreamMeta,
        },
      })
      .from(registryVersions)
      .innerJoin(registryServers, eq(registryServers.name, registryVersions.serverName))
      .where(and(...filters))
      .orderBy(asc(registryVersions.serverName), asc(registryVersions.version))
      .limit(opts.limit + 1);
    const page = rows.slice(0, opts.limit);
    const last = page.at(-1);
    return {
      entries: page.map((row) => toEntry(row.server, row.version)),
      ...(rows.length > opts.limit && last
        ? {
            nextCursor: encodeListCursor({
              name: last.version.serverName,
              version: last.version.version,
            }),
          }
        : {}),
    };
  }

  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

  /**
   * Stores a published version in a transaction that has locked its server's row (`existing`, or
   * none yet): the server is made on its first version, owned by `ownerId`, and its latest version
   * and search text move only for a newer version; the server's updatedAt is left as it was, as a
   * new version changes no other version. A version published already is refused.
   */
  async function storeVersion(
    tx: Tx,
    existing: ServerRow | undefined,
    document: ServerDetail & Record<string, unknown>,
    ownerId: string | null,
  ): Promise<RegistryEntry> {
    const now = new Date();
    const latest = !existing || isNewer(document.version, existing.latestVersion);
    if (existing && latest) {
      await tx
        .update(registryServers)
        .set({ latestVersion: document.version, searchText: searchTextOf(document) })
        .where(eq(registryServers.name, document.name));
    }
    const [server] = existing
      ? await tx.select().from(registryServers).where(eq(registryServers.name, document.name))
      : await tx
          .insert(registryServers)
          .values({
            name: document.name,
            origin: 'published',
            ownerId,
            trustLevel: 'unverified',
            latestVersion: document.version,
            searchText: searchTextOf(document),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
    const [inserted] = await tx
      .insert(registryVersions)
      .values({
        serverName: document.name,
        version: document.version,
        document,
        publishedAt: now,
        publishedBy: ownerId,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      throw new AppError(400, ErrorCode.CONFLICT, {
        message: `${document.name} ${document.version} is already published; versions are immutable, so publish a new version.`,
      });
    }
    return toEntry(server!, inserted);
  }

  /**
   * A version published on a domain proof: in the domain's namespace, on a server no Spoke
   * account owns, in a namespace no Spoke account holds. The server has no owner; the next
   * proof of the same domain publishes its next version.
   */
  async function publishProven(
    domain: string,
    namespace: string,
    document: ServerDetail & Record<string, unknown>,
  ): Promise<RegistryEntry> {
    if (isSpokeNamespace(namespace)) {
      throw new AppError(403, ErrorCode.FORBIDDEN, {
        message: `${namespace} is a namespace of this registry's accounts; publish there with a Spoke API token.`,
      });
    }
    const [held] = await db
      .select({ userId: registryNamespaces.userId })
      .from(registryNamespaces)
      .where(eq(registryNamespaces.namespace, namespace));
    if (held) {
      throw new AppError(403, ErrorCode.FORBIDDEN, {
        message: `The namespace ${namespace} is held by an account of this registry; its holder publishes there with a Spoke API token.`,
      });
    }
    const published = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(registryServers)
        .where(eq(registryServers.name, document.name))
        .for('update');
      if (existing && (existing.ownerId !== null || existing.origin !== 'published')) {
        throw new AppError(403, ErrorCode.FORBIDDEN, {
          message: `${document.name} belongs to a publisher with an account on this registry, not to the proof of ${domain}.`,
        });
      }
      return storeVersion(tx, existing, document, null);
    });
    listings.clear();
    return published;
  }

  return {
    /**
     * `GET /servers`: the answer's JSON text, kept for a few seconds per distinct query. Requests
     * for a query that is being read already wait for that read, unless a change came between.
     */
    async listBody(opts: ListOptions): Promise<string> {
      const key = listingKey(opts);
      const kept = listings.get(key);
      if (kept) return kept;
      const stamp = listings.stamp();
      return reading.run(key, stamp, async () => {
        const page = await list(opts);
        const text = jsonBody(RegistryListSchema, {
          servers: page.entries,
          metadata: {
            ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
            count: page.entries.length,
          },
        });
        listings.set(key, text, { stamp });
        return text;
      });
    },

    /** Listings changed (moderation): none kept so far is sent again. */
    forgetListings: () => listings.clear(),

    async versions(name: string): Promise<RegistryEntry[]> {
      const server = await visibleServer(name);
      return (await versionsOf(name)).map((v) => toEntry(server, v));
    },

    /**
     * One version, or the latest; `installer` when a client fetches it to install it: counted
     * once per client, server and day.
     */
    async version(
      name: string,
      version: string,
      installer?: DownloadClient,
    ): Promise<RegistryEntry> {
      let server = await visibleServer(name);
      const wanted = version === 'latest' ? server.latestVersion : version;
      const [row] = await db
        .select({
          version: registryVersions.version,
          document: registryVersions.document,
          publishedAt: registryVersions.publishedAt,
          upstreamMeta: registryVersions.upstreamMeta,
        })
        .from(registryVersions)
        .where(and(eq(registryVersions.serverName, name), eq(registryVersions.version, wanted)));
      if (!row)
        throw new AppError(404, ErrorCode.NOT_FOUND, { message: 'Server version not found' });
      if (installer) {
        await downloads.count(name, installer);
        server = await visibleServer(name);
      }
      return toEntry(server, row);
    },

    /**
     * Publishes one version of a server.json. As the official registry answers: 400 when the
     * document is invalid or the version exists (`code` CONFLICT), 403 outside the publisher's
     * namespaces.
     */
    async publish(publisher: Publisher, body: unknown): Promise<RegistryEntry> {
      const problems = validateServerJson(body);
      if (problems.length) {
        throw new AppError(400, ErrorCode.BAD_REQUEST, {
          message: problemSentence(problems),
          fields: problemFields(problems),
        });
      }
      const document = body as ServerDetail & Record<string, unknown>;
      const namespace = namespaceOf(document.name);
      if (publisher.allowed && !publisher.allowed.some((p) => permits(p, document.name))) {
        throw new AppError(403, ErrorCode.FORBIDDEN, {
          message: `This registry token may publish only under ${publisher.allowed.join(', ')}, not ${document.name}.`,
        });
      }
      if ('domain' in publisher) return publishProven(publisher.domain, namespace, document);
      const user = publisher;
      const right = await mayPublishIn(namespace, user);
      if (!right) {
        const own = ownNamespace(user.username);
        throw new AppError(403, ErrorCode.FORBIDDEN, {
          message:
            namespace === own
              ? `The namespace ${own} belongs to another publisher; ask an administrator to grant you a namespace.`
              : `You may publish only in ${own} and namespaces granted to you, not in ${namespace}.`,
        });
      }
      const published = await db.transaction(async (tx) => {
        if (right === 'claimable') {
          await tx
            .insert(registryNamespaces)
            .values({ namespace, userId: user.id })
            .onConflictDoNothing();
          // Another user may have claimed it in the meantime.
          const [owner] = await tx
            .select({ userId: registryNamespaces.userId })
            .from(registryNamespaces)
            .where(eq(registryNamespaces.namespace, namespace));
          if (owner?.userId !== user.id) {
            throw new AppError(403, ErrorCode.FORBIDDEN, {
              message: `The namespace ${namespace} belongs to another publisher.`,
            });
          }
        }
        const [existing] = await tx
          .select()
          .from(registryServers)
          .where(eq(registryServers.name, document.name))
          .for('update');
        if (existing && existing.ownerId !== user.id) {
          throw new AppError(403, ErrorCode.FORBIDDEN, {
            message: `${document.name} belongs to another publisher.`,
          });
        }
        return storeVersion(tx, existing, document, user.id);
      });
      listings.clear();
      return published;
    },

    /** Where a user may publish: their own namespace and those granted to them. */
    async namespacesOf(user: { id: string; username: string }): Promise<string[]> {
      const grants = await db
        .select({ namespace: registryNamespaces.namespace })
        .from(registryNamespaces)
        .where(eq(registryNamespaces.userId, user.id));
      return [...new Set([ownNamespace(user.username), ...grants.map((g) => g.namespace)])].sort();
    },

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
      const grants = await db
        .select({ namespace: registryNamespaces.namespace })
        .from(registryNamespaces)
        .where(eq(registryNamespaces.userId, user.id));
      const namespaces = [
        ...new Set([ownNamespace(user.username), ...grants.map((g) => g.namespace)]),
      ].sort();
      const out = [];
      for (const server of servers) {
        const versions = await versionsOf(server.name);
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
