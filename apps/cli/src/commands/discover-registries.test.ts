import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverWorld, type DiscoverWorld } from '../test/discover-world.ts';
import { registryEntry } from '../test/fixture.ts';
import { entry } from '../test/registry-server.ts';
import { runCli } from '../test/run-cli.ts';

let world: DiscoverWorld;
beforeEach(async () => void (world = await discoverWorld()));
afterEach(() => world.close());

describe('spoke discover when registries fail, claim scopes or are not allowed', () => {
  it('gives a registry that hangs only performance.registryTimeout', async () => {
    world.spoke.behaviour = 'hang';
    const config = world.fx.readConfig();
    world.fx.writeConfig({ ...config, performance: { registryTimeout: '400ms' } });
    const startedAt = performance.now();
    const r = await runCli(['discover', 'notes', '--format', 'json'], world.fx);
    expect(performance.now() - startedAt).toBeLessThan(3000);
    expect(r.code).toBe(0);
    expect(r.json<{ warnings: unknown[] }>().warnings).toEqual([
      { registry: 'spoke', message: 'no answer within 400ms' },
    ]);
  });

  it('fails with exit code 1 when no registry answers', async () => {
    world.official.behaviour = 'fail';
    world.spoke.behaviour = 'fail';
    world.fx.writeJson(path.join(world.fx.configDir, 'registry.json'), '{ not json');
    const r = await runCli(['discover'], world.fx);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: no registry answered: official \(answered HTTP 500\); spoke \(answered HTTP 500\); local \(.*registry\.json is not valid JSON/,
    );
    const json = await runCli(['discover', '--json'], world.fx);
    expect(json.json<{ error: { code: string } }>().error.code).toBe('REGISTRY_UNAVAILABLE');
  });

  it('takes names in a scoped namespace only from the registry that claims it', async () => {
    const acme = await world.registry({
      items: [entry('com.acme/billing-db', '1.0.0', { description: 'The real one' })],
    });
    const config = world.fx.readConfig() as { registries: unknown[] };
    config.registries.push(
      registryEntry('acme', acme.url, 5, { scope: 'com.acme', type: 'enterprise' }),
    );
    world.fx.writeConfig(config);
    const r = await runCli(['discover', 'billing', '--json'], world.fx);
    expect(r.json<{ servers: { name: string; registry: string }[] }>().servers).toEqual([
      expect.objectContaining({ name: 'com.acme/billing-db', registry: 'acme', version: '1.0.0' }),
    ]);
    acme.behaviour = 'fail';
    const down = await runCli(['discover', 'billing', '--json'], world.fx);
    expect(down.json<{ servers: unknown[] }>().servers).toEqual([]);
  });

  it('asks only allowed registries, and refuses --registry for a blocked one', async () => {
    const config = world.fx.readConfig();
    world.fx.writeConfig({ ...config, security: { allowedRegistries: ['spoke'] } });
    const r = await runCli(['discover', 'filesystem'], world.fx);
    expect(world.official.requests).toEqual([]);
    expect(r.stdout).toContain('(spoke, verified)');
    expect(r.stderr).toContain(
      "note: skipping registry official: the policy's allowed-registries does not include it",
    );
    const blocked = await runCli(['discover', '--registry', 'official'], world.fx);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain('error: policy refuses registry official');
  });

  it('treats an unknown --registry as a usage error', async () => {
    const r = await runCli(['discover', '--registry', 'nope'], world.fx);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: unknown registry "nope" (configured: official, spoke, local)\nhint: see spoke registry list\n',
    );
  });

  it('skips a registry whose recent health check timed out, and remembers checks', async () => {
    const config = world.fx.readConfig() as { registries: Record<string, unknown>[] };
    config.registries[1]!.healthCheck = { enabled: true, endpoint: '/api/health', interval: '5m' };
    world.fx.writeConfig({ ...config, performance: { registryTimeout: '400ms' } });
    world.spoke.behaviour = 'hang';
    const first = await runCli(['discover', 'notes'], world.fx);
    expect(first.stderr).toContain('warning: registry spoke did not answer');
    const health = JSON.parse(
      readFileSync(path.join(world.fx.stateDir, 'health.json'), 'utf8'),
    ) as {
      registries: Record<string, { ok: boolean; error: string }>;
    };
    expect(health.registries.spoke).toMatchObject({ ok: false, error: 'no answer within 400ms' });
    const asked = world.spoke.requests.length;
    const second = await runCli(['discover', 'notes'], world.fx);
    expect(world.spoke.requests.length).toBe(asked);
    expect(second.stderr).toContain(
      'note: skipping registry spoke: health check failed just now (no answer within 400ms); it is checked again after 5m, or now with spoke health',
    );
  });

  it('asks again a registry whose check failed at once: it may be back, and asking costs nothing', async () => {
    const config = world.fx.readConfig() as { registries: Record<string, unknown>[] };
    config.registries[1]!.healthCheck = { enabled: true, endpoint: '/api/health', interval: '5m' };
    world.fx.writeConfig(config);
    world.spoke.behaviour = 'fail';
    const first = await runCli(['discover', 'notes'], world.fx);
    expect(first.stderr).toContain('warning: registry spoke did not answer');
    // The platform comes back: the next command finds it, without waiting for the interval.
    world.spoke.behaviour = 'ok';
    const second = await runCli(['discover', 'notes', '--json'], world.fx);
    expect(second.stderr).not.toContain('skipping registry spoke');
    expect(second.json<{ servers: { name: string }[] }>().servers.map((s) => s.name)).toContain(
      'dev.spoke.ada/fs-notes',
    );
    const health = JSON.parse(
      readFileSync(path.join(world.fx.stateDir, 'health.json'), 'utf8'),
    ) as { registries: Record<string, { ok: boolean }> };
    expect(health.registries.spoke).toMatchObject({ ok: true });
  });

  it('uses SPOKE_URL for the registry named spoke', async () => {
    world.fx.writeConfig({
      registries: [
        registryEntry('spoke', 'http://127.0.0.1:9/registry', 20, { trustLevel: 'verified' }),
      ],
    });
    const r = await runCli(['discover', 'notes', '--json'], {
      ...world.fx,
      env: { ...world.fx.env, SPOKE_URL: `${world.spoke.url}/` },
    });
    expect(r.json<{ servers: { name: string }[] }>().servers.map((s) => s.name)).toEqual([
      'dev.spoke.ada/fs-notes',
    ]);
    expect(world.spoke.requests).toContain(
      '/registry/v0.1/servers?search=notes&version=latest&limit=5',
    );
  });
});
