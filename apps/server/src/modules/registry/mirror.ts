import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import {
  ErrorCode,
  type MirrorRunResult,
  type TrustLevel,
  type Upstream,
  type UpstreamCreate,
  type UpstreamPatch,
  isUuid,
  withoutTrailingSlash,
} from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { registryServers, registryUpstreams, registryVersions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { applyServer, emptyResult, recordSkip } from './mirror-apply.ts';
import {
  fetchPage,
  MIRROR_LIMITS,
  MirrorError,
  pageUrl,
  type MirrorLimits,
  type MirrorNetwork,
  type UpstreamEntry,
} from './mirror-fetch.ts';

type UpstreamRow = typeof registryUpstreams.$inferSelect;

export type MirrorService = ReturnType<typeof createMirrorService>;

const notFound = () => new AppError(404, ErrorCode.NOT_FOUND, { message: 'Upstream not found' });

/**
 * Mirrors upstream registries that speak the official API: each enabled upstream is read every
 * `intervalMs` (and when an administrator asks), page by page from `updated_since` on, one
 * transaction per page.
 */
export function createMirrorService(deps: {
  db: Db;
  network: MirrorNetwork;
  intervalMs: number;
  /** Called after a page changed what public listings show. */
  onListingsChanged: () => void;
  log: { warn: (obj: object, msg: string) => void };
  limits?: Partial<MirrorLimits>;
}) {
  const { db } = deps;
  const limits: MirrorLimits = { ...MIRROR_LIMITS, ...deps.limits };
  const running = new Map<string, Promise<UpstreamRow>>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<unknown> | undefined;
  // Ends the exchanges under way when the server stops: a run may otherwise take many pages.
  const stopping = new AbortController();

  async function describe(row: UpstreamRow): Promise<Upstream> {
    const [counted] = await db
      .select({ n: count() })
      .from(registryVersions)
      .where(eq(registryVersions.upstreamId, row.id));
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      enabled: row.enabled,
      trust_level: row.trustLevel,
      cursor: row.cursor,
      next_sync_at: row.nextSyncAt.toISOString(),
      last_sync_at: row.lastSyncAt?.toISOString() ?? null,
      last_success_at: row.lastSuccessAt?.toISOString() ?? null,
      last_error: row.lastError,
      last_result: row.lastResult ?? null,
      version_count: Number(counted?.n ?? 0),
    };
  }

  async function find(id: string): Promise<UpstreamRow> {
    if (!isUuid(id)) throw notFound();
    const [row] = await db.select().from(registryUpstreams).where(eq(registryUpstreams.id, id));
    if (!row) throw notFound();
    return row;
  }

  const duplicate = (err: unknown) =>
    /unique|duplicate/i.test(String((err as { cause?: unknown }).cause ?? err))
      ? new AppError(409, ErrorCode.CONFLICT, {
          message: 'An upstream with this name or URL exists already.',
        })
      : err;

  /** Applies one page: its entries grouped by server, and the pass's progress, in one go. */
  async function applyPage(
    upstream: UpstreamRow,
    entries: UpstreamEntry[],
    progress: Partial<UpstreamRow>,
    now: Date,
    result: MirrorRunResult,
  ): Promise<boolean> {
    const byName = new Map<string, UpstreamEntry[]>();
    for (const e of entries) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
    return db.transaction(async (tx) => {
      let changed = false;
      for (const [name, group] of byName) {
        if (await applyServer(tx, upstream, name, group, now, result)) changed = true;
      }
      await tx.update(registryUpstreams).set(progress).where(eq(registryUpstreams.id, upstream.id));
      return changed;
    });
  }

  /**
   * One run: pages from where the last pass stopped, at most `maxPages`. A failure leaves the
   * cursor as the last committed page set it and is recorded as the run's error.
   */
  async function run(upstream: UpstreamRow): Promise<UpstreamRow> {
    const result = emptyResult();
    const started = new Date();
    const since = upstream.cursor ?? undefined;
    let pageCursor = upstream.pageCursor ?? undefined;
    let newest = upstream.passCursor ?? upstream.cursor ?? undefined;
    let error: string | null = null;
    try {
      for (;;) {
        if (result.pages >= limits.maxPages) {
          result.more = true;
          break;
        }
        const page = await fetchPage(
          pageUrl(upstream.url, limits.pageSize, since, pageCursor),
          deps.network,
          limits,
          stopping.signal,
        );
        result.pages++;
        if (page.nextCursor && page.nextCursor === pageCursor) {
          throw new MirrorError('the upstream answered the same page cursor again');
        }
        const entries: UpstreamEntry[] = [];
        for (const e of page.entries) {
          if ('reason' in e) recordSkip(result, e);
          else entries.push(e);
        }
        for (const e of entries) {
          const at = e.updatedAt.toISOString();
          if (!newest || at > newest) newest = at;
        }
        const done = !page.nextCursor;
        const progress: Partial<UpstreamRow> = done
          ? { cursor: newest ?? null, pageCursor: null, passCursor: null }
          : { pageCursor: page.nextCursor, passCursor: newest ?? null };
        if (await applyPage(upstream, entries, progress, new Date(), result)) {
          deps.onListingsChanged();
        }
        if (done) break;
        pageCursor = page.nextCursor;
      }
    } catch (err) {
      error = err instanceof MirrorError ? err.message : 'the run failed: ' + String(err);
      if (!(err instanceof MirrorError)) deps.log.warn({ err, upstream: upstream.name }, error);
    }
    const [row] = await db
      .update(registryUpstreams)
      .set({
        lastSyncAt: started,
        lastError: error,
        lastResult: result,
        ...(error ? {} : { lastSuccessAt: new Date() }),
      })
      .where(eq(registryUpstreams.id, upstream.id))
      .returning();
    return row ?? upstream;
  }

  /** Runs an upstream, or joins the run of it under way on this instance. */
  function runOnce(upstream: UpstreamRow): Promise<UpstreamRow> {
    const pending = running.get(upstream.id);
    if (pending) return pending;
    const started = run(upstream).finally(() => running.delete(upstream.id));
    running.set(upstream.id, started);
    return started;
  }

  /** Runs every enabled upstream that is due; one instance wins each by compare-and-set. */
  async function tick(now = new Date()): Promise<number> {
    const due = await db
      .select()
      .from(registryUpstreams)
      .where(and(eq(registryUpstreams.enabled, true), lte(registryUpstreams.nextSyncAt, now)))
      .orderBy(asc(registryUpstreams.nextSyncAt));
    let ran = 0;
    for (const upstream of due) {
      const won = await db
        .update(registryUpstreams)
        .set({ nextSyncAt: new Date(now.getTime() + deps.intervalMs) })
        .where(
          and(
            eq(registryUpstreams.id, upstream.id),
            eq(registryUpstreams.nextSyncAt, upstream.nextSyncAt),
          ),
        )
        .returning({ id: registryUpstreams.id });
      if (!won.length) continue;
      await runOnce(upstream);
      ran++;
    }
    return ran;
  }

  return {
    tick,
    start(checkEveryMs: number) {
      timer = setInterval(() => {
        if (ticking) return;
        ticking = tick()
          .catch((err: unknown) => deps.log.warn({ err }, 'registry mirror tick failed'))
          .finally(() => (ticking = undefined));
      }, checkEveryMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await ticking;
      await Promise.allSettled(running.values());
    },

    async list(): Promise<Upstream[]> {
      const rows = await db.select().from(registryUpstreams).orderBy(asc(registryUpstreams.name));
      return Promise.all(rows.map(describe));
    },

    async get(id: string): Promise<Upstream> {
      return describe(await find(id));
    },

    /** Adds an upstream; an enabled one is due at once. */
    async add(input: UpstreamCreate): Promise<Upstream> {
      const [row] = await db
        .insert(registryUpstreams)
        .values({
          name: input.name,
          url: withoutTrailingSlash(input.url),
          enabled: input.enabled ?? true,
          trustLevel: input.trust_level ?? 'unverified',
          nextSyncAt: new Date(),
        })
        .returning()
        .catch((err: unknown) => {
          throw duplicate(err);
        });
      return describe(row!);
    },

    /** Renames, enables or disables; a new trust level applies to its mirrored servers too. */
    async update(id: string, patch: UpstreamPatch): Promise<Upstream> {
      const upstream = await find(id);
      const trust = patch.trust_level as TrustLevel | undefined;
      const row = await db
        .transaction(async (tx) => {
          const [updated] = await tx
            .update(registryUpstreams)
            .set({
              ...(patch.name !== undefined ? { name: patch.name } : {}),
              ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
              ...(trust ? { trustLevel: trust } : {}),
              updatedAt: new Date(),
            })
            .where(eq(registryUpstreams.id, upstream.id))
            .returning();
          if (trust && trust !== upstream.trustLevel) {
            await tx
              .update(registryServers)
              .set({ trustLevel: trust, updatedAt: new Date() })
              .where(inArray(registryServers.name, mirroredNames(tx, upstream.id)));
          }
          return updated!;
        })
        .catch((err: unknown) => {
          throw duplicate(err);
        });
      if (trust && trust !== upstream.trustLevel) deps.onListingsChanged();
      return describe(row);
    },

    /** Removes an upstream and every server mirrored from it. */
    async remove(id: string): Promise<void> {
      const upstream = await find(id);
      await db.transaction(async (tx) => {
        await tx
          .delete(registryServers)
          .where(
            and(
              eq(registryServers.origin, 'mirror'),
              inArray(registryServers.name, mirroredNames(tx, upstream.id)),
            ),
          );
        await tx.delete(registryUpstreams).where(eq(registryUpstreams.id, upstream.id));
      });
      deps.onListingsChanged();
    },

    /** Runs an upstream now (enabled or not) and answers how it went. */
    async syncNow(id: string): Promise<Upstream> {
      return describe(await runOnce(await find(id)));
    },
  };
}

const mirroredNames = (tx: Pick<Db, 'selectDistinct'>, upstreamId: string) =>
  tx
    .selectDistinct({ name: registryVersions.serverName })
    .from(registryVersions)
    .where(eq(registryVersions.upstreamId, upstreamId));
