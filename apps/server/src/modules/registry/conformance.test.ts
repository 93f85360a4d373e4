import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SCHEMA_URL, type RegistryEntry } from '@spoke/shared';
import {
  officialExamples,
  officialResponseValidator,
  officialServerSchemaValidator,
} from '@spoke/shared/server-json/official-documents';
import { register, startTestApp, type TestApp } from '../../test/harness.ts';
import { apiToken, publish, serverJson } from './registry-test-kit.ts';

/**
 * The registry held to the official MCP registry's own documents (packages/shared/src/
 * server-json/official): every read answer against the OpenAPI document's response schemas,
 * every served server.json against the schema its `$schema` names, and the official example
 * documents through publishing.
 */

let t: TestApp;
let user: Awaited<ReturnType<typeof register>>;
let secret: string;
let namespace: string;

beforeAll(async () => {
  t = await startTestApp();
  user = await register(t.app);
  secret = (await apiToken(t, user)).secret;
  namespace = serverJson(user.user, 'any').name.split('/')[0]!;
});
afterAll(async () => {
  await t.close();
});

const enc = encodeURIComponent;
const get = (url: string) => t.app.inject({ method: 'GET', url });

const LIST = '/v0.1/servers';
const VERSIONS = '/v0.1/servers/{serverName}/versions';
const VERSION = '/v0.1/servers/{serverName}/versions/{version}';

/** The answer, checked against the official schema for its route and status. */
async function conforming(url: string, path: string, status: number) {
  const res = await get(`/registry${url}`);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body: unknown = res.json();
  expectValid(officialResponseValidator('GET', path, status), body, url);
  return body;
}

type Validator = ReturnType<typeof officialResponseValidator>;

function expectValid(validate: Validator, value: unknown, what: string) {
  const ok = validate(value);
  expect(ok ? [] : validate.errors, what).toEqual([]);
}

/** Each served server.json against the official schema its `$schema` names. */
function expectDocumentsConform(entries: readonly RegistryEntry[]) {
  for (const entry of entries) {
    const url = entry.server.$schema;
    expect(typeof url, entry.server.name).toBe('string');
    const validate = officialServerSchemaValidator(url!);
    expect(validate, `${entry.server.name}: ${url}`).toBeDefined();
    expectValid(validate!, entry.server, `${entry.server.name} ${entry.server.version}`);
  }
}

/** The official example, renamed into the publisher's namespace. */
const renamed = (doc: unknown) => {
  const d = doc as { name?: string };
  return { ...d, ...(d.name ? { name: `${namespace}/${d.name.split('/').pop()}` } : {}) };
};

describe('read answers against the official OpenAPI document', () => {
  it('lists, searches and pages in the official ServerList shape', async () => {
    const entries: RegistryEntry[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = (await conforming(
        `${LIST}?limit=40${cursor ? `&cursor=${enc(cursor)}` : ''}`,
        LIST,
        200,
      )) as { servers: RegistryEntry[]; metadata: { nextCursor?: string; count: number } };
      expect(page.metadata.count).toBe(page.servers.length);
      entries.push(...page.servers);
      cursor = page.metadata.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(entries.length).toBeGreaterThan(100);
    expectDocumentsConform(entries);
    await conforming(`${LIST}?search=github`, LIST, 200);
    await conforming(`${LIST}?version=latest&limit=5`, LIST, 200);
    await conforming(`${LIST}?updated_since=2020-01-01T00:00:00Z&limit=5`, LIST, 200);
  });

  it('answers versions, one version and the latest in the official shapes', async () => {
    const docs = ['1.0.0', '1.1.0'].map((v) => serverJson(user.user, 'conformant', v));
    const older = {
      ...serverJson(user.user, 'conformant', '0.9.0'),
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
    };
    for (const doc of [...docs, older]) {
      const res = await publish(t, secret, doc);
      expect(res.statusCode, res.body).toBe(200);
      expectValid(officialResponseValidator('POST', '/v0.1/publish', 200), res.json(), doc.version);
    }
    const name = enc(docs[0]!.name);
    const versions = (await conforming(`/v0.1/servers/${name}/versions`, VERSIONS, 200)) as {
      servers: RegistryEntry[];
    };
    expect(versions.servers.map((s) => s.server.version)).toEqual(['0.9.0', '1.1.0', '1.0.0']);
    expectDocumentsConform(versions.servers);
    for (const v of ['1.0.0', '0.9.0', 'latest']) {
      const entry = (await conforming(`/v0.1/servers/${name}/versions/${v}`, VERSION, 200)) as {
        server: { version: string };
      };
      expect(entry.server.version).toBe(v === 'latest' ? '1.1.0' : v);
    }
  });

  it('answers 404 with the official error shape', async () => {
    for (const [url, path] of [
      ['/v0.1/servers/io.example%2Fnone/versions', VERSIONS],
      ['/v0.1/servers/io.example%2Fnone/versions/1.0.0', VERSION],
      ['/v0.1/servers/io.example%2Fnone/versions/latest', VERSION],
    ] as const) {
      const body = (await conforming(url, path, 404)) as { error: unknown };
      expect(typeof body.error, url).toBe('string');
    }
  });
});

describe('the official example documents through publishing', () => {
  it('accepts every valid example, renamed into the publisher’s namespace', async () => {
    const examples = officialExamples('valid');
    expect(Object.keys(examples).length).toBeGreaterThanOrEqual(3);
    for (const [file, doc] of Object.entries(examples)) {
      const res = await publish(t, secret, renamed(doc));
      expect(res.statusCode, `${file}: ${res.body}`).toBe(200);
      const entry = res.json() as RegistryEntry;
      expectValid(officialResponseValidator('POST', '/v0.1/publish', 200), entry, file);
      expectDocumentsConform([entry]);
    }
  });

  it('refuses every invalid example for the field it gets wrong', async () => {
    const wrong: Record<string, string> = {
      'bad-name-pattern.json': 'name',
      'description-too-long.json': 'description',
      'missing-name.json': 'name',
      'package-version-latest.json': 'packages.0.version',
      'positional-argument-missing-value.json': 'packages.0.packageArguments.0',
    };
    const examples = officialExamples('invalid');
    expect(Object.keys(examples).sort()).toEqual(Object.keys(wrong).sort());
    for (const [file, doc] of Object.entries(examples)) {
      // Named as current documents are: the example is refused for its own fault alone.
      const named = { $schema: SERVER_SCHEMA_URL, ...(doc as object) };
      const sent = file === 'bad-name-pattern.json' ? named : renamed(named);
      const res = await publish(t, secret, sent);
      expect(res.statusCode, file).toBe(400);
      const body = res.json() as { error: unknown; fields: Record<string, string> };
      expect(typeof body.error, file).toBe('string');
      expect(Object.keys(body.fields), file).toEqual([wrong[file]]);
    }
  });

  it('refuses a version published already with 400', async () => {
    const doc = serverJson(user.user, 'once', '1.0.0');
    expect((await publish(t, secret, doc)).statusCode).toBe(200);
    const again = await publish(t, secret, doc);
    expect(again.statusCode).toBe(400);
    expect(typeof again.json().error).toBe('string');
  });
});

describe('HTTP as the official registry answers it', () => {
  it('lets pages of other sites read /registry/* and answers their preflight', async () => {
    const res = await t.app.inject({
      url: '/registry/v0.1/servers?limit=1',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/registry/v0.1/servers',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
    // The rest of the app stays same-origin.
    const api = await get('/api/health');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('redirects an address with a trailing slash to the one without, with 308', async () => {
    const res = await get('/registry/v0.1/servers/?limit=2');
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/registry/v0.1/servers?limit=2');
    const one = await get('/registry/v0.1/servers/io.example%2Fnone/versions/1.0.0/');
    expect(one.statusCode).toBe(308);
    expect(one.headers.location).toBe('/registry/v0.1/servers/io.example%2Fnone/versions/1.0.0');
  });

  it('answers an address it does not have with 404 in the official shape, readable elsewhere', async () => {
    for (const url of [
      '/registry/v0.1/nothing',
      '/registry/v0/servers/a/b/c/d',
      '/registry/v0.1',
    ]) {
      const res = await t.app.inject({ url, headers: { origin: 'https://elsewhere.example' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        error: 'The requested resource was not found.',
        code: 'NOT_FOUND',
      });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    // The platform's own addresses keep the platform's envelope.
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses a bad updated_since with 400', async () => {
    const res = await get('/registry/v0.1/servers?updated_since=last-week');
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});
