import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  RegistryListSchema,
  type IntegrationCategory,
  type RegistryEntry,
  type TrustLevel,
} from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { registryServers, registryVersions } from '../../db/schema.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { createSearchIndex } from './search-index.ts';
import {
  encodeListCursor,
  likeEscape,
  searchWords,
  toEntry,
  type EntryServer,
  type ListCursor,
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

const searchFilters = (search: string | undefined): SQL[] =>
  searchWords(search).map(
    (word) => sql`${registryServers.searchText} like ${`%${likeEscape(word)}%`}`,
  );

/**
 * The public listing, `GET /servers`. `listingCacheMs`: how long a public listing is sent again
 * without reading the database. This instance forgets them all whenever it publishes or
 * moderates; other instances within that time. Download counts in a kept listing may trail by
 * as long.
 */
export function createRegistryListing(db: Db, options: { listingCacheMs: number }) {
  const listings = new TtlCache<string>(options.listingCacheMs, {
    maxSize: LISTING_CACHE_CHARS,
    sizeOf: (text) => text.length,
  });
  const searchIndex = createSearchIndex(db);
  const reading = new SingleFlight<string>();

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

    /** Listings changed (publishing, moderation): none kept so far is sent again. */
    forget: () => listings.clear(),
  };
}
