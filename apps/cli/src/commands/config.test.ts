import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditFile } from '../audit/log.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { runCli } from '../test/run-cli.ts';
import { onTerminal } from '../test/terminal.ts';
import { sampleWorkspace } from '../test/sample-workspace.ts';
import { writeTinyProject } from '../test/tiny-server.ts';

let fx: Fixture;
beforeEach(() => {
  fx = makeFixture();
  sampleWorkspace(fx);
});
afterEach(() => fx.cleanup());

const spoke = (...args: string[]) => runCli(args, fx);
const workspaceText = () => readFileSync(path.join(fx.cwd, 'spoke.json'), 'utf8');

describe('spoke config', () => {
  it('gets values and defaults', async () => {
    expect((await spoke('config', 'get', 'performance.registryTimeout')).stdout).toBe('3s\n');
    expect((await spoke('config', 'get', 'workspace.name')).stdout).toBe('demo\n');
    expect((await spoke('config', 'get', 'servers.github.env.GITHUB_API_URL')).stdout).toBe(
      'https://api.github.com\n',
    );
    fx.writeConfig({ templates: { namespace: 'dev.spoke.ada' } });
    const json = await spoke('config', 'get', 'performance.registryTimeout', '--json');
    expect(json.json()).toEqual({
      key: 'performance.registryTimeout',
      type: 'string',
      value: '3s',
      isDefault: true,
      redacted: false,
      source: 'config.json',
    });
    const unset = await spoke('config', 'get', 'templates.author');
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('error: templates.author is not set and has no default');
  });

  it('sets typed values in the right file, with the documented output', async () => {
    const verbose = await spoke('config', 'set', 'development.verbose', 'true');
    expect(verbose.stdout).toBe('Set development.verbose = true in spoke.json\n');
    const namespace = await spoke('config', 'set', 'templates.namespace', 'dev.spoke.ada');
    expect(namespace.stdout).toBe(
      `Set templates.namespace = dev.spoke.ada in ${path.join(fx.configDir, 'config.json')}\n`,
    );
    mkdirSync(path.join(fx.cwd, 'docs/notes'), { recursive: true });
    const notes = await runCli(
      ['config', 'set', 'servers.notes.env.NOTES_DIR', './notes', '--type', 'path'],
      {
        ...fx,
        cwd: path.join(fx.cwd, 'docs'),
      },
    );
    expect(notes.stdout).toBe('Set servers.notes.env.NOTES_DIR = docs/notes in spoke.json\n');
    const url = await spoke(
      'config',
      'set',
      'servers.notes.env.NOTES_API_URL',
      'https://notes.example.com/api',
      '--type',
      'url',
    );
    expect(url.code).toBe(0);
    const workspace = JSON.parse(workspaceText()) as {
      development: { verbose: unknown };
      servers: { notes: { env: Record<string, string> } };
    };
    expect(workspace.development.verbose).toBe(true);
    expect(workspace.servers.notes.env).toEqual({
      NOTES_DIR: 'docs/notes',
      NOTES_API_URL: 'https://notes.example.com/api',
    });
    expect(fx.readConfig()).toMatchObject({ templates: { namespace: 'dev.spoke.ada' } });
  });

  it('reads a value left off the command line from standard input', async () => {
    const r = await runCli(['config', 'set', 'performance.callTimeout'], {
      ...fx,
      input: '2m\nignored\n',
    });
    expect(r.stdout).toBe(
      `Set performance.callTimeout = 2m in ${path.join(fx.configDir, 'config.json')}\n`,
    );
    const none = await runCli(['config', 'set', 'performance.callTimeout'], { ...fx, input: '' });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('error: no value given for performance.callTimeout');
  });

  it('rejects invalid values before writing anything', async () => {
    const before = workspaceText();
    const cases: [string[], string][] = [
      [
        ['config', 'set', 'development.autoReload', 'yes'],
        'error: development.autoReload is a boolean: expected true or false, got "yes"\n',
      ],
      [
        ['config', 'set', 'performance.registryTimeout', '3 seconds'],
        'error: performance.registryTimeout is a duration',
      ],
      [
        ['config', 'set', 'templates.namespace', 'Ada'],
        'error: templates.namespace is a reverse-DNS namespace',
      ],
      [
        ['config', 'set', 'servers.notes.env.X', 'ftp://x', '--type', 'url'],
        'error: servers.notes.env.X is a url',
      ],
      [
        ['config', 'set', 'servers.notes.env.X', './missing', '--type', 'path'],
        'error: servers.notes.env.X is a path',
      ],
      [['config', 'set', 'workspace.createdAt', 'x'], 'error: workspace.createdAt is read-only'],
      [
        ['config', 'set', 'development.verbose', 'true', '--type', 'string'],
        'error: development.verbose is a boolean; --type string is not allowed',
      ],
      [
        ['config', 'set', 'servers.nope.env.X', 'y'],
        'error: unknown server "nope" in servers.nope.env.X',
      ],
      [
        [
          'config',
          'set',
          'servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN',
          'x',
          '--type',
          'string',
        ],
        'error: servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN is stored as a secret',
      ],
      [
        ['config', 'set', 'servers.github.headers.X-Key', 'y'],
        'error: servers.github.headers.X-Key: headers apply to remote',
      ],
      [
        ['config', 'set', 'security.minTrustLevel', 'verified'],
        'error: the policy is changed with spoke policy set',
      ],
      [['config', 'set', 'nonsense', 'x'], 'error: unknown config key "nonsense"'],
    ];
    for (const [args, message] of cases) {
      const r = await spoke(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.startsWith(message), r.stderr).toBe(true);
    }
    expect(workspaceText()).toBe(before);
  });

  it('keeps secrets in the encrypted store, never in a plain file', async () => {
    const store = 'encrypted file (' + path.join(fx.configDir, 'secrets.enc') + ')';
    const set = await spoke(
      'config',
      'set',
      'servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN',
      'ghp_secret',
    );
    expect(set.stdout).toBe(`Stored servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN in ${store}\n`);
    const piped = await runCli(
      ['config', 'set', 'servers.notes.env.NOTES_API_KEY', '--type', 'secret', '--json'],
      { ...fx, input: 'k3y\n' },
    );
    expect(piped.json()).toEqual({ ok: true });
    expect((await spoke('config', 'set', 'serve.token', 'tok3n')).code).toBe(0);

    const get = await spoke('config', 'get', 'servers.notes.env.NOTES_API_KEY');
    expect(get.stdout).toBe('******** (secret, in encrypted file)\n');
    expect((await spoke('config', 'get', 'serve.token', '--json')).json()).toEqual({
      key: 'serve.token',
      type: 'secret',
      value: null,
      isDefault: false,
      redacted: true,
      source: 'encrypted-file',
    });
    const list = await spoke('config', 'list');
    expect(list.stdout).toMatch(
      /servers\.notes\.env\.NOTES_API_KEY +secret +\*{8} +encrypted-file/,
    );
    const workspace = JSON.parse(workspaceText()) as {
      servers: { notes: { secrets: string[]; env: object } };
    };
    expect(workspace.servers.notes).toMatchObject({ env: {}, secrets: ['NOTES_API_KEY'] });
    for (const file of [
      path.join(fx.cwd, 'spoke.json'),
      path.join(fx.cwd, 'spoke.lock.json'),
      path.join(fx.configDir, 'config.json'),
      path.join(fx.configDir, 'secrets.enc'),
      auditFile(fx.env),
    ]) {
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      for (const secret of ['ghp_secret', 'k3y', 'tok3n']) expect(text).not.toContain(secret);
    }
    // The audit log names each key and its type, never the value.
    const audited = readFileSync(auditFile(fx.env), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(audited.map(({ action, key, type, result }) => ({ action, key, type, result }))).toEqual(
      [
        'servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN',
        'servers.notes.env.NOTES_API_KEY',
        'serve.token',
      ].map((key) => ({ action: 'config.set', key, type: 'secret', result: 'ok' })),
    );
    const status = await spoke('status', '--json');
    expect(status.json()).toMatchObject({
      secretStore: { kind: 'encrypted-file', description: store },
    });

    const unset = await spoke('config', 'unset', 'serve.token');
    expect(unset.stdout).toBe(
      `Deleted serve.token from ${store}; spoke serve --http will create a new one\n`,
    );
    expect((await spoke('config', 'get', 'serve.token')).code).toBe(1);
  });

  it('asks for a secret on a terminal showing * for each character, and Ctrl+C there changes nothing', async () => {
    const key = 'servers.notes.env.NOTES_API_KEY';
    const typed = onTerminal(['config', 'set', key, '--type', 'secret'], fx);
    await typed.waitFor(`? ${key} (secret): `);
    typed.type('s3cr3t-value\r');
    expect(await typed.exit).toBe(0);
    expect(typed.screen()).toContain('*'.repeat('s3cr3t-value'.length));
    expect(typed.screen()).not.toContain('s3cr3t');
    expect((await spoke('config', 'get', key)).stdout).toBe(
      '******** (secret, in encrypted file)\n',
    );

    const before = workspaceText();
    const other = 'servers.notes.env.OTHER_KEY';
    const stopped = onTerminal(['config', 'set', other, '--type', 'secret'], fx);
    await stopped.waitFor(`? ${other} (secret): `);
    stopped.type('hal');
    stopped.type('\x03');
    expect(await stopped.exit).toBe(1);
    expect(stopped.screen()).toContain('error: stopped at the question: nothing was changed');
    expect(stopped.screen()).not.toContain('internal error');
    expect(workspaceText()).toBe(before);
    expect((await spoke('config', 'get', other)).code).toBe(1);
  });

  it('refuses an empty secret and a secret outside a workspace', async () => {
    const empty = await runCli(['config', 'set', 'serve.token'], { ...fx, input: '\n' });
    expect(empty.code).toBe(2);
    const outside = await runCli(['config', 'set', 'serve.token', 'x'], { ...fx, cwd: fx.root });
    expect(outside.code).toBe(1);
    expect(existsSync(path.join(fx.configDir, 'secrets.enc'))).toBe(false);
  });

  it('unsets values back to their defaults', async () => {
    await spoke('config', 'set', 'performance.registryTimeout', '5s');
    const r = await spoke('config', 'unset', 'performance.registryTimeout');
    expect(r.stdout).toBe(
      `Unset performance.registryTimeout in ${path.join(fx.configDir, 'config.json')} (now the default, 3s)\n`,
    );
    expect(
      (await spoke('config', 'get', 'performance.registryTimeout', '--json')).json(),
    ).toMatchObject({ value: '3s', isDefault: true });
    expect((await spoke('config', 'unset', 'servers.github.env.GITHUB_API_URL')).stdout).toBe(
      'Removed servers.github.env.GITHUB_API_URL from spoke.json\n',
    );
    expect(
      (await spoke('config', 'unset', 'servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN')).code,
    ).toBe(0);
    const github = (
      JSON.parse(workspaceText()) as { servers: { github: { env: object; secrets: string[] } } }
    ).servers.github;
    expect(github).toMatchObject({ env: {}, secrets: [] });
    expect((await spoke('config', 'unset', 'workspace.template')).code).toBe(2);
  });

  it('lists every key with its type, value and source', async () => {
    await spoke('config', 'set', 'templates.namespace', 'dev.spoke.ada');
    const r = await spoke('config', 'list');
    expect(r.stdout).toBe(
      [
        'KEY                                              TYPE     VALUE                   SOURCE',
        'workspace.name                                   string   demo                    spoke.json',
        'development.autoReload                           boolean  true                    spoke.json',
        'development.verbose                              boolean  false                   spoke.json',
        'servers.github.env.GITHUB_API_URL                string   https://api.github.com  spoke.json',
        'servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN  secret   (not stored)            -',
        'templates.author                                 string   (unset)                 config.json',
        'templates.namespace                              string   dev.spoke.ada           config.json',
        'performance.registryTimeout                      string   3s                      config.json',
        'performance.serverStartTimeout                   string   10s                     config.json',
        'performance.callTimeout                          string   60s                     config.json',
        'oauth.clientMetadataUrl                          url      (unset)                 config.json',
        '',
      ].join('\n'),
    );
    const json = await spoke('config', 'list', '--json');
    expect(json.json<{ entries: unknown[] }>().entries[1]).toEqual({
      key: 'development.autoReload',
      type: 'boolean',
      value: true,
      isDefault: false,
      redacted: false,
      source: 'spoke.json',
    });
    const outside = await runCli(['config', 'list', '--json'], { ...fx, cwd: fx.root });
    expect(outside.json<{ entries: { key: string }[] }>().entries.map((e) => e.key)).toEqual([
      'templates.author',
      'templates.namespace',
      'performance.registryTimeout',
      'performance.serverStartTimeout',
      'performance.callTimeout',
      'oauth.clientMetadataUrl',
    ]);
    // With the platform on https, the document in use by default is shown, not "(unset)".
    const https = await runCli(['config', 'list', '--json'], {
      ...fx,
      env: { ...fx.env, SPOKE_URL: 'https://spoke.example' },
    });
    const entries = https.json<{ entries: { key: string; value: unknown; isDefault: boolean }[] }>()
      .entries;
    expect(entries.find((e) => e.key === 'oauth.clientMetadataUrl')).toMatchObject({
      value: 'https://spoke.example/oauth/spoke-cli.json',
      isDefault: true,
    });
  });

  it('fails with exit code 1 for a workspace key outside a workspace', async () => {
    const r = await runCli(['config', 'set', 'development.verbose', 'true'], {
      ...fx,
      cwd: fx.root,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error: development.verbose is a workspace key, and there is no spoke.json in ${fx.root} or any parent`,
    );
  });

  it("takes Object's member names as keys, servers and variables like any other", async () => {
    const before = workspaceText();
    for (const name of ['constructor', 'toString', '__proto__']) {
      const key = await spoke('config', 'get', name);
      expect(key.code, name).toBe(2);
      expect(key.stderr, name).toContain(`error: unknown config key "${name}"`);
      const value = await spoke('config', 'get', `servers.github.env.${name}`);
      expect(value.code, name).toBe(1);
      expect(value.stdout).toBe('');
      expect(value.stderr, name).toContain(`error: servers.github.env.${name} is not set`);
      const unset = await spoke('config', 'unset', `servers.github.env.${name}`);
      expect(unset.stdout, name).toBe(
        `servers.github.env.${name} is not set; there is nothing to remove\n`,
      );
    }
    // `constructor` is a valid local name; no server here has it.
    for (const args of [
      ['get', 'servers.constructor.env.X'],
      ['set', 'servers.constructor.env.X', 'y'],
      ['unset', 'servers.constructor.env.X'],
    ]) {
      const r = await spoke('config', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(
        'error: unknown server "constructor" in servers.constructor.env.X',
      );
    }
    expect(workspaceText()).toBe(before);
  });
});

describe('spoke config path values', () => {
  it('resolves a path from the current directory, stores it relative and starts the server with it absolute', async () => {
    // A server whose server.json declares TINY_TOKEN a path with a default; whoami prints it.
    const project = writeTinyProject(path.join(fx.cwd, 'tiny'));
    writeFileSync(
      path.join(project, 'server.json'),
      JSON.stringify({
        name: 'io.github.test/tiny',
        version: '1.0.0',
        packages: [
          {
            registryType: 'npm',
            identifier: 'tiny',
            version: '1.0.0',
            environmentVariables: [{ name: 'TINY_TOKEN', format: 'filepath', default: 'data' }],
          },
        ],
      }),
    );
    mkdirSync(path.join(fx.cwd, 'data'));
    mkdirSync(path.join(fx.cwd, 'docs/notes'), { recursive: true });
    const installed = await spoke('install', './tiny', '--yes');
    expect(installed.code, installed.stderr).toBe(0);
    const entry = () =>
      (JSON.parse(workspaceText()) as { servers: Record<string, Record<string, unknown>> }).servers
        .tiny!;
    expect(entry()).toMatchObject({ env: { TINY_TOKEN: 'data' }, paths: ['TINY_TOKEN'] });
    // The default, stored relative, reaches the server absolute.
    expect((await spoke('call', 'tiny', 'whoami')).stdout).toBe(`${path.join(fx.cwd, 'data')}\n`);

    const docs = path.join(fx.cwd, 'docs');
    const set = await runCli(
      ['config', 'set', 'servers.tiny.env.TINY_TOKEN', './notes', '--type', 'path'],
      { ...fx, cwd: docs },
    );
    expect(set.stdout).toBe('Set servers.tiny.env.TINY_TOKEN = docs/notes in spoke.json\n');
    expect(entry()).toMatchObject({ env: { TINY_TOKEN: 'docs/notes' }, paths: ['TINY_TOKEN'] });
    const list = await spoke('config', 'list', '--json');
    expect(list.json<{ entries: { key: string; type: string }[] }>().entries).toContainEqual(
      expect.objectContaining({ key: 'servers.tiny.env.TINY_TOKEN', type: 'path' }),
    );
    const whoami = await runCli(['call', 'tiny', 'whoami'], { ...fx, cwd: docs });
    expect(whoami.stdout).toBe(`${path.join(fx.cwd, 'docs/notes')}\n`);

    // Set as a string, the same text is passed as it is.
    await spoke('config', 'set', 'servers.tiny.env.TINY_TOKEN', 'docs/notes');
    expect(entry()).not.toHaveProperty('paths');
    expect((await spoke('call', 'tiny', 'whoami')).stdout).toBe('docs/notes\n');
  });
});
