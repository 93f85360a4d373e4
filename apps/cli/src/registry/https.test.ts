import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, registryEntry, type Fixture } from '../test/fixture.ts';
import { runCli } from '../test/run-cli.ts';

/** A self-signed certificate (its own CA) for the names in `san`. */
function certificate(dir: string, name: string, san: string) {
  const key = path.join(dir, `${name}-key.pem`);
  const cert = path.join(dir, `${name}-cert.pem`);
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${name}`],
      ...['-addext', `subjectAltName=${san}`],
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert), certFile: cert };
}

const item = (i: number) => ({
  server: {
    name: `io.github.test/secure-${i}`,
    version: '1.0.0',
    description: `Server number ${i} over TLS`,
  },
  _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
});

/** The official list API over https; the answer is sent in two chunks. */
async function secureRegistry(tls: { key: Buffer; cert: Buffer }): Promise<Server> {
  const server = createServer(tls, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    if (url.pathname !== '/v0.1/servers') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    const body = JSON.stringify({ servers: [item(1), item(2)], metadata: { count: 2 } });
    res.write(body.slice(0, 40));
    setTimeout(() => res.end(body.slice(40)), 10);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

let fx: Fixture;
let trusted: Server;
let wrongName: Server;
let caFile: string;
let otherCaFile: string;
const port = (s: Server) => (s.address() as AddressInfo).port;

beforeAll(async () => {
  fx = makeFixture();
  const good = certificate(fx.root, 'good', 'IP:127.0.0.1,DNS:localhost');
  const other = certificate(fx.root, 'other', 'DNS:registry.example');
  caFile = good.certFile;
  otherCaFile = other.certFile;
  trusted = await secureRegistry(good);
  wrongName = await secureRegistry(other);
});
afterAll(async () => {
  for (const s of [trusted, wrongName]) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  fx.cleanup();
});

const discover = (url: string, ca: string | null) => {
  fx.writeConfig({ registries: [registryEntry('secure', url, 10)] });
  const env = ca ? { ...fx.env, NODE_EXTRA_CA_CERTS: ca } : fx.env;
  return runCli(['discover', 'secure', '--limit', '5'], { ...fx, env });
};

describe('an https registry', () => {
  it('is read over TLS, by address or by name, when its certificate is trusted', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const r = await discover(`https://${host}:${port(trusted)}`, caFile);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(
        [
          'io.github.test/secure-1 1.0.0 (secure, trusted)',
          '  Server number 1 over TLS',
          'io.github.test/secure-2 1.0.0 (secure, trusted)',
          '  Server number 2 over TLS',
          '',
        ].join('\n'),
      );
      expect(r.stderr).toContain('2 results (--limit 5).');
    }
  });

  it('is refused when its certificate is not trusted or names another host', async () => {
    const untrusted = await discover(`https://127.0.0.1:${port(trusted)}`, null);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toContain('self-signed certificate');
    const mismatch = await discover(`https://127.0.0.1:${port(wrongName)}`, otherCaFile);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toMatch(/IP: 127\.0\.0\.1 is not in the cert's list/);
  });
});
