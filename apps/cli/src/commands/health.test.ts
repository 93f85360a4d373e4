import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFixture, registryEntry, type Fixture } from '../test/fixture.ts';
import { startTestRegistry, type TestRegistry } from '../test/registry-server.ts';
import { runCli } from '../test/run-cli.ts';
import { writeTinyProject } from '../test/tiny-server.ts';

let fx: Fixture;
let up: TestRegistry;
let down: TestRegistry;
const spoke = (...args: string[]) => runCli(args, fx);

beforeEach(async () => {
  fx = makeFixture();
  up = await startTestRegistry();
  down = await startTestRegistry({ behaviour: 'fail' });
  fx.writeConfig({
    registries: [
      registryEntry('up', up.url, 10, {
        healthCheck: { enabled: true, endpoint: '/v0/health', interval: '5m' },
      }),
      registryEntry('down', down.url, 20),
      registryEntry('off', down.url, 25, {
        healthCheck: { enabled: false, endpoint: '/x', interval: '5m' },
      }),
      registryEntry('local', path.join(fx.configDir, 'registry.json'), 30),
    ],
  });
  writeTinyProject(path.join(fx.root, 'tiny'));
});
afterEach(async () => {
  await Promise.all([up.close(), down.close()]);
  fx.cleanup();
});

describe('spoke health', () => {
  it('checks every server and registry, exiting 1 on any failure', async () => {
    await spoke('init');
    await spoke('install', '../tiny', '--yes');
    await spoke('install', '../tiny', '--yes', '--name', 'drifty');
    await spoke('config', 'set', 'servers.drifty.env.TINY_EXTRA_TOOL', '1');
    const r = await spoke('health');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^Servers\n {2}ok {5}tiny {4}started in \d+ ms, 3 tools, definitions unchanged\n {2}drift {2}drifty {2}tool definitions changed since install\nRegistries\n/,
    );
    expect(r.stdout).toMatch(/ {2}ok {7}up {5}200 in \d+ ms\n/);
    expect(r.stdout).toContain('  fail     down   HTTP 500\n');
    expect(r.stdout).toContain('  skipped  off    health check disabled\n');
    expect(r.stdout).toContain('  ok       local  no file yet (empty registry)\n');
    const json = await spoke('health', '--json');
    expect(json.code).toBe(1);
    expect(json.json()).toMatchObject({
      ok: false,
      servers: [
        { name: 'tiny', status: 'ok', tools: 3, error: null },
        { name: 'drifty', status: 'drift', startMs: expect.any(Number) as number },
      ],
      registries: [
        { name: 'up', status: 'ok', httpStatus: 200, error: null },
        { name: 'down', status: 'fail', httpStatus: 500, error: 'HTTP 500' },
        { name: 'off', status: 'skipped' },
        { name: 'local', status: 'ok' },
      ],
    });
  });

  it('reports a server missing a secret it needs without starting it', async () => {
    fx.writeConfig({ registries: [registryEntry('up', up.url, 10)] });
    await spoke('init');
    await spoke('install', '../tiny', '--yes');
    const workspace = fx.readJson('spoke.json') as {
      servers: Record<string, { secrets?: string[] }>;
    };
    workspace.servers.tiny!.secrets = ['TINY_TOKEN'];
    fx.writeJson('spoke.json', workspace);
    const r = await spoke('health');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('  fail  tiny  missing secret TINY_TOKEN\n');
    expect((await spoke('health', '--json')).json()).toMatchObject({
      servers: [
        { name: 'tiny', status: 'fail', startMs: null, error: 'missing secret TINY_TOKEN' },
      ],
    });
  });

  it('checks only registries outside a workspace, exiting 0 when all are fine', async () => {
    fx.writeConfig({ registries: [registryEntry('up', up.url, 10)] });
    const r = await spoke('health');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Registries\n {2}ok {2}up {2}200 in \d+ ms\n\nNot in a workspace: no servers to check\. Run spoke init to create one\.\n$/,
    );
  });
});
