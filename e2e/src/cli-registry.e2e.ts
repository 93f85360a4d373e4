import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVER_SCHEMA_URL, ownNamespace } from '@spoke/shared';
import { makeFixture, registryEntry, type Fixture } from '../../apps/cli/src/test/fixture.ts';
import { startNpmRegistry, type NpmRegistry } from '../../apps/cli/src/test/npm-registry.ts';
import { runCli } from '../../apps/cli/src/test/run-cli.ts';
import { accountPost, registerUser, type Session } from './app-session.ts';

// The spoke CLI against the platform's real registry, served by the one e2e server process.
const baseUrl = inject('baseUrl');

let user: Session;
let secret: string;
let fx: Fixture;
let npm: NpmRegistry;
let serverName: string;
const PACKAGE = `@e2e/tiny-${Date.now()}`;

const spoke = (args: string[], cwd = fx.cwd, env: Record<string, string> = {}) =>
  runCli(args, { ...fx, cwd, env: { ...fx.env, ...env }, timeoutMs: 60_000 });

beforeAll(async () => {
  user = await registerUser({ verified: true });
  const created = await accountPost(
    'tokens',
    { name: 'e2e', scopes: ['registry:publish'] },
    { authorization: `Bearer ${user.token}` },
  );
  expect(created.status).toBe(201);
  secret = ((await created.json()) as { data: { secret: string } }).data.secret;
  fx = makeFixture();
  npm = await startNpmRegistry({ name: PACKAGE, version: '1.0.0', license: 'MIT' });
  fx.writeConfig({
    registries: [
      registryEntry('spoke', `${baseUrl}/registry`, 10, { trustLevel: 'verified' }),
      registryEntry('local', path.join(fx.configDir, 'registry.json'), 30),
    ],
  });
  Object.assign(fx.env, {
    SPOKE_URL: baseUrl,
    npm_config_registry: npm.url,
    npm_config_cache: path.join(fx.root, 'npm-cache'),
    npm_config_update_notifier: 'false',
  });
  serverName = `${ownNamespace(user.username)}/tiny`;
});

afterAll(async () => {
  await npm?.close();
  fx?.cleanup();
});

describe('spoke and the platform registry', () => {
  it('discovers catalog servers, with their trust level', async () => {
    const r = await spoke(['discover', 'github', '--registry', 'spoke', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const hits = r.json<{ servers: { name: string; trustLevel: string; registry: string }[] }>()
      .servers;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.registry === 'spoke')).toBe(true);
    expect(hits.map((h) => h.trustLevel)).toContain('verified');
  });

  it('logs in with an API token, publishes, discovers and installs the server', async () => {
    const project = path.join(fx.root, 'tiny-project');
    mkdirSync(project);
    writeFileSync(
      path.join(project, 'server.json'),
      JSON.stringify({
        $schema: SERVER_SCHEMA_URL,
        name: serverName,
        description: 'A tiny server published from the e2e suite',
        version: '1.0.0',
        packages: [
          {
            registryType: 'npm',
            identifier: PACKAGE,
            version: '1.0.0',
            transport: { type: 'stdio' },
            environmentVariables: [
              { name: 'TINY_TOKEN', description: 'A token', isRequired: true, isSecret: true },
            ],
          },
        ],
      }),
    );
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: PACKAGE, version: '1.0.0', license: 'MIT' }),
    );

    const login = await spoke(['login', '--token', secret, '--registry', 'spoke']);
    expect(login.code, login.stderr).toBe(0);
    const published = await spoke(['publish', '--registry', 'spoke'], project);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toContain(serverName);
    const again = await spoke(['publish', '--registry', 'spoke'], project);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already published');

    const found = await spoke(['discover', 'tiny', '--registry', 'spoke', '--format', 'json']);
    expect(found.code, found.stderr).toBe(0);
    const hit = found
      .json<{ servers: { name: string; trustLevel: string }[] }>()
      .servers.find((h) => h.name === serverName);
    expect(hit?.trustLevel).toBe('unverified');

    // New servers are unverified: the default policy asks for nothing more.
    const init = await spoke(['init']);
    expect(init.code, init.stderr).toBe(0);
    const installed = await spoke(['install', serverName, '--registry', 'spoke', '--yes'], fx.cwd, {
      TINY_TOKEN: 'from-the-environment',
    });
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stdout).toContain('Added tiny to spoke.json and spoke.lock.json');
    const tools = await spoke(['tools', 'tiny']);
    expect(tools.code, tools.stderr).toBe(0);

    const entry = await fetch(
      `${baseUrl}/registry/v0.1/servers/${encodeURIComponent(serverName)}/versions/latest`,
    );
    const meta = ((await entry.json()) as { _meta: Record<string, { downloadCount?: number }> })
      ._meta['dev.spoke/registry'];
    expect(meta?.downloadCount).toBe(1);
  });

  it('is refused by the registry once the token is revoked', async () => {
    const list = await fetch(`${baseUrl}/api/account/tokens`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const { tokens } = ((await list.json()) as { data: { tokens: { id: string }[] } }).data;
    for (const token of tokens) {
      const res = await fetch(`${baseUrl}/api/account/tokens/${token.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.status).toBe(200);
    }
    const project = path.join(fx.root, 'tiny-project');
    const doc = JSON.parse(
      await import('node:fs').then((fs) =>
        fs.readFileSync(path.join(project, 'server.json'), 'utf8'),
      ),
    ) as Record<string, unknown>;
    writeFileSync(path.join(project, 'server.json'), JSON.stringify({ ...doc, version: '1.0.1' }));
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: PACKAGE, version: '1.0.1', license: 'MIT' }),
    );
    const refused = await spoke(['publish', '--registry', 'spoke'], project);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not logged in, or the token was revoked');
  });
});
