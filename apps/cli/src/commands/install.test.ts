import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@spoke/shared/testing/free-port';
import { registryEntry } from '../test/fixture.ts';
import { installWorld, TINY, type InstallWorld } from '../test/install-world.ts';
import { runCli, startCli } from '../test/run-cli.ts';
import { onTerminal } from '../test/terminal.ts';
import type { ListItem } from '../registry/types.ts';

type ServerLike = { args?: string[]; env?: Record<string, string> };

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

/** The version of the tiny package installed under .spoke/servers/<name>. */
const tinyManifest = (w: InstallWorld, name = 'tiny') =>
  path.join(w.fx.cwd, '.spoke/servers', name, 'node_modules/@test/tiny/package.json');
const installedTiny = (w: InstallWorld) =>
  (JSON.parse(readFileSync(tinyManifest(w), 'utf8')) as { version: string }).version;

/** The spoke.json entry `spoke install tiny` writes, as a person would also write it by hand. */
const TINY_ENTRY = {
  source: TINY,
  version: 'latest',
  registry: 'official',
  transport: 'stdio',
  command: 'node',
  args: ['.spoke/servers/tiny/node_modules/@test/tiny/server.js'],
  env: {},
  secrets: ['TINY_TOKEN'],
};

/** Adds tiny to spoke.json by hand (not locked, not installed); the file's path. */
function addTinyByHand(w: InstallWorld): string {
  const workspace = w.fx.readJson('spoke.json') as { servers: Record<string, unknown> };
  workspace.servers.tiny = TINY_ENTRY;
  return w.fx.writeJson('spoke.json', workspace);
}

/** Runs `spoke install` (restoring the workspace), sends Ctrl+C once npm is downloading. */
async function interruptRestore(w: InstallWorld, env: Record<string, string>): Promise<void> {
  const held = w.npm.holdTarballs();
  const { child, result } = startCli(['install', '--yes'], { ...w.fx, env });
  await held;
  child.kill('SIGINT');
  const r = await result;
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(
    'error: install interrupted; spoke.json and spoke.lock.json are unchanged',
  );
}

describe('spoke install from a registry', () => {
  it('installs the npm package, stores the secret and records both files', async () => {
    const w = (world = await installWorld());
    const env = { ...w.fx.env, TINY_TOKEN: 'tok-123' };
    const r = await runCli(['install', TINY, '--yes'], { ...w.fx, env, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Added tiny to spoke.json and spoke.lock.json\n');
    expect(r.stderr).toContain(
      `Resolving ${TINY}\n  priority 10  official  1.0.0  trusted  <- used`,
    );
    expect(r.stderr).toContain('Server     tiny (io.github.test/server-tiny@1.0.0)');
    expect(r.stderr).toContain('Package    npm @test/tiny@1.0.0');
    expect(r.stderr).toContain(
      `Will run   node ${path.join(w.fx.cwd, '.spoke/servers/tiny/node_modules/@test/tiny/server.js')}`,
    );
    expect(r.stderr).toContain('Env        TINY_TOKEN=<secret>');
    expect(r.stderr).toMatch(/Installing @test\/tiny@1\.0\.0 \.\.\. done in [\d.]+ s/);
    expect(r.stderr).toContain('Starting tiny to read its tools ... 3 tools');
    const workspace = w.fx.readJson('spoke.json') as { servers: Record<string, unknown> };
    expect(workspace.servers.tiny).toEqual(TINY_ENTRY);
    const lock = w.fx.readJson('spoke.lock.json') as {
      servers: Record<string, Record<string, unknown>>;
    };
    expect(lock.servers.tiny).toMatchObject({
      name: TINY,
      version: '1.0.0',
      registry: 'official',
      registryUrl: w.registry.url,
      trustLevel: 'trusted',
      license: 'MIT',
      package: {
        registryType: 'npm',
        identifier: '@test/tiny',
        version: '1.0.0',
        integrity: w.npm.integrity,
      },
      toolCount: 3,
    });
    expect(lock.servers.tiny!.toolsHash).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
    for (const text of files(w)) expect(text).not.toContain('tok-123');
    const list = await runCli(['list', '--json'], w.fx);
    expect(list.json()).toMatchObject({
      servers: [{ name: 'tiny', version: '1.0.0', license: 'MIT' }],
    });
    const again = await runCli(['install', TINY, '--yes'], { ...w.fx, env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'error: tiny is already installed (io.github.test/server-tiny@1.0.0)',
    );
  });

  it('stops when a registry of higher precedence does not answer, rather than fall through', async () => {
    const w = (world = await installWorld());
    const env = { ...w.fx.env, TINY_TOKEN: 'tok-1' };
    const down = `http://127.0.0.1:${await freePort()}`;
    const config = w.fx.readConfig() as { registries: Record<string, unknown>[] };
    w.fx.writeConfig({
      registries: [
        registryEntry('acme', down, 5),
        registryEntry('mine', path.join(w.fx.configDir, 'none.json'), 7),
        ...config.registries,
      ],
    });
    const before = files(w);
    const r = await runCli(['install', TINY, '--yes'], { ...w.fx, env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error: registry acme did not answer, and it comes before official, which lists ${TINY}`,
    );
    expect(r.stderr).toContain('--registry <name>');
    expect(files(w)).toEqual(before);
    expect(existsSync(path.join(w.fx.cwd, '.spoke/servers/tiny'))).toBe(false);

    const chosen = await runCli(['install', TINY, '--yes', '--registry', 'official'], {
      ...w.fx,
      env,
    });
    expect(chosen.code, chosen.stderr).toBe(0);

    // Once it answers (here: it is gone), the registries that answered decide, in order.
    w.fx.writeConfig({
      registries: [
        registryEntry('mine', path.join(w.fx.configDir, 'none.json'), 7),
        ...config.registries,
      ],
    });
    const info = await runCli(['install', TINY, '--yes', '--name', 'tiny2'], { ...w.fx, env });
    expect(info.code, info.stderr).toBe(0);
    expect(info.stderr).toContain(
      `Resolving ${TINY}\n  priority 7  mine  not listed\n  priority 10  official  1.0.0  trusted  <- used`,
    );
  });

  it('refuses by policy, without a terminal, and for a missing secret, writing nothing', async () => {
    const w = (world = await installWorld({ license: 'GPL-3.0-only' }));
    const before = files(w);
    await runCli(['policy', 'set', 'allowed-licenses', 'MIT'], w.fx);
    const env = { ...w.fx.env, TINY_TOKEN: 'x' };
    const policy = await runCli(['install', TINY, '--yes', '--json'], { ...w.fx, env });
    expect(policy.code).toBe(1);
    expect(policy.json()).toMatchObject({
      error: {
        code: 'POLICY_DENIED',
        message: `policy refuses ${TINY}@1.0.0: license GPL-3.0-only is not in allowed-licenses (MIT)`,
        hint: 'choose another server, or change the policy with: spoke policy set allowed-licenses <list>',
      },
    });
    await runCli(['policy', 'set', 'allowed-licenses', 'any'], w.fx);
    const approval = await runCli(['install', TINY], { ...w.fx, env });
    expect(approval.code).toBe(1);
    expect(approval.stderr).toContain(
      'error: installing tiny needs your approval, and there is no terminal to ask',
    );
    const missing = await runCli(['install', TINY, '--yes', '--json'], w.fx);
    expect(missing.json()).toMatchObject({ error: { code: 'MISSING_VALUE' } });
    w.items.push({
      server: {
        name: 'io.github.test/dotnet-thing',
        version: '1.0.0',
        packages: [{ registryType: 'nuget', identifier: 'Dotnet.Thing', version: '1.0.0' }],
      },
    });
    const nuget = await runCli(['install', 'io.github.test/dotnet-thing', '--yes'], w.fx);
    expect(nuget.stderr).toContain(
      'error: io.github.test/dotnet-thing is published as a nuget package; spoke installs npm, PyPI and OCI packages and streamable-http and SSE remotes',
    );
    expect(files(w)).toEqual(before);
    expect(existsSync(path.join(w.fx.cwd, '.spoke/servers/tiny'))).toBe(false);
  });

  it('leaves nothing half-written when interrupted during the download', async () => {
    const w = (world = await installWorld({ holdTarball: true }));
    const before = files(w);
    const env = { ...w.fx.env, TINY_TOKEN: 'x' };
    const { child, result } = startCli(['install', TINY, '--yes'], { ...w.fx, env });
    await w.npm.tarballAsked;
    child.kill('SIGINT');
    const r = await result;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: install interrupted; spoke.json and spoke.lock.json are unchanged',
    );
    expect(files(w)).toEqual(before);
    expect(readdirSync(path.join(w.fx.cwd, '.spoke/servers'))).toEqual([]);
  });
});

describe('spoke update of a registry server', () => {
  it('moves a latest install to the newest version, keeping its secret', async () => {
    const w = (world = await installWorld({ nextVersion: '1.1.0' }));
    const env = { ...w.fx.env, TINY_TOKEN: 'tok-1' };
    expect((await runCli(['install', TINY, '--yes'], { ...w.fx, env })).code).toBe(0);
    const same = await runCli(['update', 'tiny'], w.fx);
    expect(same.stdout).toBe('tiny  1.0.0 is the latest version; tool definitions unchanged\n');
    const next = structuredClone(w.items[0]!);
    next.server.version = '1.1.0';
    next.server.packages![0]!.version = '1.1.0';
    w.items.push(next);
    // The new version's tools are shown before the question; unanswered, the old one stays.
    const before = files(w);
    const asked = await runCli(['update'], { ...w.fx, timeoutMs: 60_000 });
    expect(asked.code).toBe(1);
    expect(asked.stdout).toContain('tiny  1.0.0 -> 1.1.0\n');
    expect(asked.stdout).toContain('  tools     3 -> 3\n');
    expect(asked.stderr).toContain('error: updating tiny needs your approval');
    expect(files(w)).toEqual(before);
    expect((await runCli(['call', 'tiny', 'whoami'], w.fx)).stdout).toBe('tok-1\n');
    const r = await runCli(['update', '--yes'], { ...w.fx, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        'tiny  1.0.0 -> 1.1.0',
        '  license   MIT -> MIT',
        '  tools     3 -> 3',
        '  policy    allowed',
        'Updated tiny to 1.1.0',
        '',
      ].join('\n'),
    );
    expect(w.fx.readJson('spoke.lock.json')).toMatchObject({
      servers: {
        tiny: { version: '1.1.0', package: { version: '1.1.0', integrity: w.npm.integrity } },
      },
    });
    expect((await runCli(['call', 'tiny', 'whoami'], w.fx)).stdout).toBe('tok-1\n');
  });
});

describe('spoke update interrupted', () => {
  it('puts the old version back when interrupted during the download', async () => {
    const w = (world = await installWorld({ nextVersion: '1.1.0' }));
    const env = { ...w.fx.env, TINY_TOKEN: 'tok-1' };
    expect((await runCli(['install', TINY, '--yes'], { ...w.fx, env })).code).toBe(0);
    const next = structuredClone(w.items[0]!);
    next.server.version = '1.1.0';
    next.server.packages![0]!.version = '1.1.0';
    w.items.push(next);
    const before = files(w);
    const held = w.npm.holdTarballs();
    const { child, result } = startCli(['update', 'tiny', '--yes'], { ...w.fx, env });
    await held;
    child.kill('SIGINT');
    const r = await result;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: update interrupted; tiny was not updated');
    expect(files(w)).toEqual(before);
    expect(readdirSync(path.join(w.fx.cwd, '.spoke/servers'))).toEqual(['tiny']);
    expect(installedTiny(w)).toBe('1.0.0');
    expect((await runCli(['call', 'tiny', 'whoami'], w.fx)).stdout).toBe('tok-1\n');
  });
});

describe('spoke install without a server', () => {
  it('restores every server from the lockfile, checking integrity and asking for secrets', async () => {
    const w = (world = await installWorld());
    const env = { ...w.fx.env, TINY_TOKEN: 'tok-9' };
    expect((await runCli(['install', TINY, '--yes'], { ...w.fx, env })).code).toBe(0);
    const before = files(w);
    // Another machine, a clone of the project: no .spoke/ (git ignores it), no stored secret.
    rmSync(path.join(w.fx.cwd, '.spoke'), { recursive: true });
    rmSync(path.join(w.fx.configDir, 'secrets.enc'));
    const approval = await runCli(['install'], { ...w.fx, env });
    expect(approval.code).toBe(1);
    expect(approval.stderr).toContain(
      '  tiny  io.github.test/server-tiny@1.0.0  official  trusted  MIT',
    );
    const missing = await runCli(['install', '--yes'], w.fx);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'error: tiny: the secret TINY_TOKEN is not set on this machine',
    );
    const r = await runCli(['install', '--yes'], { ...w.fx, env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('  tiny  1.0.0  integrity ok');
    expect(r.stdout).toBe('Installed 1 server. spoke.json and spoke.lock.json unchanged.\n');
    expect(files(w)).toEqual(before);
    expect((await runCli(['call', 'tiny', 'whoami'], w.fx)).stdout).toBe('tok-9\n');
    // What was installed stays out of version control in the clone too.
    execFileSync('git', ['init', '-q'], { cwd: w.fx.cwd });
    const ignored = spawnSync('git', ['check-ignore', '-q', '.spoke/servers/tiny/node_modules'], {
      cwd: w.fx.cwd,
    });
    expect(ignored.status).toBe(0);
    const tracked = spawnSync('git', ['check-ignore', '-q', 'spoke.lock.json'], { cwd: w.fx.cwd });
    expect(tracked.status).toBe(1);
  });
});

describe('spoke install without a server, and a required secret spoke.json no longer names', () => {
  it('stops before installing, naming the value and the command that sets it', async () => {
    const w = (world = await installWorld());
    const env = { ...w.fx.env, TINY_TOKEN: 'tok-1' };
    expect((await runCli(['install', TINY, '--yes'], { ...w.fx, env })).code).toBe(0);
    const unset = await runCli(['config', 'unset', 'servers.tiny.env.TINY_TOKEN'], w.fx);
    expect(unset.code, unset.stderr).toBe(0);
    rmSync(path.join(w.fx.cwd, '.spoke'), { recursive: true });
    const before = files(w);
    // (Neither spoke's environment nor a terminal can give it: spoke.json names no secret.)
    const r = await runCli(['install', '--yes'], { ...w.fx, env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: tiny needs a value that is not set: TINY_TOKEN (secret)\n' +
        'hint: set it with: spoke config set servers.tiny.env.TINY_TOKEN --type secret; then run spoke install again',
    );
    expect(existsSync(path.join(w.fx.cwd, '.spoke/servers/tiny'))).toBe(false);
    expect(files(w)).toEqual(before);
    const set = await runCli(['config', 'set', 'servers.tiny.env.TINY_TOKEN', '--type', 'secret'], {
      ...w.fx,
      input: 'tok-2\n',
    });
    expect(set.code, set.stderr).toBe(0);
    const again = await runCli(['install', '--yes'], w.fx);
    expect(again.code, again.stderr).toBe(0);
    expect((await runCli(['call', 'tiny', 'whoami'], w.fx)).stdout).toBe('tok-2\n');
  });
});

describe('spoke install without a server, at a terminal', () => {
  /** The question for TINY_TOKEN, as `spoke install <server>` asks it. */
  const TOKEN_QUESTION = '? TINY_TOKEN: A token (secret, required): ';

  it('asks for a missing secret with the question a single install asks', async () => {
    const w = (world = await installWorld());
    const single = onTerminal(['install', TINY], w.fx);
    await single.waitFor(TOKEN_QUESTION, 60_000);
    single.type('tok-1\r');
    await single.waitFor('? Install and allow this command to run? [y/N] ', 60_000);
    single.type('y\r');
    expect(await single.exit).toBe(0);
    const before = files(w);
    // Another machine: no .spoke/, no stored secret.
    rmSync(path.join(w.fx.cwd, '.spoke'), { recursive: true });
    rmSync(path.join(w.fx.configDir, 'secrets.enc'));
    const restore = onTerminal(['install', '--yes'], w.fx);
    await restore.waitFor(TOKEN_QUESTION, 60_000);
    restore.type('tok-2\r');
    expect(await restore.exit).toBe(0);
    expect(restore.screen()).not.toContain('tok-2');
    expect(files(w)).toEqual(before);
    expect((await runCli(['call', 'tiny', 'whoami'], w.fx)).stdout).toBe('tok-2\n');
  });

  it('asks the same for a server added to spoke.json by hand', async () => {
    const w = (world = await installWorld());
    addTinyByHand(w);
    const restore = onTerminal(['install', '--yes'], w.fx);
    await restore.waitFor(TOKEN_QUESTION, 60_000);
    restore.type('tok-3\r');
    expect(await restore.exit).toBe(0);
    expect((await runCli(['call', 'tiny', 'whoami'], w.fx)).stdout).toBe('tok-3\n');
  });
});

describe('spoke install without a server, interrupted', () => {
  it('puts the installed copy back when interrupted during the download', async () => {
    const w = (world = await installWorld());
    const env = { ...w.fx.env, TINY_TOKEN: 'tok-9' };
    expect((await runCli(['install', TINY, '--yes'], { ...w.fx, env })).code).toBe(0);
    const before = files(w);
    // A copy other than the locked one is installed here, and npm has nothing cached: the
    // locked version is downloaded again.
    const manifest = JSON.parse(readFileSync(tinyManifest(w), 'utf8')) as { version: string };
    writeFileSync(tinyManifest(w), JSON.stringify({ ...manifest, version: '0.9.0' }));
    rmSync(path.join(w.fx.root, 'npm-cache'), { recursive: true, force: true });
    await interruptRestore(w, env);
    expect(files(w)).toEqual(before);
    expect(readdirSync(path.join(w.fx.cwd, '.spoke/servers'))).toEqual(['tiny']);
    expect(installedTiny(w)).toBe('0.9.0');
  });

  it('leaves a server added by hand unlocked and uninstalled', async () => {
    const w = (world = await installWorld());
    addTinyByHand(w);
    const before = files(w);
    await interruptRestore(w, { ...w.fx.env, TINY_TOKEN: 'tok-7' });
    expect(files(w)).toEqual(before);
    expect(readdirSync(path.join(w.fx.cwd, '.spoke/servers'))).toEqual([]);
  });
});

describe('spoke install fills the values a server declares', () => {
  it('resolves {placeholders} in arguments from asked, defaulted and environment values', async () => {
    const w = (world = await installWorld());
    mkdirSync(path.join(w.fx.cwd, 'data'));
    // As the Spoke registry lists its catalogue: an argument `{ROOT}` that is also a variable.
    w.items.push({
      server: {
        name: 'io.github.test/server-rooted',
        version: '1.0.0',
        packages: [
          {
            registryType: 'npm',
            identifier: '@test/tiny',
            version: '1.0.0',
            transport: { type: 'stdio' },
            packageArguments: [
              {
                type: 'positional',
                value: '{ROOT}',
                isRequired: true,
                variables: { ROOT: { description: 'Directory', isRequired: true } },
              },
              {
                type: 'named',
                name: '--data',
                value: '{DATA_DIR}',
                variables: { DATA_DIR: { format: 'filepath', default: 'data' } },
              },
              { type: 'positional', value: '--label={LABEL}', variables: { LABEL: {} } },
            ],
            environmentVariables: [{ name: 'ROOT', description: 'Directory', isRequired: true }],
          },
        ],
      },
    } as unknown as ListItem);
    const name = 'io.github.test/server-rooted';
    const missing = await runCli(['install', name, '--yes'], w.fx);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: ROOT is required and has no value');
    expect(existsSync(path.join(w.fx.cwd, 'spoke.lock.json'))).toBe(false);

    const env = { ...w.fx.env, ROOT: '/srv/files', LABEL: 'docs' };
    const r = await runCli(['install', name, '--yes'], { ...w.fx, env, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    const entry = (w.fx.readJson('spoke.json') as { servers: Record<string, ServerLike> }).servers
      .rooted!;
    expect(entry.args).toEqual([
      '.spoke/servers/rooted/node_modules/@test/tiny/server.js',
      '/srv/files',
      '--data',
      './data',
      '--label=docs',
    ]);
    expect(entry.env).toEqual({ ROOT: '/srv/files' });
    expect(r.stderr).toContain(
      `Will run   node ${path.join(w.fx.cwd, '.spoke/servers/rooted/node_modules/@test/tiny/server.js')} /srv/files --data ${path.join(w.fx.cwd, 'data')} --label=docs`,
    );
    expect(entry.args!.join(' ')).not.toMatch(/[{}]/);
    expect(w.fx.readJson('spoke.lock.json')).toMatchObject({
      servers: {
        rooted: { values: [{ part: 'env', name: 'ROOT', type: 'string', required: true }] },
      },
    });
  });

  it('refuses to put a secret variable on the command line', async () => {
    const w = (world = await installWorld());
    w.items.push({
      server: {
        name: 'io.github.test/server-leaky',
        version: '1.0.0',
        packages: [
          {
            registryType: 'npm',
            identifier: '@test/tiny',
            version: '1.0.0',
            packageArguments: [
              {
                type: 'named',
                name: '--token',
                value: '{KEY}',
                variables: { KEY: { isRequired: true, isSecret: true } },
              },
            ],
          },
        ],
      },
    } as unknown as ListItem);
    const env = { ...w.fx.env, KEY: 'k-1' };
    const r = await runCli(['install', 'io.github.test/server-leaky', '--yes'], { ...w.fx, env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: argument --token would carry a secret on the command line; spoke passes secrets in the environment only',
    );
  });
});

describe('spoke install of a server whose tool schemas have no type', () => {
  it('installs it and lists its tools (older servers send only $schema)', async () => {
    const w = (world = await installWorld({ nextVersion: '2.0.0' }));
    const env = { ...w.fx.env, TINY_TOKEN: 't', TINY_UNTYPED_SCHEMAS: '1' };
    const r = await runCli(['install', `${TINY}@1.0.0`, '--name', 'tiny-old', '--yes'], {
      ...w.fx,
      env,
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Starting tiny-old to read its tools ... 3 tools');
    expect(r.stderr).not.toContain('internal error');
    expect(w.fx.readJson('spoke.json')).toMatchObject({
      servers: { 'tiny-old': { version: '1.0.0' } },
    });
    const tools = await runCli(['tools', 'tiny-old'], { ...w.fx, env });
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toContain('echo    Echo the text back.');
    const call = await runCli(['call', 'tiny-old', 'echo', '--args', '{"text":"hi"}'], {
      ...w.fx,
      env,
    });
    expect(call.stdout).toBe('hi\n');
  });
});

describe('spoke install without a server, for servers added to spoke.json by hand', () => {
  it("leaves a project's own server (source .) to spoke dev, which records it", async () => {
    const w = (world = await installWorld());
    const created = await runCli(['create', 'weather'], w.fx);
    expect(created.code, created.stderr).toBe(0);
    const r = await runCli(['install', '--yes'], { ...w.fx, cwd: path.join(w.fx.cwd, 'weather') });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Installed 1 server. spoke.json and spoke.lock.json unchanged.\n');
  });

  it('resolves, installs, starts and locks them, leaving spoke.json as written', async () => {
    const w = (world = await installWorld());
    const written = addTinyByHand(w);
    const before = readFileSync(written, 'utf8');
    const asked = await runCli(['install'], w.fx);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain(
      '  tiny  io.github.test/server-tiny@1.0.0  official  trusted  MIT  not locked yet',
    );
    expect(existsSync(path.join(w.fx.cwd, 'spoke.lock.json'))).toBe(false);

    const env = { ...w.fx.env, TINY_TOKEN: 'tok-7' };
    const r = await runCli(['install', '--yes'], { ...w.fx, env, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Locking tiny ... 3 tools');
    expect(r.stdout).toBe(
      'Installed 1 server. Locked tiny in spoke.lock.json; spoke.json unchanged.\n',
    );
    expect(readFileSync(written, 'utf8')).toBe(before);
    expect(w.fx.readJson('spoke.lock.json')).toMatchObject({
      servers: {
        tiny: {
          name: TINY,
          version: '1.0.0',
          package: { registryType: 'npm', integrity: w.npm.integrity },
          toolCount: 3,
        },
      },
    });
    expect((await runCli(['call', 'tiny', 'whoami'], w.fx)).stdout).toBe('tok-7\n');
    const again = await runCli(['install', '--yes'], w.fx);
    expect(again.stdout).toBe('Installed 1 server. spoke.json and spoke.lock.json unchanged.\n');
  });
});
