import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MIRROR_META_KEY,
  type AdminRegistryServer,
  OFFICIAL_META_KEY,
  RegistryEntrySchema,
  RegistryListSchema,
  SPOKE_META_KEY,
  type Upstream,
} from '@spoke/shared';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';
import { apiToken, publish, serverJson } from './registry-test-kit.ts';
import { createMirrorService } from './mirror.ts';
import { officialEntry, startFakeUpstream, type FakeUpstream } from './mirror-test-kit.ts';

/**
 * The registry mirrors upstreams that speak the official API: a local registry built from the
 * vendored OpenAPI document stands in for registry.modelcontextprotocol.io.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof register>>;
let upstream: FakeUpstream;
/** A second local server: where a hostile upstream redirects. */
let elsewhere: http.Server;
let elsewherePort: number;
let elsewhereHits = 0;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  elsewhere = http.createServer((_req, res) => {
    elsewhereHits++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ servers: [], metadata: { count: 0 } }));
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewherePort = (elsewhere.address() as AddressInfo).port;
  // Private addresses stay refused; only the test's upstream is let through.
  t = await startTestApp({ adminEmails: ['root@example.com'] }, undefined, {
    mirrorNetwork: { exempt: ({ port }) => port === upstream.port },
  });
  admin = await register(t.app, { email: 'root@example.com' });
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
  elsewhere?.closeAllConnections();
  await new Promise((resolve) => elsewhere?.close(resolve));
});
beforeEach(() => {
  upstream.respond(undefined);
  upstream.setPageSize(2);
});

const enc = encodeURIComponent;
const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/admin/registry${url}`,
    headers: bearer(admin.token),
    ...(payload ? { payload } : {}),
  });
async function addUpstream(body: object): Promise<Upstream> {
  const res = await asAdmin('POST', '/upstreams', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.upstream as Upstream;
}
async function sync(id: string): Promise<Upstream> {
  const res = await asAdmin('POST', `/upstreams/${id}/sync`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.upstream as Upstream;
}
const read = (name: string, version = 'latest') =>
  t.app.inject({
    method: 'GET',
    url: `/registry/v0.1/servers/${enc(name)}/versions/${enc(version)}`,
  });
async function listed(search: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/registry/v0.1/servers?search=${enc(search)}&limit=100`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return RegistryListSchema.parse(res.json()).servers;
}

describe('mirroring an upstream registry', () => {
  let official: Upstream;

  it('reads every page on the first run, keeping the upstream official _meta and its own', async () => {
    upstream.put(
      officialEntry('io.github.acme/weather', '1.0.0', '2026-01-01T00:00:00Z'),
      officialEntry('io.github.acme/weather', '1.1.0', '2026-02-01T00:00:00Z'),
      officialEntry('io.github.acme/tides', '0.1.0', '2026-01-15T00:00:00Z'),
      officialEntry('io.github.acme/moon', '2.0.0', '2026-03-01T00:00:00Z', {
        status: 'deprecated',
      }),
      officialEntry('io.github.acme/stars', '1.0.0', '2026-01-20T00:00:00Z'),
    );
    official = await addUpstream({
      name: 'official',
      url: `${upstream.url}/`,
      trust_level: 'verified',
    });
    expect(official).toMatchObject({ url: upstream.url, enabled: true, cursor: null });
    const before = upstream.requests.length;
    const after = await sync(official.id);
    expect(after.last_error).toBeNull();
    expect(after.last_result).toMatchObject({ pages: 3, added: 5, skippedCount: 0, more: false });
    expect(after.cursor).toBe('2026-03-01T00:00:00.000Z');
    expect(after.version_count).toBe(5);
    // Paged with the upstream's cursor; the first run asks for everything.
    const asked = upstream.requests.slice(before);
    expect(asked.map((q) => q.get('updated_since'))).toEqual([null, null, null]);
    expect(asked.map((q) => q.get('cursor') !== null)).toEqual([false, true, true]);
    expect(asked.every((q) => q.get('limit') === '100')).toBe(true);
    expect(upstream.invalidPages).toEqual([]);

    const res = await read('io.github.acme/weather');
    expect(res.statusCode, res.body).toBe(200);
    const entry = RegistryEntrySchema.parse(res.json());
    expect(entry.server.version).toBe('1.1.0');
    expect(entry._meta[OFFICIAL_META_KEY]).toMatchObject({
      status: 'active',
      publishedAt: '2026-02-01T00:00:00.000Z',
      isLatest: true,
    });
    // Trust is this registry's, given per upstream; the upstream's own flags are kept apart.
    expect(entry._meta[SPOKE_META_KEY].trustLevel).toBe('verified');
    expect(entry._meta[MIRROR_META_KEY]).toMatchObject({
      upstream: upstream.url,
      official: { status: 'active', publishedAt: '2026-02-01T00:00:00.000Z', isLatest: true },
    });
    const moon = RegistryEntrySchema.parse((await read('io.github.acme/moon')).json());
    expect(moon._meta[OFFICIAL_META_KEY].status).toBe('deprecated');
    expect((await listed('acme')).length).toBe(5);
  });

  it('reads only what changed since, on the next run', async () => {
    upstream.put(officialEntry('io.github.acme/tides', '0.2.0', '2026-04-01T00:00:00Z'));
    const before = upstream.requests.length;
    const after = await sync(official.id);
    expect(after.last_result).toMatchObject({ pages: 1, added: 1, updated: 0, deleted: 0 });
    expect(upstream.requests.slice(before).map((q) => q.get('updated_since'))).toEqual([
      '2026-03-01T00:00:00.000Z',
    ]);
    expect(after.cursor).toBe('2026-04-01T00:00:00.000Z');
    const tides = RegistryEntrySchema.parse((await read('io.github.acme/tides')).json());
    expect(tides.server.version).toBe('0.2.0');
    // A run with nothing new changes nothing.
    expect((await sync(official.id)).last_result).toMatchObject({ pages: 1, added: 0 });
  });

  it('takes an edited version and a status change', async () => {
    upstream.put(
      officialEntry(
        'io.github.acme/stars',
        '1.0.0',
        '2026-01-20T00:00:00Z',
        { updatedAt: '2026-04-02T00:00:00Z', status: 'deprecated' },
        { description: 'Stars, now described better' },
      ),
    );
    const after = await sync(official.id);
    expect(after.last_result).toMatchObject({ added: 0, updated: 1 });
    const stars = RegistryEntrySchema.parse((await read('io.github.acme/stars')).json());
    expect(stars.server.description).toBe('Stars, now described better');
    expect(stars._meta[OFFICIAL_META_KEY].status).toBe('deprecated');
  });

  it('propagates deletions: a deleted version, then a deleted server', async () => {
    upstream.put(
      officialEntry('io.github.acme/weather', '1.1.0', '2026-02-01T00:00:00Z', {
        status: 'deleted',
        updatedAt: '2026-04-03T00:00:00Z',
      }),
    );
    expect((await sync(official.id)).last_result).toMatchObject({ deleted: 1 });
    expect((await read('io.github.acme/weather', '1.1.0')).statusCode).toBe(404);
    const weather = RegistryEntrySchema.parse((await read('io.github.acme/weather')).json());
    expect(weather.server.version).toBe('1.0.0');

    upstream.put(
      officialEntry('io.github.acme/weather', '1.0.0', '2026-01-01T00:00:00Z', {
        status: 'deleted',
        updatedAt: '2026-04-04T00:00:00Z',
      }),
    );
    expect((await sync(official.id)).last_result).toMatchObject({ deleted: 1 });
    expect((await read('io.github.acme/weather')).statusCode).toBe(404);
    expect((await listed('acme/weather')).length).toBe(0);
    // Visible with include_deleted, and always to updated_since (as the official registry).
    for (const query of ['include_deleted=true', 'updated_since=2026-01-01T00:00:00Z']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/registry/v0.1/servers?search=acme/weather&${query}`,
      });
      const { servers } = RegistryListSchema.parse(res.json());
      expect(servers.map((e) => [e.server.version, e._meta[OFFICIAL_META_KEY].status])).toEqual([
        ['1.0.0', 'deleted'],
      ]);
    }
    const moderated = await asAdmin('GET', '/servers?search=acme/weather');
    expect(moderated.json().data.servers).toMatchObject([
      { name: 'io.github.acme/weather', status: 'deleted' },
    ]);
  });

  it('never overwrites a name published here, and says so', async () => {
    const user = await register(t.app);
    const { secret } = await apiToken(t, user);
    const local = serverJson(user.user, 'own');
    expect((await publish(t, secret, local)).statusCode).toBe(200);
    upstream.put(
      officialEntry(local.name, '9.9.9', '2026-04-05T00:00:00Z', {}, { description: 'Not yours' }),
    );
    const after = await sync(official.id);
    expect(after.last_result?.skipped).toEqual([
      { name: local.name, version: '9.9.9', reason: 'the name is published here' },
    ]);
    const entry = RegistryEntrySchema.parse((await read(local.name)).json());
    expect(entry.server).toMatchObject({ version: '1.0.0', description: local.description });
    expect(entry._meta[MIRROR_META_KEY]).toBeUndefined();
  });

  it('lists mirrored servers apart in moderation, naming their upstream', async () => {
    const names = async (query: string) => {
      const res = await asAdmin('GET', `/servers?limit=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.servers as AdminRegistryServer[];
    };
    const mirrored = await names('origin=mirror');
    expect(mirrored.map((s) => s.name)).toEqual([
      'io.github.acme/moon',
      'io.github.acme/stars',
      'io.github.acme/tides',
      'io.github.acme/weather',
    ]);
    for (const server of mirrored) {
      expect(server).toMatchObject({ origin: 'mirror', upstream: 'official', owner: null });
    }
    const published = await names('origin=published');
    expect(published.length).toBeGreaterThan(0);
    for (const server of published) {
      expect(server).toMatchObject({ origin: 'published', upstream: null });
      expect(server.owner).not.toBeNull();
    }
    expect((await names('')).map((s) => s.origin)).toEqual(
      expect.arrayContaining(['mirror', 'published']),
    );

    for (const origin of ['mirrored', 'MIRROR', '']) {
      const res = await asAdmin('GET', `/servers?origin=${origin}`);
      expect(res.statusCode, origin).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(Object.keys(res.json().error.fields)).toEqual(['origin']);
    }
  });

  it('skips invalid entries and keeps the valid ones of the same page', async () => {
    upstream.setPageSize(10);
    const noMeta = officialEntry('io.github.acme/nometa', '1.0.0', '2026-04-06T00:00:00Z');
    noMeta._meta = { 'com.example/other': {} };
    const nul = officialEntry(
      'io.github.acme/nul',
      '1.0.0',
      '2026-04-06T00:00:00Z',
      {},
      {
        description: 'zero \u0000 byte',
      },
    );
    upstream.put(
      officialEntry(
        'io.github.acme/nodesc',
        '1.0.0',
        '2026-04-06T00:00:00Z',
        {},
        {
          description: undefined,
        },
      ),
      officialEntry(
        'io.github.acme/plain',
        '1.0.0',
        '2026-04-06T00:00:00Z',
        {},
        {
          remotes: [{ type: 'streamable-http', url: 'http://plain.example.com/mcp' }],
        },
      ),
      noMeta,
      nul,
      officialEntry('io.github.acme/ahead', '1.0.0', '2999-01-01T00:00:00Z'),
      officialEntry('io.github.acme/good', '1.0.0', '2026-04-06T00:00:00Z'),
    );
    const after = await sync(official.id);
    expect(after.last_error).toBeNull();
    expect(after.last_result).toMatchObject({ added: 1, skippedCount: 5 });
    const reasons = Object.fromEntries(
      after.last_result!.skipped.map((s) => [s.name, s.reason] as const),
    );
    expect(reasons['io.github.acme/nodesc']).toMatch(/^Invalid server.json: /);
    expect(reasons['io.github.acme/plain']).toMatch(/^Invalid server.json: /);
    expect(reasons['io.github.acme/nometa']).toBe(
      'no io.modelcontextprotocol.registry/official _meta',
    );
    expect(reasons['io.github.acme/nul']).toBe('text that cannot be kept');
    expect(reasons['io.github.acme/ahead']).toBe('publishedAt or updatedAt in the future');
    expect(after.cursor).toBe('2026-04-06T00:00:00.000Z');
    expect((await read('io.github.acme/good')).statusCode).toBe(200);
    for (const name of ['nodesc', 'plain', 'nometa', 'nul', 'ahead']) {
      expect((await read(`io.github.acme/${name}`)).statusCode).toBe(404);
    }
  });

  describe('an upstream that fails or misbehaves changes nothing', () => {
    async function expectUnchanged(expected: RegExp) {
      const before = (await asAdmin('GET', `/upstreams/${official.id}`)).json().data
        .upstream as Upstream;
      const names = (await listed('acme')).map((e) => `${e.server.name}@${e.server.version}`);
      upstream.put(officialEntry('io.github.acme/late', '1.0.0', '2026-05-01T00:00:00Z'));
      const after = await sync(official.id);
      expect(after.last_error).toMatch(expected);
      expect(after.cursor).toBe(before.cursor);
      expect(after.last_success_at).toBe(before.last_success_at);
      expect((await listed('acme')).map((e) => `${e.server.name}@${e.server.version}`)).toEqual(
        names,
      );
    }

    it('answers something other than JSON', async () => {
      upstream.respond((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"servers": [');
      });
      await expectUnchanged(/other than JSON/);
    });

    it('answers a body past the size cap', async () => {
      upstream.respond((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = ' '.repeat(1024 * 1024);
        for (let i = 0; i < 5; i++) res.write(chunk);
        res.end('{"servers": []}');
      });
      await expectUnchanged(/larger than/);
    });

    it('answers no server list, or an error status', async () => {
      upstream.respond((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ servers: 'all of them' }));
      });
      await expectUnchanged(/no server list/);
      upstream.respond((_req, res) => {
        res.writeHead(503);
        res.end();
      });
      await expectUnchanged(/answered 503/);
    });

    it('redirects to a private address', async () => {
      upstream.respond((_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.1:${elsewherePort}/v0.1/servers` });
        res.end();
      });
      await expectUnchanged(/refused: redirect to .*loopback/);
      expect(elsewhereHits).toBe(0);
    });

    it('fails on a later page: the pages before stay, the cursor does not move', async () => {
      let calls = 0;
      upstream.setPageSize(1);
      const real = upstream.url;
      upstream.respond((req, res) => {
        calls++;
        if (calls === 1) {
          // The first page as the upstream would send it; the second fails.
          const page = {
            servers: [officialEntry('io.github.acme/early', '1.0.0', '2026-05-02T00:00:00Z')],
            metadata: {
              count: 1,
              nextCursor: Buffer.from('io.github.acme/early\u00011.0.0').toString('base64url'),
            },
          };
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify(page));
        }
        res.writeHead(500);
        res.end();
      });
      const before = (await asAdmin('GET', `/upstreams/${official.id}`)).json().data
        .upstream as Upstream;
      const after = await sync(official.id);
      expect(real).toBe(upstream.url);
      expect(after.last_error).toMatch(/answered 500/);
      expect(after.cursor).toBe(before.cursor);
      expect((await read('io.github.acme/early')).statusCode).toBe(200);
    });

    it('is down', async () => {
      const down = await addUpstream({ name: 'down', url: 'http://127.0.0.1:9' });
      const after = await sync(down.id);
      expect(after.last_error).toMatch(/refused|could not connect/);
      expect(after.cursor).toBeNull();
      expect(after.version_count).toBe(0);
      expect((await asAdmin('DELETE', `/upstreams/${down.id}`)).statusCode).toBe(200);
    });
  });

  it('goes on from the last page read when the upstream answers again', async () => {
    const state = (await asAdmin('GET', `/upstreams/${official.id}`)).json().data
      .upstream as Upstream;
    expect(state.last_error).toMatch(/answered 500|refused|could not connect/);
    const finished = await sync(official.id);
    expect(finished.last_error).toBeNull();
    expect(finished.last_result?.more).toBe(false);
    expect(finished.cursor).toBe('2026-05-02T00:00:00.000Z');
    expect((await read('io.github.acme/late')).statusCode).toBe(200);
  });
});

describe('the schedule', () => {
  it('runs enabled upstreams when due, each once', async () => {
    const [first] = (await asAdmin('GET', '/upstreams')).json().data.upstreams as Upstream[];
    const due = new Date(Date.parse(first!.next_sync_at) + 1);
    const before = upstream.requests.length;
    expect(await t.app.spoke.mirror.tick(due)).toBe(1);
    expect(upstream.requests.length).toBeGreaterThan(before);
    // Not due again until the interval has passed.
    expect(await t.app.spoke.mirror.tick(due)).toBe(0);
    const later = new Date(due.getTime() + t.config.registryMirrorIntervalMs + 1);
    const off = await asAdmin('PATCH', `/upstreams/${first!.id}`, { enabled: false });
    expect(off.json().data.upstream.enabled).toBe(false);
    expect(await t.app.spoke.mirror.tick(later)).toBe(0);
    await asAdmin('PATCH', `/upstreams/${first!.id}`, { enabled: true });
    expect(await t.app.spoke.mirror.tick(later)).toBe(1);
  });
});

describe('administering upstreams', () => {
  it('is for admins only', async () => {
    const user = await register(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/registry/upstreams',
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a second upstream of the same name or URL, and bad addresses', async () => {
    expect(
      (await asAdmin('POST', '/upstreams', { name: 'official', url: 'https://x.example' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await asAdmin('POST', '/upstreams', { name: 'again', url: upstream.url })).statusCode,
    ).toBe(409);
    for (const url of ['ftp://x.example', 'https://x.example/?q=1', 'https://u:p@x.example']) {
      expect((await asAdmin('POST', '/upstreams', { name: 'bad', url })).statusCode).toBe(422);
    }
    expect((await asAdmin('GET', '/upstreams/not-an-id')).statusCode).toBe(404);
  });

  it('gives a new trust level to the servers it mirrored', async () => {
    const [first] = (await asAdmin('GET', '/upstreams')).json().data.upstreams as Upstream[];
    const res = await asAdmin('PATCH', `/upstreams/${first!.id}`, { trust_level: 'trusted' });
    expect(res.json().data.upstream.trust_level).toBe('trusted');
    const tides = RegistryEntrySchema.parse((await read('io.github.acme/tides')).json());
    expect(tides._meta[SPOKE_META_KEY].trustLevel).toBe('trusted');
    const moderated = (await asAdmin('GET', '/servers?origin=mirror&limit=100')).json().data
      .servers as AdminRegistryServer[];
    const official = moderated.filter((s) => s.upstream === first!.name);
    expect(official.length).toBeGreaterThan(0);
    expect(official.every((s) => s.trust_level === 'trusted')).toBe(true);
  });

  it('removes an upstream with the servers mirrored from it', async () => {
    const [first] = (await asAdmin('GET', '/upstreams')).json().data.upstreams as Upstream[];
    expect((await asAdmin('DELETE', `/upstreams/${first!.id}`)).statusCode).toBe(200);
    expect((await read('io.github.acme/tides')).statusCode).toBe(404);
    expect((await listed('acme')).length).toBe(0);
    expect((await asAdmin('GET', '/upstreams')).json().data.upstreams).toEqual([]);
  });
});

describe('a run with a page cap', () => {
  it('stops at the cap and goes on from there at the next run, then moves the cursor', async () => {
    const capped = createMirrorService({
      db: t.app.spoke.database.db,
      network: {
        allowPrivateNetworks: false,
        hooks: { exempt: ({ port }) => port === upstream.port },
      },
      intervalMs: 60_000,
      onListingsChanged: () => {},
      log: { warn: () => {} },
      limits: { maxPages: 2 },
    });
    for (const [i, name] of ['a1', 'b2', 'c3', 'd4', 'e5'].entries()) {
      upstream.put(
        officialEntry(`io.github.capped/${name}`, '1.0.0', `2026-06-0${i + 1}T00:00:00Z`),
      );
    }
    const added = await addUpstream({ name: 'capped', url: upstream.url });
    const first = await capped.syncNow(added.id);
    expect(first.last_result).toMatchObject({ pages: 2, more: true });
    expect(first.cursor).toBeNull();
    // The upstream holds more than two pages (the entries of the tests above too).
    let last = first;
    for (let runs = 1; last.last_result?.more && runs < 20; runs++) {
      last = await capped.syncNow(added.id);
      if (last.last_result?.more) expect(last.cursor).toBeNull();
    }
    expect(last.last_result).toMatchObject({ more: false });
    expect(last.last_error).toBeNull();
    expect(last.cursor).toBe('2026-06-05T00:00:00.000Z');
    for (const name of ['a1', 'b2', 'c3', 'd4', 'e5']) {
      expect((await read(`io.github.capped/${name}`)).statusCode).toBe(200);
    }
  });
});
