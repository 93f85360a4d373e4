import { and, eq, inArray } from 'drizzle-orm';
import type { MirrorMeta, MirrorRunResult, ServerDetail, ServerStatus } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { registryServers, registryVersions, type registryUpstreams } from '../../db/schema.ts';
import { isNewer, searchTextOf } from './entries.ts';
import type { Skip, UpstreamEntry } from './mirror-fetch.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Upstream = typeof registryUpstreams.$inferSelect;
type Kept = {
  version: string;
  document: Record<string, unknown>;
  publishedAt: Date;
  upstreamMeta: MirrorMeta | null;
};

/** At most this many skipped entries are named in a run's result; all are counted. */
export const SKIPPED_NAMED = 20;

export const emptyResult = (): MirrorRunResult => ({
  pages: 0,
  added: 0,
  updated: 0,
  deleted: 0,
  unchanged: 0,
  skipped: [],
  skippedCount: 0,
  more: false,
});

export function recordSkip(result: MirrorRunResult, skip: Skip): void {
  result.skippedCount++;
  if (result.skipped.length < SKIPPED_NAMED) result.skipped.push(skip);
}

/** JSON text with keys in one order: jsonb keeps its own order, so documents compare so. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The latest version by the official rule, publications taken oldest first. */
function latestOf(versions: Kept[]): Kept {
  const ordered = [...versions].sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  return ordered.reduce((best, v) => (isNewer(v.version, best.version) ? v : best));
}

/**
 * Applies one upstream page's entries of one server name, in the page's transaction. A name
 * this registry has from elsewhere (published here, the catalogue, another upstream) is never
 * touched. A version deleted upstream is removed here; when it was the server's last, the
 * server is kept with that version and marked deleted, so reads answer 404 as for any deleted
 * server.
 */
export async function applyServer(
  tx: Tx,
  upstream: Upstream,
  name: string,
  entries: UpstreamEntry[],
  now: Date,
  result: MirrorRunResult,
): Promise<boolean> {
  const [server] = await tx
    .select()
    .from(registryServers)
    .where(eq(registryServers.name, name))
    .for('update');
  const skipAll = (reason: string) => {
    for (const e of entries) recordSkip(result, { name, version: e.version, reason });
    return false;
  };
  if (server && server.origin !== 'mirror') {
    return skipAll(
      server.origin === 'catalog'
        ? 'the name is the catalogue’s here'
        : 'the name is published here',
    );
  }
  const rows = server
    ? await tx
        .select({
          version: registryVersions.version,
          document: registryVersions.document,
          publishedAt: registryVersions.publishedAt,
          upstreamMeta: registryVersions.upstreamMeta,
          upstreamId: registryVersions.upstreamId,
        })
        .from(registryVersions)
        .where(eq(registryVersions.serverName, name))
    : [];
  const kept: Kept[] = rows.every((r) => r.upstreamId === upstream.id) ? rows : [];
  if (server && kept.length === 0) return skipAll('the name is mirrored from another upstream');

  const byVersion = new Map(kept.map((k) => [k.version, k]));
  const deleted = new Set<string>();
  let changed = false;
  const meta = (e: UpstreamEntry): MirrorMeta => ({
    upstream: upstream.url,
    official: e.official,
    syncedAt: now.toISOString(),
  });
  // A version that appears twice in one page: the later entry is the upstream's last word.
  for (const e of entries) {
    const have = byVersion.get(e.version);
    if (e.status === 'deleted') {
      if (have && !deleted.has(e.version)) {
        deleted.add(e.version);
        result.deleted++;
        changed = true;
        have.upstreamMeta = meta(e);
      } else {
        result.unchanged++;
      }
      continue;
    }
    deleted.delete(e.version);
    if (
      have &&
      canonical(have.document) === canonical(e.document) &&
      have.upstreamMeta?.official.status === e.status
    ) {
      result.unchanged++;
      continue;
    }
    changed = true;
    const row = {
      version: e.version,
      document: e.document,
      publishedAt: e.publishedAt,
      upstreamMeta: meta(e),
    };
    if (have) {
      result.updated++;
      Object.assign(have, row);
      await tx
        .update(registryVersions)
        .set({ document: row.document, upstreamMeta: row.upstreamMeta })
        .where(and(eq(registryVersions.serverName, name), eq(registryVersions.version, e.version)));
    } else {
      result.added++;
      byVersion.set(e.version, row);
      if (!server && byVersion.size === 1) {
        // The server row comes first (versions refer to it); its fields are set below.
        await tx.insert(registryServers).values({
          name,
          origin: 'mirror',
          trustLevel: upstream.trustLevel,
          latestVersion: e.version,
          searchText: searchTextOf(e.document as ServerDetail),
          createdAt: now,
          updatedAt: now,
        });
      }
      await tx.insert(registryVersions).values({
        serverName: name,
        version: e.version,
        document: e.document,
        publishedAt: e.publishedAt,
        upstreamId: upstream.id,
        upstreamMeta: row.upstreamMeta,
      });
    }
  }
  if (!changed) return false;

  const all = [...byVersion.values()];
  const living = all.filter((v) => !deleted.has(v.version));
  // Every version deleted upstream: the server stays, deleted, with its latest version.
  const latest = latestOf(living.length ? living : all);
  const gone = [...deleted].filter((v) => v !== latest.version);
  if (gone.length) {
    await tx
      .delete(registryVersions)
      .where(and(eq(registryVersions.serverName, name), inArray(registryVersions.version, gone)));
  }
  if (deleted.has(latest.version)) {
    await tx
      .update(registryVersions)
      .set({ upstreamMeta: latest.upstreamMeta })
      .where(
        and(eq(registryVersions.serverName, name), eq(registryVersions.version, latest.version)),
      );
  }
  const upstreamStatus = latest.upstreamMeta?.official.status;
  const status: ServerStatus = !living.length
    ? 'deleted'
    : upstreamStatus === 'deprecated'
      ? 'deprecated'
      : 'active';
  await tx
    .update(registryServers)
    .set({
      status,
      latestVersion: latest.version,
      searchText: searchTextOf(latest.document as ServerDetail),
      // Clients that read this registry by updated_since see the change.
      updatedAt: now,
    })
    .where(eq(registryServers.name, name));
  return true;
}
