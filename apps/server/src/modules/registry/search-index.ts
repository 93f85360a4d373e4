import { gte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { registryServerRemovals, registryServers } from '../../db/schema.ts';

/** What search reads of a server. */
type Indexed = {
  name: string;
  searchText: string;
  status: string;
  category: string | null;
  trustLevel: string;
};

export type SearchQuery = {
  /** Lower-cased; each must appear in the server's search text. */
  words: readonly string[];
  category?: string;
  trust?: string;
  includeDeleted?: boolean;
  /** Start at this name (included: the cursor's server may have versions left). */
  from?: string;
  /** How many names at most. */
  count: number;
};

/** Names a chunk holds when the index is built; one holding twice as many is split. */
const CHUNK = 1024;

/** Code point order: how PostgreSQL's "C" collation orders UTF-8 text. */
export function compareBytewise(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (an astral character) sorts after every other UTF-16 unit in code point order.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** The first position in `sorted` whose name is not before `name`. */
function lowerBound(sorted: readonly string[], name: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytewise(sorted[mid]!, name) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Small numbers for the few values a filter compares, so a filter reads no strings. */
class Codes {
  private readonly codes = new Map<string | null, number>();
  of(value: string | null): number {
    let code = this.codes.get(value);
    if (code === undefined) this.codes.set(value, (code = this.codes.size));
    return code;
  }
  /** The code of a value, or -1 when no server has it. */
  find(value: string): number {
    return this.codes.get(value) ?? -1;
  }
}

/**
 * A run of consecutive servers in name order. `text` is their search texts joined by line
 * breaks (a search word holds none), so one `indexOf` finds the next server with a word;
 * `starts` says where each server's text begins. It is rebuilt when the chunk changes.
 */
type Chunk = {
  names: string[];
  texts: string[];
  deleted: boolean[];
  category: number[];
  trust: number[];
  joined: { text: string; starts: Int32Array } | null;
};

function joinedOf(chunk: Chunk): { text: string; starts: Int32Array } {
  if (chunk.joined) return chunk.joined;
  const starts = new Int32Array(chunk.texts.length + 1);
  let at = 0;
  chunk.texts.forEach((text, i) => {
    starts[i] = at;
    at += text.length + 1;
  });
  starts[chunk.texts.length] = at;
  chunk.joined = { text: chunk.texts.join('\n') + '\n', starts };
  return chunk.joined;
}

/** The server whose text holds offset `at` of a chunk's joined text. */
function entryAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid;
  }
  return lo;
}

const columns = {
  name: registryServers.name,
  searchText: registryServers.searchText,
  status: registryServers.status,
  category: registryServers.category,
  trustLevel: registryServers.trustLevel,
};

/**
 * The registry's servers as search reads them, kept in memory in name order (decision 029): a
 * search walks them from the cursor and stops when the page is full, whatever the words, so a
 * query's cost does not hang on how a database plans it.
 *
 * Before every search the index reads what changed since it last looked, on any instance: rows
 * whose `changed_by` transaction is not older than the oldest transaction that was still running
 * then (`pg_snapshot_xmin`), and the names deleted outright since. A change committed late by a
 * long transaction is read on the next search after it commits; nothing is read twice for long.
 *
 * `chunkSize`: how many names a chunk holds when built (tests make it small, to have many).
 */
export function createSearchIndex(db: Db, chunkSize = CHUNK) {
  let chunks: Chunk[] = [];
  let size = 0;
  const categories = new Codes();
  const trusts = new Codes();
  /** Every transaction before this one had ended when the index last read. */
  let horizon: string | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  async function oldestRunning(): Promise<string> {
    const [row] = await db
      .select({ xmin: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text` })
      .from(sql`(values (1)) as one (x)`);
    return row!.xmin;
  }

  const emptyChunk = (): Chunk => ({
    names: [],
    texts: [],
    deleted: [],
    category: [],
    trust: [],
    joined: null,
  });

  function put(chunk: Chunk, at: number, row: Indexed, replace: boolean): void {
    const drop = replace ? 1 : 0;
    chunk.names.splice(at, drop, row.name);
    chunk.texts.splice(at, drop, row.searchText);
    chunk.deleted.splice(at, drop, row.status === 'deleted');
    chunk.category.splice(at, drop, categories.of(row.category));
    chunk.trust.splice(at, drop, trusts.of(row.trustLevel));
    chunk.joined = null;
  }

  /** The chunk a name belongs in: the last one starting at or before it. */
  function chunkFor(name: string): number {
    let lo = 0;
    let hi = chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (compareBytewise(chunks[mid]!.names[0]!, name) <= 0) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  function upsert(row: Indexed): void {
    if (chunks.length === 0) chunks.push(emptyChunk());
    const c = chunkFor(row.name);
    const target = chunks[c]!;
    const at = lowerBound(target.names, row.name);
    const known = target.names[at] === row.name;
    put(target, at, row, known);
    if (known) return;
    size++;
    if (target.names.length >= 2 * chunkSize) {
      const half = emptyChunk();
      half.names = target.names.splice(chunkSize);
      half.texts = target.texts.splice(chunkSize);
      half.deleted = target.deleted.splice(chunkSize);
      half.category = target.category.splice(chunkSize);
      half.trust = target.trust.splice(chunkSize);
      target.joined = null;
      chunks.splice(c + 1, 0, half);
    }
  }

  function remove(name: string): void {
    if (chunks.length === 0) return;
    const c = chunkFor(name);
    const chunk = chunks[c]!;
    const at = lowerBound(chunk.names, name);
    if (chunk.names[at] !== name) return;
    for (const list of [chunk.names, chunk.texts, chunk.deleted, chunk.category, chunk.trust]) {
      list.splice(at, 1);
    }
    chunk.joined = null;
    size--;
    if (chunk.names.length === 0) chunks.splice(c, 1);
  }

  async function load(): Promise<void> {
    const next = await oldestRunning();
    const rows: Indexed[] = await db
      .select(columns)
      .from(registryServers)
      .orderBy(registryServers.name);
    chunks = [];
    for (let i = 0; i < rows.length; i += chunkSize) {
      const built = emptyChunk();
      for (const row of rows.slice(i, i + chunkSize)) put(built, built.names.length, row, false);
      chunks.push(built);
    }
    size = rows.length;
    horizon = next;
  }

  /**
   * One statement, so one snapshot: the oldest transaction still running, the rows changed and
   * the names removed since `since`. Kinds: 0 the horizon (in `name`), 1 a row, 2 a removal.
   */
  async function readChanges(since: string): Promise<void> {
    const none = sql<string | null>`null`;
    const rows = await unionAll(
      db
        .select({
          kind: sql<number>`0`,
          name: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
          searchText: none,
          status: none,
          category: none,
          trustLevel: none,
        })
        .from(sql`(values (1)) as one (x)`),
      db
        .select({ kind: sql<number>`1`, ...columns })
        .from(registryServers)
        .where(gte(registryServers.changedBy, since)),
      db
        .select({
          kind: sql<number>`2`,
          name: registryServerRemovals.name,
          searchText: none,
          status: none,
          category: none,
          trustLevel: none,
        })
        .from(registryServerRemovals)
        .where(gte(registryServerRemovals.changedBy, since)),
    );
    const changed = rows.filter((row) => Number(row.kind) === 1) as Indexed[];
    const present = new Set(changed.map((row) => row.name));
    for (const row of rows) {
      if (Number(row.kind) === 2 && !present.has(row.name)) remove(row.name);
    }
    for (const row of changed) upsert(row);
    horizon = rows.find((row) => Number(row.kind) === 0)!.name;
  }

  /**
   * Brings the index up to date with everything committed before the call. A search that comes
   * while a read is under way waits for the next one (which it shares with the others waiting):
   * the read under way may have started before the searcher's own write was committed.
   */
  function sync(): Promise<void> {
    if (!running) {
      running = (horizon === null ? load() : readChanges(horizon)).finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = null;
        return sync();
      });
    return queued;
  }

  return {
    sync,

    /** The names of the servers a search finds, in name order. */
    find(query: SearchQuery): string[] {
      const found: string[] = [];
      const category = query.category === undefined ? -1 : categories.find(query.category);
      const trust = query.trust === undefined ? -1 : trusts.find(query.trust);
      if (
        (query.category !== undefined && category < 0) ||
        (query.trust !== undefined && trust < 0)
      ) {
        return found;
      }
      const filtered = category >= 0 || trust >= 0;
      const passes = (chunk: Chunk, i: number) =>
        (query.includeDeleted || !chunk.deleted[i]) &&
        (category < 0 || chunk.category[i] === category) &&
        (trust < 0 || chunk.trust[i] === trust);
      // The longest word is likely the rarest: the one to look for first.
      const [first, ...rest] = [...query.words].sort((a, b) => b.length - a.length);
      let c = query.from === undefined || chunks.length === 0 ? 0 : chunkFor(query.from);
      let from = query.from === undefined ? 0 : lowerBound(chunks[c]?.names ?? [], query.from);
      for (; c < chunks.length && found.length < query.count; c++, from = 0) {
        const chunk = chunks[c]!;
        if (first === undefined || filtered) {
          // Filters first: they compare small numbers; the words only where they pass.
          for (let i = from; i < chunk.names.length && found.length < query.count; i++) {
            if (!passes(chunk, i)) continue;
            if (query.words.every((word) => chunk.texts[i]!.includes(word))) {
              found.push(chunk.names[i]!);
            }
          }
          continue;
        }
        const { text, starts } = joinedOf(chunk);
        let at = starts[from]!;
        while (found.length < query.count) {
          const hit = text.indexOf(first, at);
          if (hit < 0) break;
          const i = entryAt(starts, hit);
          if (passes(chunk, i) && rest.every((word) => chunk.texts[i]!.includes(word))) {
            found.push(chunk.names[i]!);
          }
          at = starts[i + 1]!;
        }
      }
      return found;
    },

    /** How many servers the index holds. */
    get size(): number {
      return size;
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
