import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditFile } from '../audit/log.ts';
import { readAudit } from '../audit/read.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { spokeClient } from '../test/mcp-client.ts';
import { runCli } from '../test/run-cli.ts';
import { TINY_SERVER_JS, writeTinyProject } from '../test/tiny-server.ts';

let fx: Fixture;
const spoke = (...args: string[]) => runCli(args, fx);
/** The audit log's entries of these actions, without the fields every line has. */
const audited = (...actions: string[]) =>
  readAudit(auditFile(fx.env))
    .map((l) => l.entry)
    .filter((e) => actions.includes(String(e.action)))
    .map(({ time: _t, user: _u, host: _h, spokeVersion: _v, workspace, ...rest }) => {
      expect(workspace).toBe(fx.cwd);
      return rest;
    });
const auditText = () => readFileSync(auditFile(fx.env), 'utf8');

beforeEach(async () => {
  fx = makeFixture();
  writeTinyProject(path.join(fx.root, 'tiny'));
  await spoke('init');
  const r = await spoke('install', '../tiny', '--yes');
  expect(r.code, r.stderr).toBe(0);
});
afterEach(() => fx.cleanup());

describe('servers installed from a path', () => {
  it('are recorded as local and unverified, run in place', async () => {
    const workspace = fx.readJson('spoke.json') as { servers: Record<string, unknown> };
    expect(workspace.servers.tiny).toEqual({
      source: '../tiny',
      registry: 'local',
      transport: 'stdio',
      command: 'node',
      args: ['../tiny/server.js'],
      env: {},
      secrets: [],
    });
    const lock = fx.readJson('spoke.lock.json') as { servers: Record<string, unknown> };
    expect(lock.servers.tiny).toMatchObject({
      name: '../tiny',
      version: '1.0.0',
      registry: 'local',
      trustLevel: 'unverified',
      license: 'MIT',
      package: { registryType: 'path', path: '../tiny' },
      toolCount: 3,
    });
    expect((await spoke('list')).stdout).toContain(
      'tiny  1.0.0    local     unverified  stdio      ../tiny',
    );
  });

  it("run their bin even when the package is named like one of Object's members", async () => {
    for (const [dir, name] of [
      ['one', 'constructor'],
      ['two', '@acme/toString'],
      ['three', '__proto__'],
    ] as const) {
      writeTinyProject(path.join(fx.root, dir));
      writeFileSync(
        path.join(fx.root, dir, 'package.json'),
        JSON.stringify({ name, version: '1.0.0', bin: { 'tiny-server': 'server.js' } }),
      );
      const r = await spoke('install', `../${dir}`, '--yes');
      expect(r.code, r.stderr).toBe(0);
      expect((await spoke('call', dir, 'echo', '--args', '{"text":"hi"}')).stdout).toBe('hi\n');
    }
  });
});

describe('spoke tools and spoke call', () => {
  it('list the tools and call one', async () => {
    const tools = await spoke('tools', 'tiny');
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toBe(
      [
        'tiny (../tiny@1.0.0): 3 tools',
        '  echo    Echo the text back.',
        '  fail    Always return an error result.',
        '  whoami  Tell which token the server was started with.',
        '',
      ].join('\n'),
    );
    const json = (await spoke('tools', 'tiny', '--json')).json<Record<string, unknown>>();
    expect(json).toMatchObject({
      server: 'tiny',
      source: '../tiny',
      version: '1.0.0',
      drift: null,
    });
    expect((json.tools as { name: string }[])[0]).toMatchObject({
      name: 'echo',
      inputSchema: { type: 'object' },
    });

    const echo = await spoke('call', 'tiny', 'echo', '--args', '{"text": "hello there"}');
    expect(echo.stdout).toBe('hello there\n');
    const echoJson = await spoke('call', 'tiny', 'echo', '--args', '{"text": "x"}', '--json');
    expect(echoJson.json()).toMatchObject({
      server: 'tiny',
      tool: 'echo',
      result: { content: [{ type: 'text', text: 'x' }], isError: false },
    });
    const fail = await spoke('call', 'tiny', 'fail');
    expect(fail.code).toBe(1);
    expect(fail.stderr).toBe('error: tiny.fail returned an error:\nit failed\n');
    const unknown = await spoke('call', 'tiny', 'nope');
    expect(unknown.stderr).toContain('error: tiny has no tool named nope');
    expect((await spoke('call', 'tiny', 'echo', '--args', '{text: 1}')).code).toBe(2);

    // Each call is recorded with how it ended and how long it took, never what it said.
    const calls = audited('call');
    expect(
      calls.map(({ durationMs, ...c }) => (expect(durationMs).toBeTypeOf('number'), c)),
    ).toEqual([
      { action: 'call', server: 'tiny', tool: 'echo', result: 'ok' },
      { action: 'call', server: 'tiny', tool: 'echo', result: 'ok' },
      { action: 'call', server: 'tiny', tool: 'fail', result: 'error' },
    ]);
    expect(auditText()).not.toContain('hello there');
    expect(auditText()).not.toContain('it failed');
    expect(audited('install')).toEqual([
      {
        action: 'install',
        server: 'tiny',
        source: '../tiny',
        version: '1.0.0',
        registry: 'local',
        trustLevel: 'unverified',
        license: 'MIT',
        integrity: null,
        command: 'node ../tiny/server.js',
        result: 'ok',
      },
    ]);
  });

  it('inject secrets at launch only', async () => {
    const set = await runCli(['config', 'set', 'servers.tiny.env.TINY_TOKEN', '--type', 'secret'], {
      ...fx,
      input: 's3cr3t-value\n',
    });
    expect(set.code, set.stderr).toBe(0);
    expect((await spoke('call', 'tiny', 'whoami')).stdout).toBe('s3cr3t-value\n');
    for (const file of ['spoke.json', 'spoke.lock.json']) {
      expect(readFileSync(path.join(fx.cwd, file), 'utf8')).not.toContain('s3cr3t');
    }
    await spoke('config', 'unset', 'servers.tiny.env.TINY_TOKEN');
    await runCli(['config', 'set', 'servers.tiny.env.TINY_TOKEN', '--type', 'secret'], {
      ...fx,
      input: 'v2\n',
    });
    const store = path.join(fx.configDir, 'secrets.enc');
    const storeText = readFileSync(store, 'utf8');
    // A missing secret stops the server from starting, naming the variable.
    const workspace = fx.readJson('spoke.json') as { servers: { tiny: { secrets: string[] } } };
    workspace.servers.tiny.secrets.push('OTHER_TOKEN');
    fx.writeJson('spoke.json', workspace);
    const missing = await spoke('call', 'tiny', 'whoami');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error: tiny: missing secret OTHER_TOKEN');
    const removed = await spoke('remove', 'tiny');
    expect(removed.stdout).toBe(
      'Removed tiny (../tiny@1.0.0)\n  deleted .spoke/sandbox/tiny\n  deleted 1 stored secret\n',
    );
    expect(readFileSync(store, 'utf8')).not.toBe(storeText);
    expect(fx.readJson('spoke.lock.json')).toEqual({ lockfileVersion: 1, servers: {} });
    expect(audited('config.set', 'config.unset', 'remove')).toEqual([
      { action: 'config.set', key: 'servers.tiny.env.TINY_TOKEN', type: 'secret', result: 'ok' },
      { action: 'config.unset', key: 'servers.tiny.env.TINY_TOKEN', type: 'secret', result: 'ok' },
      { action: 'config.set', key: 'servers.tiny.env.TINY_TOKEN', type: 'secret', result: 'ok' },
      { action: 'remove', server: 'tiny', source: '../tiny', version: '1.0.0', result: 'ok' },
    ]);
    expect(auditText()).not.toContain('s3cr3t');
  });

  it("take values named like one of Object's members as names like any other", async () => {
    type Tiny = { servers: { tiny: { paths?: string[]; secrets: string[] } } };
    const workspace = fx.readJson('spoke.json') as Tiny;
    // Paths named for values the server has none of: nothing to make absolute.
    workspace.servers.tiny.paths = ['constructor', 'toString', '__proto__'];
    fx.writeJson('spoke.json', workspace);
    const call = await spoke('call', 'tiny', 'echo', '--args', '{"text":"hi"}');
    expect(call.stderr).toBe('');
    expect(call.stdout).toBe('hi\n');
    delete workspace.servers.tiny.paths;
    // A secret that is not stored stops the server from starting, whatever its name.
    for (const name of ['constructor', 'toString', '__proto__']) {
      workspace.servers.tiny.secrets = [name];
      fx.writeJson('spoke.json', workspace);
      const missing = await spoke('call', 'tiny', 'whoami');
      expect(missing.code, name).toBe(1);
      expect(missing.stderr).toContain(`error: tiny: missing secret ${name}\n`);
    }
  });

  it('withhold the tools when their definitions drift, and follow the policy', async () => {
    await spoke('config', 'set', 'servers.tiny.env.TINY_EXTRA_TOOL', '1');
    const tools = await spoke('tools', 'tiny', '--quiet');
    expect(tools.code).toBe(0);
    expect(tools.stderr).toBe(
      [
        'warning: tiny: tool definitions changed since install',
        '  added    extra',
        'hint: review and accept with: spoke update tiny',
        '',
      ].join('\n'),
    );
    const json = (await spoke('tools', 'tiny', '--json')).json<{ drift: unknown }>();
    expect(json.drift).toEqual({ added: ['extra'], removed: [], changed: [] });
    const call = await spoke('call', 'tiny', 'echo', '--args', '{"text": "x"}', '--json');
    expect(call.code).toBe(1);
    expect(call.json()).toMatchObject({ error: { code: 'TOOL_DRIFT' } });
    await spoke('config', 'unset', 'servers.tiny.env.TINY_EXTRA_TOOL');
    await spoke('policy', 'set', 'min-trust', 'verified');
    const refused = await spoke('call', 'tiny', 'echo', '--args', '{"text": "x"}');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: policy refuses tiny: trust unverified is below min-trust verified',
    );
    expect(existsSync(path.join(fx.cwd, '.spoke/servers/tiny'))).toBe(false);
    // spoke tools only reads; spoke call records the drift, the refusals and the calls refused.
    expect(audited('drift', 'policy.refuse', 'call')).toEqual([
      { action: 'drift', server: 'tiny', added: ['extra'], removed: [], changed: [] },
      {
        action: 'call',
        server: 'tiny',
        tool: 'echo',
        result: 'refused',
        reason: 'tool definitions changed since install',
      },
      {
        action: 'policy.refuse',
        server: 'tiny',
        rule: 'min-trust',
        reason: 'trust unverified is below min-trust verified',
      },
      {
        action: 'call',
        server: 'tiny',
        tool: 'echo',
        result: 'refused',
        rule: 'min-trust',
        reason: 'trust unverified is below min-trust verified',
      },
    ]);
  });
});

describe("a new tool named like one of Object's members", () => {
  it('is reported as added, like any other new tool', async () => {
    await spoke('config', 'set', 'servers.tiny.env.TINY_EXTRA_TOOL', '1');
    for (const name of ['constructor', 'toString', '__proto__']) {
      const server = TINY_SERVER_JS.replace("name: 'extra'", `name: '${name}'`);
      expect(server).not.toBe(TINY_SERVER_JS);
      writeFileSync(path.join(fx.root, 'tiny', 'server.js'), server);
      const tools = await spoke('tools', 'tiny', '--json');
      expect(tools.json<{ drift: unknown }>().drift, name).toEqual({
        added: [name],
        removed: [],
        changed: [],
      });
    }
  });
});

describe('spoke run', () => {
  it('relays MCP between a client and the server', async () => {
    const { client } = await spokeClient(fx, ['run', 'tiny']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['echo', 'whoami', 'fail']);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'relayed' } });
    expect(result.content).toEqual([{ type: 'text', text: 'relayed' }]);
    const failed = await client.callTool({ name: 'fail', arguments: {} });
    expect(failed.isError).toBe(true);
    await client.close();
    expect(audited('call').map(({ durationMs: _d, ...c }) => c)).toEqual([
      { action: 'call', server: 'tiny', tool: 'echo', result: 'ok' },
      { action: 'call', server: 'tiny', tool: 'fail', result: 'error' },
    ]);
    expect(auditText()).not.toContain('relayed');
  });

  it('answers no tools and refuses calls after drift', async () => {
    await spoke('config', 'set', 'servers.tiny.env.TINY_EXTRA_TOOL', '1');
    const { client, stderr } = await spokeClient(fx, ['run', 'tiny']);
    const call = client.callTool({ name: 'echo', arguments: { text: 'x' } });
    await expect(call).rejects.toThrow(/tool definitions changed since install/);
    expect((await client.listTools()).tools).toEqual([]);
    await client.close();
    expect(stderr()).toContain('warning: tiny: tool definitions changed since install');
    expect(audited('drift', 'call')).toEqual([
      { action: 'drift', server: 'tiny', added: ['extra'], removed: [], changed: [] },
      {
        action: 'call',
        server: 'tiny',
        tool: 'echo',
        result: 'refused',
        reason: 'tool definitions changed since install',
      },
    ]);
  });
});

describe('spoke update', () => {
  it('accepts changed tool definitions, after approval', async () => {
    await spoke('config', 'set', 'servers.tiny.env.TINY_EXTRA_TOOL', '1');
    const before = readFileSync(path.join(fx.cwd, 'spoke.lock.json'), 'utf8');
    const refused = await spoke('update', 'tiny');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('needs your approval, and there is no terminal to ask');
    expect(readFileSync(path.join(fx.cwd, 'spoke.lock.json'), 'utf8')).toBe(before);
    const r = await spoke('update', '--yes');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        'tiny  local path; tool definitions changed since install',
        '  added     extra',
        'Recorded the new tool definitions for tiny in spoke.lock.json',
        '',
      ].join('\n'),
    );
    expect(fx.readJson('spoke.lock.json')).toMatchObject({ servers: { tiny: { toolCount: 4 } } });
    const accepted = audited('tools.accept');
    expect(accepted).toEqual([
      {
        action: 'tools.accept',
        server: 'tiny',
        added: ['extra'],
        removed: [],
        changed: [],
        oldHash: expect.any(String),
        newHash: (fx.readJson('spoke.lock.json') as { servers: { tiny: { toolsHash: string } } })
          .servers.tiny.toolsHash,
        result: 'ok',
      },
    ]);
    expect(accepted[0]!.oldHash).not.toBe(accepted[0]!.newHash);
    expect((await spoke('call', 'tiny', 'echo', '--args', '{"text": "ok"}')).stdout).toBe('ok\n');
    expect((await spoke('update')).stdout).toBe('tiny  local path; tool definitions unchanged\n');
  });
});
