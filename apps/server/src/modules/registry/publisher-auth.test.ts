import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICIAL_META_KEY, ownNamespace } from '@spoke/shared';
import { officialExamples } from '@spoke/shared/server-json/official-documents';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  REGISTRY_TOKEN_SECONDS,
  createRegistryTokens,
  fetchWellKnownKey,
  type DomainKeySources,
} from './publisher-auth.ts';
import { apiToken, serverJson } from './registry-test-kit.ts';

/**
 * The exchanges `mcp-publisher` makes, request for request: `login` POSTs its credential to
 * `<registry>/v0/auth/<method>` and keeps `registry_token`; `publish` POSTs server.json to
 * `<registry>/v0/publish` with it as the bearer. The registry URL given to the publisher is
 * `<origin>/registry`.
 */

type Keys = { privateKey: KeyObject; record: string };

function ed25519Keys(): Keys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return { privateKey, record: `v=MCPv1; k=ed25519; p=${raw.toString('base64')}` };
}

function p384Keys(): Keys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  const jwk = publicKey.export({ format: 'jwk' });
  const y = Buffer.from(jwk.y!, 'base64url');
  const compressed = Buffer.concat([
    Buffer.from([y[y.length - 1]! & 1 ? 3 : 2]),
    Buffer.from(jwk.x!, 'base64url'),
  ]);
  return { privateKey, record: `v=MCPv1; k=ecdsap384; p=${compressed.toString('base64')}` };
}

/** As the publisher writes it: RFC 3339 in UTC, whole seconds. */
const rfc3339 = (ms = Date.now()) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What `mcp-publisher login http|dns` sends: the timestamp and its signature in hex. */
function signedBody(domain: string, keys: Keys, timestamp = rfc3339()) {
  const ec = keys.record.includes('ecdsap384');
  const signature = ec
    ? sign('sha384', Buffer.from(timestamp), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' })
    : sign(null, Buffer.from(timestamp), keys.privateKey);
  return { domain, timestamp, signed_timestamp: signature.toString('hex') };
}

// The domains' web servers: one local HTTP server answering for every domain by its Host header,
// as https://<domain>/.well-known/mcp-registry-auth would; DNS TXT records from a table.
const wellKnown = new Map<string, string>();
const txt = new Map<string, string[]>();
let keyServer: Server;
let keyPort: number;
const keySources: DomainKeySources = {
  wellKnown: (domain) =>
    new Promise((resolve, reject) => {
      httpGet(
        {
          host: '127.0.0.1',
          port: keyPort,
          path: '/.well-known/mcp-registry-auth',
          headers: { host: domain, accept: 'text/plain' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(body.trim())
              : reject(
                  new Error(
                    `HTTP ${res.statusCode} from https://${domain}/.well-known/mcp-registry-auth`,
                  ),
                ),
          );
        },
      ).on('error', reject);
    }),
  txt: async (domain) => {
    const records = txt.get(domain);
    if (!records) throw new Error(`queryTxt ENOTFOUND ${domain}`);
    return records;
  },
};

let t: TestApp;
let ada: Awaited<ReturnType<typeof register>>;
let adaSecret: string;
let adaTokenId: string;
let admin: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  keyServer = createServer((req, res) => {
    const host = (req.headers.host ?? '').toLowerCase();
    const body = req.url === '/.well-known/mcp-registry-auth' ? wellKnown.get(host) : undefined;
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`${body}\n`);
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  keyPort = (keyServer.address() as AddressInfo).port;
  t = await startTestApp({ adminEmails: ['root@example.com'] }, undefined, {
    domainKeys: keySources,
  });
  ada = await register(t.app);
  admin = await register(t.app, { email: 'root@example.com' });
  const token = await apiToken(t, ada);
  adaSecret = token.secret;
  adaTokenId = token.token.id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => keyServer.close(resolve));
});

const login = (method: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/registry/v0/auth/${method}`,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    payload: JSON.stringify(body),
  });

const publishWith = (token: string, doc: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/registry/v0/publish',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    payload: JSON.stringify(doc),
  });

async function registryToken(method: string, body: unknown): Promise<string> {
  const res = await login(method, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().registry_token;
}

describe('mcp-publisher login github --token <Spoke API token>', () => {
  it('exchanges the API token for a five-minute registry token that publishes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await login('github-at', { github_token: adaSecret });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'registry_token']);
    expect(body.expires_at).toBeGreaterThanOrEqual(before + REGISTRY_TOKEN_SECONDS);
    expect(body.expires_at).toBeLessThanOrEqual(
      Math.ceil(Date.now() / 1000) + REGISTRY_TOKEN_SECONDS,
    );
    const claims = JSON.parse(
      Buffer.from(body.registry_token.split('.')[1], 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      auth_method: 'github-at',
      auth_method_sub: ada.user.username,
      permissions: [{ action: 'publish', resource: `${ownNamespace(ada.user.username)}/*` }],
    });

    // The official minimal example, named into the user's namespace.
    const example = officialExamples('valid')['minimal.json'] as { name: string };
    const doc = { ...example, name: serverJson(ada.user, 'weather').name };
    const published = await publishWith(body.registry_token, doc);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().server).toEqual(doc);
    expect(published.json()._meta[OFFICIAL_META_KEY]).toMatchObject({ isLatest: true });
  });

  it('publishes only in the namespaces it grants', async () => {
    const token = await registryToken('github-at', { github_token: adaSecret });
    const example = officialExamples('valid')['minimal.json'];
    const res = await publishWith(token, example);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toContain('may publish only under');
  });

  it('refuses what is not a live Spoke API token with registry:publish', async () => {
    const wrong = await login('github-at', { github_token: 'gho_notaspoketoken' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatch(/^Token exchange failed/);
    const missing = await login('github-at', {});
    expect(missing.statusCode).toBe(422);
  });

  it('stops publishing once the API token is revoked', async () => {
    const other = await apiToken(t, ada);
    const token = await registryToken('github-at', { github_token: other.secret });
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/tokens/${other.token.id}`,
      headers: bearer(ada.token),
    });
    expect(revoked.statusCode).toBeLessThan(300);
    const res = await publishWith(token, serverJson(ada.user, 'after-revoke'));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toContain('revoked');
    expect(adaTokenId).not.toBe(other.token.id);
  });

  it('refuses expired, tampered and foreign registry tokens', async () => {
    const token = await registryToken('github-at', { github_token: adaSecret });
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    claims.permissions = [{ action: 'publish', resource: '*' }];
    const tampered = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
    const foreign = createRegistryTokens('another server secret of enough length').issue({
      auth_method: 'dns',
      auth_method_sub: 'example.com',
      permissions: [{ action: 'publish', resource: 'com.example/*' }],
    }).registry_token;
    for (const bad of [tampered, foreign]) {
      const res = await publishWith(bad, serverJson(ada.user, 'tampered'));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toContain('invalid or has expired');
    }
    const tokens = createRegistryTokens('a secret', () => Date.now() - 301_000);
    const old = tokens.issue({ auth_method: 'http', auth_method_sub: 'a.com', permissions: [] });
    expect(createRegistryTokens('a secret').verify(old.registry_token)).toBeNull();
    const fresh = tokens.issue({ auth_method: 'http', auth_method_sub: 'a.com', permissions: [] });
    expect(
      createRegistryTokens('a secret', () => Date.now() - 290_000).verify(fresh.registry_token),
    ).not.toBeNull();
  });
});

describe('mcp-publisher login http --domain <domain> --private-key <key>', () => {
  it('proves the domain with its well-known key and publishes the official example unchanged', async () => {
    const keys = ed25519Keys();
    wellKnown.set('user.github.io', keys.record);
    const signedAt = Date.now();
    const token = await registryToken(
      'http',
      signedBody('user.github.io', keys, rfc3339(signedAt)),
    );
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      auth_method: 'http',
      auth_method_sub: 'user.github.io',
      permissions: [{ action: 'publish', resource: 'io.github.user/*' }],
    });
    for (const file of ['minimal.json', 'with-package.json', 'with-remote.json']) {
      const doc = officialExamples('valid')[file];
      const res = await publishWith(token, doc);
      expect(res.statusCode, `${file}: ${res.body}`).toBe(200);
      expect(res.json().server).toEqual(doc);
    }
    // The next proof of the same domain publishes the next version of the same server. Its
    // timestamp is a second before the first one's, never the same second (a replay).
    const again = await registryToken(
      'http',
      signedBody('user.github.io', keys, rfc3339(signedAt - 1000)),
    );
    const next = { ...(officialExamples('valid')['minimal.json'] as object), version: '1.0.3' };
    expect((await publishWith(again, next)).statusCode).toBe(200);
  });

  it('grants no subdomain, as the official http method', async () => {
    const keys = ed25519Keys();
    wellKnown.set('http-only.example', keys.record);
    const token = await registryToken('http', signedBody('http-only.example', keys));
    const doc = {
      ...(officialExamples('valid')['minimal.json'] as object),
      name: 'example.http-only.sub/tool',
    };
    expect((await publishWith(token, doc)).statusCode).toBe(403);
  });

  it('takes ECDSA P-384 keys as well', async () => {
    const keys = p384Keys();
    wellKnown.set('p384.example', keys.record);
    const token = await registryToken('http', signedBody('p384.example', keys));
    const doc = {
      ...(officialExamples('valid')['minimal.json'] as object),
      name: 'example.p384/tool',
    };
    expect((await publishWith(token, doc)).statusCode).toBe(200);
  });

  it('refuses stale and future timestamps, bad signatures, replays and bad input', async () => {
    const keys = ed25519Keys();
    wellKnown.set('strict.example', keys.record);
    const refusal = async (body: unknown, message: string) => {
      const res = await login('http', body);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error).toBe(`HTTP authentication failed: ${message}`);
    };
    const outside = 'timestamp outside valid window (±15 seconds)';
    await refusal(signedBody('strict.example', keys, rfc3339(Date.now() - 20_000)), outside);
    await refusal(signedBody('strict.example', keys, rfc3339(Date.now() + 20_000)), outside);
    await refusal(
      signedBody('strict.example', keys, 'Sat, 28 Nov 2026 22:00:00 GMT'),
      'invalid timestamp format: expected RFC 3339',
    );
    await refusal(signedBody('strict.example', ed25519Keys()), 'signature verification failed');
    const wrongMessage = {
      ...signedBody('strict.example', keys),
      timestamp: rfc3339(Date.now() - 1000),
    };
    await refusal(wrongMessage, 'signature verification failed');
    await refusal(
      { ...signedBody('strict.example', keys), signed_timestamp: 'zz' },
      'invalid signature format, must be hex',
    );
    await refusal(signedBody('127.0.0.1', keys), 'invalid domain format');
    await refusal(
      { ...signedBody('strict.example', keys), signed_timestamp: 'abcd' },
      'invalid signature size for Ed25519 or ECDSA P-384',
    );
    const unknown = await login('http', signedBody('nobody.example', keys));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toMatch(
      /^HTTP authentication failed: failed to fetch public key: HTTP 404/,
    );

    const once = signedBody('strict.example', keys, rfc3339(Date.now() - 2000));
    expect((await login('http', once)).statusCode).toBe(200);
    await refusal(once, 'this signed timestamp was used already; sign a new one');

    wellKnown.set('nokey.example', 'hello');
    await refusal(signedBody('nokey.example', keys), 'no MCP public key found in HTTP response');
    const missing = await login('http', { domain: 'strict.example' });
    expect(missing.statusCode).toBe(422);
  });

  it('keeps domain proofs out of the accounts’ namespaces and servers', async () => {
    const keys = ed25519Keys();
    wellKnown.set('spoke.dev', keys.record);
    const spoke = await registryToken('http', signedBody('spoke.dev', keys));
    const own = {
      ...(officialExamples('valid')['minimal.json'] as object),
      name: 'dev.spoke/anything',
    };
    const res = await publishWith(spoke, own);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toContain("namespace of this registry's accounts");

    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/admin/registry/namespaces',
      headers: bearer(admin.token),
      payload: { namespace: 'com.held', username: ada.user.username },
    });
    expect(grant.statusCode, grant.body).toBe(201);
    wellKnown.set('held.com', keys.record);
    const held = await registryToken('http', signedBody('held.com', keys));
    const heldDoc = {
      ...(officialExamples('valid')['minimal.json'] as object),
      name: 'com.held/tool',
    };
    const refusedHeld = await publishWith(held, heldDoc);
    expect(refusedHeld.statusCode).toBe(403);
    expect(refusedHeld.json().error).toContain('held by an account');
    // The holder logs in with the API token; the registry token carries the granted namespace.
    const adas = await registryToken('github-at', { github_token: adaSecret });
    expect((await publishWith(adas, heldDoc)).statusCode).toBe(200);
  });
});

describe('mcp-publisher login dns --domain <domain> --private-key <key>', () => {
  it('proves the domain by TXT record and grants its subdomains too', async () => {
    const keys = ed25519Keys();
    txt.set('dns.example', ['v=spf1 -all', keys.record]);
    const token = await registryToken('dns', signedBody('dns.example', keys));
    const base = officialExamples('valid')['minimal.json'] as object;
    expect((await publishWith(token, { ...base, name: 'example.dns/tool' })).statusCode).toBe(200);
    expect((await publishWith(token, { ...base, name: 'example.dns.eu/tool' })).statusCode).toBe(
      200,
    );
    expect((await publishWith(token, { ...base, name: 'example.other/tool' })).statusCode).toBe(
      403,
    );
  });

  it('refuses a domain without a key record', async () => {
    txt.set('bare.example', ['v=spf1 -all']);
    const res = await login('dns', signedBody('bare.example', ed25519Keys()));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(
      'DNS authentication failed: no MCP public key found in DNS TXT records',
    );
  });
});

describe('methods this registry does not offer', () => {
  it('answers 404 in the registry error shape, saying what to use', async () => {
    for (const method of ['none', 'github-oidc', 'oidc', 'carrier-pigeon', 'constructor']) {
      const res = await login(method, {});
      expect(res.statusCode, method).toBe(404);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await login('none', {})).json().error).toContain('Anonymous login is not offered');
  });

  it('serves the same login under /registry/v0.1', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/registry/v0.1/auth/github-at',
      payload: { github_token: adaSecret },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the key fetcher', () => {
  it('never connects to this host or a private network', async () => {
    await expect(fetchWellKnownKey('localhost')).rejects.toThrow(/refused: .*loopback address/);
    await expect(fetchWellKnownKey('10.0.0.1')).rejects.toThrow(/refused: .*private address/);
    await expect(fetchWellKnownKey('169.254.169.254')).rejects.toThrow(/link-local address/);
  });
});
