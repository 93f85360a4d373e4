import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, registryEntry, type Fixture } from './test/fixture.ts';
import { entry, startTestRegistry, type TestRegistry } from './test/registry-server.ts';
import { BIN, runCli, SYSTEM_NODE } from './test/run-cli.ts';
import { writeTinyProject } from './test/tiny-server.ts';
import { version } from './version.ts';

// The built bin/spoke.js on the machine's own Node: users may run any Node >= 20.
const systemNodeVersion = execFileSync(SYSTEM_NODE, ['--version'], { encoding: 'utf8' }).trim();
const dist = path.join(path.dirname(BIN), '../dist');

let fx: Fixture;
let good: TestRegistry;
let bad: TestRegistry;
const spoke = (...args: string[]) => runCli(args, { ...fx, runtime: 'bundle' });

beforeAll(async () => {
  fx = makeFixture();
  good = await startTestRegistry({
    items: [
      entry('io.github.acme/server-weather', '1.2.0', {
        description: 'Forecasts',
        npm: 'weather-mcp',
      }),
    ],
    npmLicenses: { 'weather-mcp@1.2.0': 'Apache-2.0' },
  });
  bad = await startTestRegistry({ behaviour: 'fail' });
  fx.writeConfig({
    registries: [registryEntry('good', good.url, 10), registryEntry('bad', bad.url, 20)],
  });
  fx.env.npm_config_registry = good.url;
});

afterAll(async () => {
  await Promise.all([good.close(), bad.close()]);
  fx.cleanup();
});

describe(`the bundle on ${SYSTEM_NODE} (${systemNodeVersion})`, () => {
  it('keeps --version and --help away from the commands and zod', () => {
    expect(statSync(path.join(dist, 'spoke.js')).size).toBeLessThan(4096);
    const entry = readFileSync(path.join(dist, 'spoke.js'), 'utf8');
    const cli = readFileSync(path.join(dist, 'cli.js'), 'utf8');
    expect(entry).toContain('import("./cli.js")');
    expect(cli).toContain('import("./commands/discover.js")');
    expect(cli).not.toContain('ZodMini');
    // Each command is one self-contained module: it never loads another command's code.
    const discover = readFileSync(path.join(dist, 'commands/discover.js'), 'utf8');
    expect(discover).not.toMatch(/import\(|from"\.\//);
    // zod comes in only to explain a config.json that fails the quick check.
    expect(discover).not.toContain('ZodMini');
    expect(discover).toContain('("../config/global-schema.cjs")');
    expect(readFileSync(path.join(dist, 'config/global-schema.cjs'), 'utf8')).toContain('ZodMini');
  });

  it('prints the version and help', async () => {
    expect((await spoke('--version')).stdout).toBe(`${version()}\n`);
    expect((await spoke('registry', 'add', '--help')).stdout).toContain(
      'Usage: spoke registry add <name> <url>',
    );
  });

  it('creates a workspace and reports it', async () => {
    const init = await spoke('init');
    expect(init.stdout).toBe(
      'Created spoke.json (workspace demo, template basic)\nCreated .spoke/ (ignored by git)\n',
    );
    const status = await spoke('status', '--json');
    expect(status.json()).toMatchObject({ workspace: { name: 'demo', path: fx.cwd }, servers: [] });
  });

  it('discovers across registries, naming the one that failed', async () => {
    const r = await spoke('discover', 'weather');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('io.github.acme/server-weather 1.2.0 (good, trusted)\n  Forecasts\n');
    expect(r.stderr).toContain('warning: registry bad did not answer (answered HTTP 500)');
    const info = await spoke('info', 'io.github.acme/server-weather', '--json');
    expect(info.json()).toMatchObject({
      license: 'Apache-2.0',
      licenseSource: 'package',
      localName: 'weather',
    });
  });

  it('changes registries, policy and config', async () => {
    expect((await spoke('registry', 'add', 'team', './team.json')).stdout).toBe(
      'Added registry team (local, priority 30, unverified, scope *)\n',
    );
    expect((await spoke('policy', 'set', 'allowed-licenses', 'mit,apache-2.0')).stdout).toBe(
      'Set allowed-licenses to MIT, Apache-2.0\n',
    );
    expect((await spoke('policy', 'set', 'allowed-licenses', 'Apache2')).code).toBe(2);
    expect((await spoke('config', 'set', 'development.verbose', 'true')).code).toBe(0);
    expect((await spoke('config', 'get', 'development.verbose')).stdout).toBe('true\n');
  });

  it('maps errors to exit codes', async () => {
    expect((await spoke('nope')).code).toBe(2);
    expect((await spoke('serve', '--http', '7801')).code).toBe(1);
    fx.writeJson('spoke.json', '{ "workspace": ');
    const broken = await spoke('list', '--json');
    expect(broken.code).toBe(1);
    expect(broken.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'CONFIG_INVALID',
      message: `${path.join(fx.cwd, 'spoke.json')} is not valid JSON at line 1, column 16: Unexpected end of JSON input`,
    });
  });

  it('names the field and the fix in a bad config.json', async () => {
    const configDir = path.join(fx.root, 'bad-config');
    mkdirSync(configDir);
    const file = path.join(configDir, 'config.json');
    writeFileSync(file, JSON.stringify({ performance: { registryTimeout: '3 seconds' } }));
    const r = await runCli(['discover', 'weather'], {
      ...fx,
      env: { ...fx.env, SPOKE_CONFIG_DIR: configDir },
      runtime: 'bundle',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `error: ${file}: performance.registryTimeout must be a duration: a whole number and ms, s or m, such as 3s, got "3 seconds"\n` +
        'hint: edit the file, or run: spoke config set performance.registryTimeout 3s\n',
    );
  });

  it('installs a server from a path, lists its tools and calls one', async () => {
    const project = writeTinyProject(path.join(fx.root, 'tiny'));
    const ws = path.join(fx.root, 'bundle-ws');
    mkdirSync(ws);
    const inWs = (...args: string[]) => runCli(args, { ...fx, cwd: ws, runtime: 'bundle' });
    expect((await inWs('init')).code).toBe(0);
    const installed = await inWs('install', project, '--yes');
    expect(installed.code, installed.stderr).toBe(0);
    expect((await inWs('tools', 'tiny')).stdout).toContain('tiny (../tiny@1.0.0): 3 tools');
    expect((await inWs('call', 'tiny', 'echo', '--args', '{"text":"on node 20"}')).stdout).toBe(
      'on node 20\n',
    );
  });
});
