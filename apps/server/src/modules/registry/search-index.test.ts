import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  INTEGRATION_CATEGORIES,
  RegistryListSchema,
  SERVER_SCHEMA_URL,
  TRUST_LEVELS,
  type ServerStatus,
} from '@spoke/shared';
import { openDatabase } from '../../db/client.ts';
import { registryServers, registryVersions } from '../../db/schema.ts';
import { register, startPeerApp, startTestApp, type TestApp } from '../../test/harness.ts';
import { searchTextOf } from './entries.ts';
import { apiToken, publish, serverJson } from './registry-test-kit.ts';
import { compareBytewise, createSearchIndex } from './search-index.ts';

let t: TestApp;
const db = () => t.app.spoke.database.db;

beforeAll(async () => {
  t = await startTestApp({ registryCacheMs: 0 });
});
afterAll(async () => {
  await t.close();
});

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'kappa'];

/** Servers of every shape search meets, written straight to the database. */
async function insertServers(prefix: string, count: number): Promise<void> {
  const servers = [];
  const versions = [];
  for (let i = 0; i < count; i++) {
    // Names whose byte order differs from a dictionary's: capitals, dots, dashes, underscores.
    const org = ['Acme', 'acme', 'a-cme', 'a.cme', 'a_cme', 'zeta'][i % 6]!;
    const name = `io.github.${org}${i % 7}/${prefix}-${WORDS[i % 6]}-${i}`;
    const description = `Talks to ${WORDS[(i * 5 + 1) % 6]} with 100%_sure tools ${i % 13}`;
    const status: ServerStatus = i % 17 === 0 ? 'deleted' : i % 11 === 0 ? 'deprecated' : 'active';
    const count = 1 + (i % 3);
    const doc = (version: string) => ({
      $schema: SERVER_SCHEMA_URL,
      name,
      description,
      version,
      remotes: [{ type: 'streamable-http', url: `https://${prefix}${i}.example.com/mcp` }],
    });
    servers.push({
      name,
      origin: 'published' as const,
      status,
      trustLevel: TRUST_LEVELS[i % TRUST_LEVELS.length]!,
      category: INTEGRATION_CATEGORIES[(i * 3) % INTEGRATION_CATEGORIES.length]!,
      latestVersion: `1.${count - 1}.0`,
      searchText: searchTextOf(doc('1.0.0')),
    });
    for (let v = 0; v < count; v++) {
      versions.push({ serverName: name, version: `1.${v}.0`, document: doc(`1.${v}.0`) });
    }
  }
  await db().insert(registryServers).values(servers);
  await db().insert(registryVersions).values(versions);
}

type Query = {
  search?: string;
  category?: string;
  trust?: string;
  version?: 'latest';
  includeDeleted?: boolean;
};

/** What a listing must hold, worked out from every row without the index. */
async function expected(q: Query): Promise<string[]> {
  const rows = await db()
    .select({
      name: registryServers.name,
      searchText: registryServers.searchText,
      status: registryServers.status,
      category: registryServers.category,
      trust: registryServers.trustLevel,
      latest: registryServers.latestVersion,
      version: registryVersions.version,
    })
    .from(registryVersions)
    .innerJoin(registryServers, eq(registryServers.name, registryVersions.serverName));
  const words = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return rows
    .filter(
      (r) =>
        (q.includeDeleted || r.status !== 'deleted') &&
        (!q.category || r.category === q.category) &&
        (!q.trust || r.trust === q.trust) &&
        (!q.version || r.version === r.latest) &&
        words.every((w) => r.searchText.includes(w)),
    )
    .sort((a, b) => compareBytewise(a.name, b.name) || compareBytewise(a.version, b.version))
    .map((r) => `${r.name}@${r.version}`);
}

/** Every entry of a listing, page by page, checking each page is full but the last. */
async function listed(q: Query, limit: number): Promise<string[]> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (q.search !== undefined) params.set('search', q.search);
  if (q.category) params.set('category', q.category);
  if (q.trust) params.set('trust', q.trust);
  if (q.version) params.set('version', q.version);
  if (q.includeDeleted) params.set('include_deleted', 'true');
  const out: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    if (cursor) params.set('cursor', cursor);
    const res = await t.app.inject({ method: 'GET', url: `/registry/v0.1/servers?${params}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = RegistryListSchema.parse(res.json());
    out.push(...page.servers.map((e) => `${e.server.name}@${e.server.version}`));
    cursor = page.metadata.nextCursor;
    if (!cursor) return out;
    expect(page.servers.length, JSON.stringify(q)).toBe(limit);
  }
  throw new Error('more than 1,000 pages');
}

describe('search through the index', () => {
  beforeAll(async () => {
    await insertServers('s', 90);
  });

  const queries: Query[] = [
    { search: 'alpha' },
    { search: 'ALPHA beta' },
    { search: 'acme' },
    { search: 'io.github.a' },
    { search: 'a_c' },
    { search: '100%_sure' },
    { search: '%' },
    { search: 'tools 1' },
    { search: 'nothing-matches-this' },
    { search: 'gamma', category: INTEGRATION_CATEGORIES[3] },
    { search: 'delta', trust: 'verified', version: 'latest' },
    { category: INTEGRATION_CATEGORIES[6] },
    { trust: 'unverified', includeDeleted: true },
    { search: 'omega', includeDeleted: true, version: 'latest' },
  ];

  it('lists what the database holds, in byte order, page by page, at every page size', async () => {
    for (const q of queries) {
      const want = await expected(q);
      for (const limit of q === queries[0] ? [1, 4, 30] : [4, 30]) {
        expect(await listed(q, limit), `${JSON.stringify(q)} limit ${limit}`).toEqual(want);
      }
    }
    // The queries are not all trivial: some find many, one finds nothing.
    expect((await expected({ search: 'alpha' })).length).toBeGreaterThan(30);
    expect(await expected({ search: 'nothing-matches-this' })).toEqual([]);
  }, 300_000);

  it('lists a server the index holds but the database has no version of as the database does', async () => {
    // A row without versions: the index finds it, the database lists nothing for it.
    await db()
      .insert(registryServers)
      .values({
        name: 'io.github.aaa/versionless-kappa',
        origin: 'published' as const,
        trustLevel: 'unverified',
        latestVersion: '1.0.0',
        searchText: 'io.github.aaa/versionless-kappa kappa',
      });
    for (const limit of [1, 2, 30]) {
      expect(await listed({ search: 'kappa' }, limit)).toEqual(await expected({ search: 'kappa' }));
    }
    await db()
      .delete(registryServers)
      .where(eq(registryServers.name, 'io.github.aaa/versionless-kappa'));
  });
});

describe('an index kept by another instance', () => {
  it('sees every change at its next search: publish, edit, status, rename, removal', async () => {
    const other = createSearchIndex(db());
    const find = async (words: string[]) => {
      await other.sync();
      return other.find({ words, count: 1000 });
    };
    expect(await find(['zebra'])).toEqual([]);

    const user = await register(t.app);
    const token = await apiToken(t, user);
    const doc = serverJson(user.user, 'zebra-tools', '1.0.0', { description: 'Zebra crossing' });
    expect((await publish(t, token.secret, doc)).statusCode).toBeLessThan(300);
    expect(await find(['zebra'])).toEqual([doc.name]);

    await db()
      .update(registryServers)
      .set({ searchText: 'now about quokkas' })
      .where(eq(registryServers.name, doc.name));
    expect(await find(['zebra'])).toEqual([]);
    expect(await find(['quokka'])).toEqual([doc.name]);

    await db()
      .update(registryServers)
      .set({ status: 'deleted' })
      .where(eq(registryServers.name, doc.name));
    expect(await find(['quokka'])).toEqual([]);
    expect(other.find({ words: ['quokka'], includeDeleted: true, count: 10 })).toEqual([doc.name]);

    // A name is never changed while versions refer to it; the index follows one that is.
    await db().delete(registryVersions).where(eq(registryVersions.serverName, doc.name));
    const renamed = `${doc.name}-renamed`;
    await db()
      .update(registryServers)
      .set({ name: renamed, status: 'active' })
      .where(eq(registryServers.name, doc.name));
    expect(await find(['quokka'])).toEqual([renamed]);

    await db().delete(registryServers).where(eq(registryServers.name, renamed));
    expect(await find(['quokka'])).toEqual([]);
  });

  it('does not count a download as a change to read', async () => {
    const [before] = await db()
      .select({ changedBy: registryServers.changedBy, name: registryServers.name })
      .from(registryServers)
      .limit(1);
    await db()
      .update(registryServers)
      .set({ downloadCount: sql`${registryServers.downloadCount} + 1` })
      .where(eq(registryServers.name, before!.name));
    const [after] = await db()
      .select({ changedBy: registryServers.changedBy })
      .from(registryServers)
      .where(eq(registryServers.name, before!.name));
    expect(after!.changedBy).toBe(before!.changedBy);
  });

  it('takes in a large batch of new servers in order', async () => {
    const other = createSearchIndex(db());
    await other.sync();
    const had = other.size;
    await insertServers('batch', 700);
    await other.sync();
    expect(other.size).toBe(had + 700);
    const names = other.find({ words: [], includeDeleted: true, count: 100_000 });
    expect(names).toEqual([...names].sort(compareBytewise));
    const fresh = createSearchIndex(db());
    await fresh.sync();
    expect(fresh.find({ words: [], includeDeleted: true, count: 100_000 })).toEqual(names);
  });

  it('finds what a walk over every row finds, across many small chunks, as rows come and go', async () => {
    const index = createSearchIndex(db(), 4);
    const all = () =>
      db()
        .select({
          name: registryServers.name,
          text: registryServers.searchText,
          status: registryServers.status,
          category: registryServers.category,
          trust: registryServers.trustLevel,
        })
        .from(registryServers);
    const check = async () => {
      await index.sync();
      const rows = (await all()).sort((a, b) => compareBytewise(a.name, b.name));
      expect(index.size).toBe(rows.length);
      const names = rows.map((r) => r.name);
      const froms = [undefined, names[0], names[7], `${names[40]}~`, names.at(-1), '~'];
      for (const words of [[], ['alpha'], ['talks', 'beta'], ['io.github.a'], ['cme3/'], ['zz']]) {
        for (const filter of [{}, { category: INTEGRATION_CATEGORIES[0] }, { trust: 'trusted' }]) {
          for (const includeDeleted of [false, true]) {
            for (const from of froms) {
              for (const count of [1, 5, 1000]) {
                const q = { words, ...filter, includeDeleted, from, count };
                const want = rows
                  .filter(
                    (r) =>
                      (from === undefined || compareBytewise(r.name, from) >= 0) &&
                      (includeDeleted || r.status !== 'deleted') &&
                      (!q.category || r.category === q.category) &&
                      (!q.trust || r.trust === q.trust) &&
                      words.every((w) => r.text.includes(w)),
                  )
                  .slice(0, count)
                  .map((r) => r.name);
                expect(index.find(q), JSON.stringify(q)).toEqual(want);
              }
            }
          }
        }
      }
    };
    await check();
    await insertServers('chunks', 60);
    await check();
    // Remove every third server, change the text and status of others.
    const rows = await all();
    for (const [i, row] of rows.entries()) {
      if (i % 3 === 0) {
        await db().delete(registryServers).where(eq(registryServers.name, row.name));
      } else if (i % 5 === 0) {
        await db()
          .update(registryServers)
          .set({ searchText: `${row.text} zz`, status: i % 2 ? 'deleted' : 'active' })
          .where(eq(registryServers.name, row.name));
      }
    }
    await check();
  }, 300_000);

  it('orders by code point, as the database does', () => {
    const names = ['b', 'B', 'a.b', 'a-b', 'a_b', 'ab', 'a', '\u{1F600}', '\uFFFD', 'é'];
    const bytes = (s: string) => Buffer.from(s, 'utf8');
    expect([...names].sort(compareBytewise)).toEqual(
      [...names].sort((x, y) => Buffer.compare(bytes(x), bytes(y))),
    );
  });
});

// On PostgreSQL, writers commit in any order: a change whose transaction began before the
// index read and committed after it is read at the next search.
describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let peer: TestApp;
  beforeAll(async () => {
    peer = await startPeerApp(t, { registryCacheMs: 0 });
  });
  afterAll(async () => {
    await peer?.close();
  });

  const search = async (app: TestApp, words: string) => {
    const res = await app.app.inject({
      method: 'GET',
      url: `/registry/v0.1/servers?search=${encodeURIComponent(words)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return RegistryListSchema.parse(res.json()).servers.map((e) => e.server.name);
  };

  it('finds what the other instance published, and a change committed late', async () => {
    const user = await register(t.app);
    const token = await apiToken(t, user);
    const doc = serverJson(user.user, 'ocelot', '1.0.0', { description: 'Ocelot spotting' });
    expect(await search(peer, 'ocelot')).toEqual([]);
    expect((await publish(t, token.secret, doc)).statusCode).toBeLessThan(300);
    expect(await search(peer, 'ocelot')).toEqual([doc.name]);

    const second = await openDatabase(t.config.databaseUrl, t.config.dataDir);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const began = new Promise<void>((resolve) => (started = resolve));
      const late = second.db.transaction(async (tx) => {
        await tx
          .update(registryServers)
          .set({ searchText: 'ocelot and lynx' })
          .where(eq(registryServers.name, doc.name));
        started();
        await held;
      });
      await began;
      // Another writer starts and commits after the first began: its transaction is newer.
      const other = serverJson(user.user, 'lynx-watch', '1.0.0', { description: 'Lynx watching' });
      expect((await publish(t, token.secret, other)).statusCode).toBeLessThan(300);
      expect(await search(peer, 'lynx')).toEqual([other.name]);
      release();
      await late;
      expect(await search(peer, 'lynx')).toEqual([doc.name, other.name].sort(compareBytewise));
    } finally {
      await second.close();
    }
  });
});
