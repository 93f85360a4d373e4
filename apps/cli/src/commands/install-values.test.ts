import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditFile } from '../audit/log.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { spokeClient } from '../test/mcp-client.ts';
import { runCli } from '../test/run-cli.ts';
import { writeTinyProject } from '../test/tiny-server.ts';

let fx: Fixture;
const spoke = (...args: string[]) => runCli(args, fx);
const files = () =>
  ['spoke.json', 'spoke.lock.json'].map((f) => {
    const file = path.join(fx.cwd, f);
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  });
const secretsFile = () => path.join(fx.configDir, 'secrets.enc');
/** Every path under the workspace's .spoke directory. */
const spokeDir = () =>
  existsSync(path.join(fx.cwd, '.spoke'))
    ? readdirSync(path.join(fx.cwd, '.spoke'), { recursive: true }).map(String).sort()
    : [];
const storeText = () => (existsSync(secretsFile()) ? readFileSync(secretsFile(), 'utf8') : null);

/** The tiny server with a server.json that declares a required secret and a required value. */
function writeDeclaringProject(dir: string): void {
  writeTinyProject(dir);
  writeFileSync(
    path.join(dir, 'server.json'),
    JSON.stringify({
      name: 'io.github.test/tiny',
      version: '1.0.0',
      packages: [
        {
          registryType: 'npm',
          identifier: 'tiny',
          version: '1.0.0',
          transport: { type: 'stdio' },
          environmentVariables: [
            { name: 'TINY_TOKEN', description: 'A token', isRequired: true, isSecret: true },
            { name: 'TINY_REGION', description: 'A region', isRequired: true },
            { name: 'TINY_COLOR', description: 'A colour', choices: ['red', 'blue'] },
          ],
        },
      ],
    }),
  );
}

beforeEach(async () => {
  fx = makeFixture();
  writeDeclaringProject(path.join(fx.root, 'tiny'));
  expect((await spoke('init')).code).toBe(0);
});
afterEach(() => fx.cleanup());

describe('spoke install --set', () => {
  it('gives values without questions; the secret goes to the store and is never shown', async () => {
    const r = await spoke(
      'install',
      '../tiny',
      '--yes',
      '--set',
      'TINY_TOKEN=s3cr3t-set',
      '--set',
      'TINY_REGION=eu,west',
      '--set=TINY_COLOR=blue',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('TINY_TOKEN=<secret>');
    expect(`${r.stdout}${r.stderr}`).not.toContain('s3cr3t');
    const workspace = fx.readJson('spoke.json') as { servers: Record<string, unknown> };
    expect(workspace.servers.tiny).toMatchObject({
      env: { TINY_REGION: 'eu,west', TINY_COLOR: 'blue' },
      secrets: ['TINY_TOKEN'],
    });
    for (const text of [...files(), storeText(), readFileSync(auditFile(fx.env), 'utf8')]) {
      expect(text).not.toContain('s3cr3t');
    }
    // The stored secret reaches the server when it starts.
    expect((await spoke('call', 'tiny', 'whoami')).stdout).toBe('s3cr3t-set\n');
  });

  it('refuses a name the server does not declare, listing its inputs, writing nothing', async () => {
    const before = [...files(), ...spokeDir()];
    const r = await spoke('install', '../tiny', '--yes', '--set', 'TINY_TOKN=x', '--json');
    expect(r.code).toBe(2);
    expect(r.json()).toEqual({
      error: {
        code: 'USAGE',
        message: '../tiny has no input named TINY_TOKN (given with --set)',
        hint: 'its inputs are TINY_TOKEN, TINY_REGION, TINY_COLOR',
      },
    });
    const bad = await spoke('install', '../tiny', '--set', 'no-equals-sign');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid --set "no-equals-sign": use NAME=VALUE');
    const restore = await spoke('install', '--set', 'TINY_TOKEN=x');
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain('error: --set needs a server to install');
    // A value --set gives is checked like an answer.
    const choice = await spoke(
      'install',
      '../tiny',
      '--yes',
      '--set',
      'TINY_TOKEN=x',
      '--set',
      'TINY_REGION=eu',
      '--set',
      'TINY_COLOR=green',
    );
    expect(choice.code).toBe(1);
    expect(choice.stderr).toContain('TINY_COLOR: expected one of red, blue, got "green"');
    expect([...files(), ...spokeDir()]).toEqual(before);
  });
});

describe('a server that misses a required value', () => {
  beforeEach(async () => {
    const r = await spoke(
      'install',
      '../tiny',
      '--yes',
      '--set',
      'TINY_TOKEN=tok',
      '--set',
      'TINY_REGION=eu',
    );
    expect(r.code, r.stderr).toBe(0);
    expect((await spoke('config', 'unset', 'servers.tiny.env.TINY_TOKEN')).code).toBe(0);
    expect((await spoke('config', 'unset', 'servers.tiny.env.TINY_REGION')).code).toBe(0);
  });

  it('is refused by spoke run before it starts, naming each value and its command', async () => {
    const before = [...files(), storeText(), ...spokeDir()];
    const r = await spoke('run', 'tiny');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'error: tiny needs values that are not set: TINY_TOKEN (secret), TINY_REGION\n' +
        'hint: set them with: spoke config set servers.tiny.env.TINY_TOKEN --type secret; ' +
        'spoke config set servers.tiny.env.TINY_REGION <value>\n',
    );
    expect(r.stderr).not.toContain('tiny server ready');
    const json = await spoke('run', 'tiny', '--json');
    expect(json.json()).toMatchObject({ error: { code: 'MISSING_VALUE' } });
    expect([...files(), storeText(), ...spokeDir()]).toEqual(before);

    // Once both are set, it runs.
    await runCli(['config', 'set', 'servers.tiny.env.TINY_TOKEN', '--type', 'secret'], {
      ...fx,
      input: 'tok-2\n',
    });
    await spoke('config', 'set', 'servers.tiny.env.TINY_REGION', 'us');
    const { client } = await spokeClient(fx, ['run', 'tiny']);
    const result = await client.callTool({ name: 'whoami', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'tok-2' }]);
    await client.close();
  });

  it('is left out by spoke serve, which serves the others', async () => {
    writeTinyProject(path.join(fx.root, 'plain'));
    expect((await spoke('install', '../plain', '--yes')).code).toBe(0);
    const { client, stderr } = await spokeClient(fx, ['serve']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'plain__echo',
      'plain__fail',
      'plain__whoami',
    ]);
    await client.close();
    expect(stderr()).toContain(
      'warning: tiny is left out: tiny needs values that are not set: TINY_TOKEN (secret), TINY_REGION\n',
    );
    expect(stderr()).toContain(
      'hint: set them with: spoke config set servers.tiny.env.TINY_TOKEN --type secret;',
    );
  });
});

describe("values named like one of Object's members", () => {
  /** The members server's server.json, declaring these environment variables. */
  const declare = (environmentVariables: unknown[]) =>
    writeFileSync(
      path.join(fx.root, 'members', 'server.json'),
      JSON.stringify({
        name: 'io.github.test/members',
        version: '1.0.0',
        packages: [
          {
            registryType: 'npm',
            identifier: 'members',
            version: '1.0.0',
            transport: { type: 'stdio' },
            environmentVariables,
          },
        ],
      }),
    );
  beforeEach(() => {
    writeTinyProject(path.join(fx.root, 'members'));
    declare([
      { name: 'toString', description: 'A required value', isRequired: true },
      { name: 'constructor', description: 'An optional value' },
      { name: 'MEMBERS_URL', value: 'https://x.example/{valueOf}/{hasOwnProperty}' },
    ]);
  });
  const env = () =>
    (fx.readJson('spoke.json') as { servers: Record<string, { env: unknown }> }).servers.members!
      .env;

  it('are declared values like any other: asked for, given with --set, checked when missing', async () => {
    const before = [...files(), ...spokeDir()];
    const missing = await spoke('install', '../members', '--yes');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: toString is required and has no value');
    const undeclared = await spoke(
      'install',
      '../members',
      '--yes',
      '--set',
      'toString=a',
      '--set',
      '__proto__=x',
    );
    expect(undeclared.code).toBe(2);
    expect(undeclared.stderr).toContain('has no input named __proto__ (given with --set)');
    expect([...files(), ...spokeDir()]).toEqual(before);

    // Placeholders without a value leave the templated variable out, as for any other name.
    const r = await spoke('install', '../members', '--yes', '--set', 'toString=a');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('native code');
    expect(env()).toEqual({ toString: 'a' });
    expect((await spoke('remove', 'members')).code).toBe(0);
    const all = await spoke(
      'install',
      '../members',
      '--yes',
      ...['--set', 'toString=a', '--set', 'constructor=b'],
      ...['--set', 'valueOf=v', '--set', 'hasOwnProperty=h'],
    );
    expect(all.code, all.stderr).toBe(0);
    expect(env()).toEqual({
      toString: 'a',
      constructor: 'b',
      MEMBERS_URL: 'https://x.example/v/h',
    });

    // A required one that is unset again stops the server, like any other.
    expect((await spoke('config', 'unset', 'servers.members.env.toString')).code).toBe(0);
    const run = await spoke('run', 'members');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error: members needs a value that is not set: toString\n');
  });

  it('are placeholders like any other when the template declares other variables', async () => {
    for (const name of ['OTHER', 'valueOf', 'constructor', '__proto__']) {
      declare([
        {
          name: 'MEMBERS_URL',
          isRequired: true,
          value: `https://x.example/{${name}}`,
          variables: { UNUSED: { description: 'Not in the value' } },
        },
      ]);
      const r = await spoke('install', '../members', '--yes');
      expect(r.code, name).toBe(1);
      expect(r.stderr).toContain(`error: ${name} is required and has no value`);
    }
    const given = await spoke('install', '../members', '--yes', '--set', '__proto__=p');
    expect(given.code, given.stderr).toBe(0);
    expect(env()).toEqual({ MEMBERS_URL: 'https://x.example/p' });
  });
});

describe('a server named constructor', () => {
  it('is found only once it is installed, and restored like any other', async () => {
    for (const command of ['remove', 'info', 'tools']) {
      const r = await spoke(command, 'constructor');
      expect(r.code, command).toBe(1);
      expect(r.stderr, command).toContain(`error: no server named constructor in ${fx.cwd}`);
    }
    const r = await spoke(
      'install',
      '../tiny',
      '--name',
      'constructor',
      '--yes',
      ...['--set', 'TINY_TOKEN=tok-1', '--set', 'TINY_REGION=eu'],
    );
    expect(r.code, r.stderr).toBe(0);
    expect((await spoke('list')).stdout).toContain('constructor  1.0.0    local');

    // On another machine: no secret stored, the token in spoke's environment.
    rmSync(secretsFile());
    const restored = await runCli(['install', '--yes'], {
      ...fx,
      env: { ...fx.env, TINY_TOKEN: 'tok-2' },
    });
    expect(restored.code, restored.stderr).toBe(0);
    expect((await spoke('call', 'constructor', 'whoami')).stdout).toBe('tok-2\n');
    expect((await spoke('remove', 'constructor')).code).toBe(0);
    expect((await spoke('remove', 'constructor')).code).toBe(1);
  });
});
