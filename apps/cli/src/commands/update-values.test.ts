import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installWorld, TINY, type InstallWorld } from '../test/install-world.ts';
import { runCli } from '../test/run-cli.ts';
import { onTerminal } from '../test/terminal.ts';
import type { Declaration } from '../registry/types.ts';

let world: InstallWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const files = (w: InstallWorld) =>
  ['spoke.json', 'spoke.lock.json'].map((f) => {
    const file = path.join(w.fx.cwd, f);
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  });

const token: Declaration = { name: 'TINY_TOKEN', isRequired: true, isSecret: true };
const region: Declaration = { name: 'TINY_REGION', isRequired: true };

/** Installs 1.0.0 (TINY_TOKEN, TINY_REGION), then publishes 1.1.0 declaring `next`. */
async function installThenPublish(next: Declaration[]): Promise<InstallWorld> {
  const w = (world = await installWorld({ nextVersion: '1.1.0' }));
  w.items[0]!.server.packages![0]!.environmentVariables = [token, region];
  const r = await runCli(
    ['install', TINY, '--yes', '--set', 'TINY_TOKEN=tok-1', '--set', 'TINY_REGION=eu'],
    { ...w.fx, timeoutMs: 60_000 },
  );
  expect(r.code, r.stderr).toBe(0);
  const item = structuredClone(w.items[0]!);
  item.server.version = '1.1.0';
  item.server.packages![0]!.version = '1.1.0';
  item.server.packages![0]!.environmentVariables = next;
  w.items.push(item);
  return w;
}

describe('spoke update carries the values over to the new version', () => {
  it('keeps set values, removes dropped ones, and reports a new required one as missing with --yes', async () => {
    const added: Declaration = { name: 'TINY_KEY', isRequired: true, isSecret: true };
    const w = await installThenPublish([token, added]);
    const before = files(w);
    const servers = () => readdirSync(path.join(w.fx.cwd, '.spoke', 'servers', 'tiny'));
    const installed = servers();

    const missing = await runCli(['update', 'tiny', '--yes'], { ...w.fx, timeoutMs: 60_000 });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `error: ${TINY}@1.1.0 needs a value that is not set: TINY_KEY (secret)\n` +
        'hint: set it with: spoke config set servers.tiny.env.TINY_KEY --type secret; ' +
        'then run spoke update tiny again\n',
    );
    expect(files(w)).toEqual(before);
    expect(servers()).toEqual(installed);

    // Given as the hint says, the update goes through; the kept token is not asked again.
    const set = await runCli(['config', 'set', 'servers.tiny.env.TINY_KEY', '--type', 'secret'], {
      ...w.fx,
      input: 'key-1\n',
    });
    expect(set.code, set.stderr).toBe(0);
    const r = await runCli(['update', 'tiny', '--yes'], { ...w.fx, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        'tiny  1.0.0 -> 1.1.0',
        '  license   MIT -> MIT',
        '  inputs    TINY_REGION is no longer declared; its value is removed',
        '  tools     3 -> 3',
        '  policy    allowed',
        'Updated tiny to 1.1.0',
        '',
      ].join('\n'),
    );
    const workspace = w.fx.readJson('spoke.json') as { servers: Record<string, unknown> };
    expect(workspace.servers.tiny).toMatchObject({ env: {}, secrets: ['TINY_TOKEN', 'TINY_KEY'] });
    const lock = w.fx.readJson('spoke.lock.json') as {
      servers: Record<string, { values: unknown }>;
    };
    expect(lock.servers.tiny!.values).toEqual([
      { part: 'env', name: 'TINY_TOKEN', type: 'secret', required: true },
      { part: 'env', name: 'TINY_KEY', type: 'secret', required: true },
    ]);
    expect((await runCli(['call', 'tiny', 'whoami'], w.fx)).stdout).toBe('tok-1\n');
    const status = await runCli(['status', '--json'], w.fx);
    expect(JSON.stringify(status.json())).not.toContain('missing');
  });

  it('asks for a new value at a terminal, and stores a new secret like install does', async () => {
    const added: Declaration = {
      name: 'TINY_KEY',
      description: 'An API key',
      isRequired: true,
      isSecret: true,
    };
    const w = await installThenPublish([token, region, added]);
    const term = onTerminal(['update', 'tiny'], w.fx);
    await term.waitFor('? TINY_KEY: An API key (secret, required): ', 60_000);
    term.type('key-2\r');
    await term.waitFor('? Update tiny to 1.1.0? [y/N] ', 60_000);
    term.type('y\r');
    expect(await term.exit).toBe(0);
    expect(term.screen()).toContain('  inputs    TINY_KEY is new; set');
    expect(term.screen()).not.toContain('key-2');
    expect(term.screen()).not.toContain('TINY_TOKEN: ');
    const workspace = w.fx.readJson('spoke.json') as { servers: Record<string, unknown> };
    expect(workspace.servers.tiny).toMatchObject({
      env: { TINY_REGION: 'eu' },
      secrets: ['TINY_TOKEN', 'TINY_KEY'],
    });
    for (const text of files(w)) expect(text).not.toContain('key-2');
    const status = await runCli(['status', '--json'], w.fx);
    expect(JSON.stringify(status.json())).not.toContain('missing');
  });
});

describe("spoke update and a new value named like one of Object's members", () => {
  it('reports it as missing with --yes, like any other new required value', async () => {
    const added: Declaration = { name: 'toString', isRequired: true };
    const w = await installThenPublish([token, region, added]);
    const before = files(w);
    const missing = await runCli(['update', 'tiny', '--yes'], { ...w.fx, timeoutMs: 60_000 });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `error: ${TINY}@1.1.0 needs a value that is not set: toString\n`,
    );
    expect(files(w)).toEqual(before);
  });
});
