import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICIAL_META_KEY, OwnServersSchema, SPOKE_META_KEY } from '@spoke/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import {
  bearer,
  register,
  registrationFor,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { apiToken, publish, serverJson } from './registry-test-kit.ts';

let t: TestApp;
let ada: Awaited<ReturnType<typeof register>>;
let bob: Awaited<ReturnType<typeof register>>;
let admin: Awaited<ReturnType<typeof register>>;
let adaSecret: string;

beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['root@example.com'] });
  ada = await register(t.app);
  bob = await register(t.app);
  admin = await register(t.app, { email: 'root@example.com' });
  adaSecret = (await apiToken(t, ada)).secret;
});
afterAll(async () => {
  await t.close();
});

const enc = encodeURIComponent;
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const latestOf = (name: string) => get(`/registry/v0.1/servers/${enc(name)}/versions/latest`);

describe('POST /registry/v0.1/publish', () => {
  it('publishes a new server as unverified and active, listed at once', async () => {
    const doc = serverJson(ada.user, 'weather', '0.1.0');
    const res = await publish(t, adaSecret, doc);
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json();
    expect(entry.server).toEqual(doc);
    expect(entry._meta[OFFICIAL_META_KEY]).toMatchObject({ status: 'active', isLatest: true });
    expect(entry._meta[SPOKE_META_KEY]).toMatchObject({
      trustLevel: 'unverified',
      license: null,
      integrationId: null,
      downloadCount: 0,
    });
    const found = await get(`/registry/v0.1/servers?search=${enc(doc.name)}`);
    expect(found.json().servers.map((s: { server: { name: string } }) => s.server.name)).toEqual([
      doc.name,
    ]);
  });

  it('keeps versions immutable: 400 on the same version, and nothing changes', async () => {
    const doc = serverJson(ada.user, 'stable', '1.0.0');
    expect((await publish(t, adaSecret, doc)).statusCode).toBe(200);
    const again = await publish(t, adaSecret, { ...doc, description: 'Changed' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    expect(again.json().error).toContain('versions are immutable');
    expect((await latestOf(doc.name)).json().server.description).toBe(doc.description);
  });

  it('validates against the server.json schema with errors keyed by path', async () => {
    const doc = serverJson(ada.user, 'broken', '1.0.0', {
      description: 'x'.repeat(101),
      packages: [
        {
          registryType: 'npm',
          identifier: '@ada/broken',
          version: 'latest',
          transport: { type: 'carrier-pigeon' },
        },
      ],
    });
    const res = await publish(t, adaSecret, doc);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BAD_REQUEST',
      error:
        'Invalid server.json: description must be at most 100 characters; packages.0.version must be an exact version, not "latest"; packages.0.transport.type must be one of stdio, streamable-http, sse',
      fields: {
        description: 'must be at most 100 characters',
        'packages.0.version': 'must be an exact version, not "latest"',
        'packages.0.transport.type': 'must be one of stdio, streamable-http, sse',
      },
    });
    for (const body of [[], { name: 'x' }]) {
      expect((await publish(t, adaSecret, body)).statusCode).toBe(400);
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/registry/v0.1/publish',
      headers: { ...bearer(adaSecret), 'content-type': 'application/json' },
      payload: '"text"',
    });
    expect(text.statusCode).toBe(400);
    expect((await latestOf(doc.name)).statusCode).toBe(404);
  });

  it('allows only the publisher’s own or granted namespaces', async () => {
    const theirs = serverJson(bob.user, 'not-ada', '1.0.0');
    const res = await publish(t, adaSecret, theirs);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    for (const name of [
      'io.github.someone/thing',
      'dev.spoke/http-request',
      'dev.spoke.catalog/xy',
    ]) {
      const r = await publish(t, adaSecret, { ...serverJson(ada.user, 'xy'), name });
      expect(r.statusCode, name).toBe(403);
    }
    expect((await latestOf(theirs.name)).statusCode).toBe(404);

    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/admin/registry/namespaces',
      headers: bearer(admin.token),
      payload: { namespace: 'com.acme', username: ada.user.username },
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const granted = await publish(t, adaSecret, {
      ...serverJson(ada.user, 'xy'),
      name: 'com.acme/tools',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const bobSecret = (await apiToken(t, bob)).secret;
    const intruder = await publish(t, bobSecret, {
      ...serverJson(bob.user, 'xy', '2.0.0'),
      name: 'com.acme/tools',
    });
    expect(intruder.statusCode).toBe(403);
  });

  it('needs a live API token with registry:publish', async () => {
    const doc = serverJson(ada.user, 'tokened', '1.0.0');
    expect((await publish(t, undefined, doc)).statusCode).toBe(401);
    expect((await publish(t, 'spk_' + 'a'.repeat(36), doc)).statusCode).toBe(401);
    // A session token is not an API token.
    expect((await publish(t, ada.token, doc)).statusCode).toBe(401);
    const { token, secret } = await apiToken(t, ada);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/tokens/${token.id}`,
      headers: bearer(ada.token),
    });
    expect(revoke.statusCode).toBe(200);
    const revoked = await publish(t, secret, doc);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('UNAUTHORIZED');
    expect((await latestOf(doc.name)).statusCode).toBe(404);
  });

  it('needs a proven e-mail address, and a refused publish stores nothing', async () => {
    const fresh = await register(t.app, {}, { verified: false });
    const { secret } = await apiToken(t, fresh);
    const doc = serverJson(fresh.user, 'unproven', '1.0.0');
    const refused = await publish(t, secret, doc);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      error:
        'Verify your e-mail address first: we sent you a link (you can resend it from the banner).',
    });
    expect((await latestOf(doc.name)).statusCode).toBe(404);
    // Its namespace was not claimed either: once proven, the same account publishes there.
    await t.app.spoke.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, fresh.user.id));
    expect((await publish(t, secret, doc)).statusCode).toBe(200);
  });

  it('lists the user’s servers, versions and namespaces at /api/registry/mine', async () => {
    const doc = serverJson(ada.user, 'mine', '1.0.0');
    await publish(t, adaSecret, doc);
    await publish(t, adaSecret, { ...doc, version: '1.1.0', packages: [] });
    const res = await get('/api/registry/mine', ada.token);
    expect(res.statusCode).toBe(200);
    const mine = OwnServersSchema.parse(res.json().data);
    const server = mine.servers.find((s) => s.name === doc.name)!;
    expect(server.versions.map((v) => [v.version, v.is_latest])).toEqual([
      ['1.1.0', true],
      ['1.0.0', false],
    ]);
    expect(mine.namespaces).toContain('com.acme');
    expect(mine.namespaces).toContain(doc.name.split('/')[0]);
    expect((await get('/api/registry/mine')).statusCode).toBe(401);
    const bobs = OwnServersSchema.parse((await get('/api/registry/mine', bob.token)).json().data);
    expect(bobs.servers).toEqual([]);
  });
});

describe('moderation', () => {
  const patch = (name: string, payload: object, token: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/registry/servers/${enc(name)}`,
      headers: bearer(token),
      payload,
    });

  it('is for admins only', async () => {
    for (const url of ['/api/admin/registry/servers', '/api/admin/registry/namespaces']) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, ada.token)).statusCode).toBe(403);
      expect((await get(url, admin.token)).statusCode).toBe(200);
    }
    const doc = serverJson(ada.user, 'weather', '0.1.0');
    expect((await patch(doc.name, { trust_level: 'trusted' }, ada.token)).statusCode).toBe(403);
    expect((await latestOf(doc.name)).json()._meta[SPOKE_META_KEY].trustLevel).toBe('unverified');
  });

  it('sets trust level and status; deleted servers leave the public API', async () => {
    const doc = serverJson(ada.user, 'weather', '0.1.0');
    const listed = await get(
      '/api/admin/registry/servers?origin=published&trust=unverified',
      admin.token,
    );
    expect(listed.json().data.servers.map((s: { name: string }) => s.name)).toContain(doc.name);
    const trusted = await patch(doc.name, { trust_level: 'verified' }, admin.token);
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json().data.server).toMatchObject({
      name: doc.name,
      trust_level: 'verified',
      origin: 'published',
      owner: ada.user.username,
      upstream: null,
      version_count: 1,
    });
    expect((await latestOf(doc.name)).json()._meta[SPOKE_META_KEY].trustLevel).toBe('verified');
    expect((await patch(doc.name, { status: 'deprecated' }, admin.token)).statusCode).toBe(200);
    expect((await latestOf(doc.name)).json()._meta[OFFICIAL_META_KEY].status).toBe('deprecated');
    expect((await patch(doc.name, { status: 'deleted' }, admin.token)).statusCode).toBe(200);
    expect((await latestOf(doc.name)).statusCode).toBe(404);
    const search = await get(`/registry/v0.1/servers?search=${enc(doc.name)}`);
    expect(search.json().servers).toEqual([]);
    for (const body of [{}, { trust_level: 'gold' }, { status: 'gone' }]) {
      expect((await patch(doc.name, body, admin.token)).statusCode).toBe(422);
    }
    expect((await patch('io.nope/none', { status: 'active' }, admin.token)).statusCode).toBe(404);
  });

  it('grants and removes namespaces', async () => {
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/registry/namespaces',
        headers: bearer(admin.token),
        payload,
      });
    expect((await post({ namespace: 'com.acme', username: bob.user.username })).statusCode).toBe(
      409,
    );
    expect((await post({ namespace: 'org.example', username: 'nobody-here' })).statusCode).toBe(
      404,
    );
    const bad = await post({ namespace: 'not a namespace', username: bob.user.username });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(['namespace']);
    expect((await post({ namespace: 'org.example', username: bob.user.username })).statusCode).toBe(
      201,
    );
    const grants = (await get('/api/admin/registry/namespaces', admin.token)).json().data.grants;
    expect(grants.map((g: { namespace: string }) => g.namespace)).toEqual([
      'com.acme',
      'org.example',
    ]);
    const del = (ns: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/registry/namespaces/${ns}`,
        headers: bearer(admin.token),
      });
    expect((await del('org.example')).statusCode).toBe(200);
    expect((await del('org.example')).statusCode).toBe(404);
  });
});

describe('one namespace per username', () => {
  const stem = () => `ns_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;

  it('refuses usernames that would share a namespace, in any case or separator', async () => {
    const name = stem();
    await register(t.app, { username: name });
    for (const variant of [
      name.replaceAll('_', '-'),
      name.toUpperCase(),
      name.replace('_', '-').toUpperCase(),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: { ...registrationFor(), username: variant },
      });
      expect(res.statusCode, variant).toBe(409);
      expect(res.json().error.fields).toEqual({ username: 'This username is already taken' });
    }
    // Racing sign-ups: the database's index decides, one account at most.
    const racing = stem();
    const answers = await Promise.all(
      [racing, racing.replaceAll('_', '-'), racing.toUpperCase()].map((username) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/register',
          payload: { ...registrationFor(), username },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(),
    ).toHaveLength(1);
    // The losers are told why, on the field, like a sign-up that came second.
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().error.fields).toEqual({ username: 'This username is already taken' });
    }
    const { rows } = (await t.app.spoke.database.db.execute(
      `select count(*)::int as n from users where lower(replace(username, '_', '-')) = '${racing.replaceAll('_', '-')}'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1);
  });

  it('gives a namespace two older accounts share to the earlier one, not the first publisher', async () => {
    const { db } = t.app.spoke.database;
    // Accounts from before the rule: the index is left out, as on such an installation.
    await db.execute('drop index if exists users_username_namespace_idx');
    const name = stem();
    const earlier = await register(t.app, { username: name });
    const later = await register(t.app, { username: `${name}x` });
    try {
      await db
        .update(users)
        .set({ username: name.replaceAll('_', '-') })
        .where(eq(users.id, later.user.id));
      const laterToken = (await apiToken(t, later)).secret;
      const squat = await publish(
        t,
        laterToken,
        serverJson({ username: name.replaceAll('_', '-') }, 'squat', '1.0.0'),
      );
      expect(squat.statusCode).toBe(403);
      expect(squat.json().error).toMatch(/belongs to another publisher/);
      const own = await publish(
        t,
        (await apiToken(t, earlier)).secret,
        serverJson(earlier.user, 'mine', '1.0.0'),
      );
      expect(own.statusCode, own.body).toBe(200);
    } finally {
      await db.delete(users).where(eq(users.id, later.user.id));
      await db.execute(
        `create unique index users_username_namespace_idx on users (lower(replace(username, '_', '-')))`,
      );
    }
  });
});
