import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '@spoke/shared/testing/free-port';
import { auditFile } from '../audit/log.ts';
import { readAudit } from '../audit/read.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { spokeClient } from '../test/mcp-client.ts';
import { runCli, startCli } from '../test/run-cli.ts';
import { writeTinyProject } from '../test/tiny-server.ts';

let fx: Fixture;
const spoke = (...args: string[]) => runCli(args, fx);
/** The audit log's entries of these actions: the action's own fields, and a call's duration type. */
const audited = (...actions: string[]) =>
  readAudit(auditFile(fx.env))
    .map((l) => l.entry)
    .filter((e) => actions.includes(String(e.action)))
    .map(
      ({ time: _t, user: _u, host: _h, spokeVersion: _v, workspace: _w, durationMs, ...rest }) =>
        durationMs === undefined ? rest : { ...rest, durationMs: typeof durationMs },
    );

beforeEach(async () => {
  fx = makeFixture();
  writeTinyProject(path.join(fx.root, 'tiny'));
  await spoke('init');
  expect((await spoke('install', '../tiny', '--yes')).code).toBe(0);
  expect((await spoke('install', '../tiny', '--yes', '--name', 'second')).code).toBe(0);
});
afterEach(() => fx.cleanup());

describe('spoke serve', () => {
  it('aggregates every server over stdio, tools named <server>__<tool>', async () => {
    const { client } = await spokeClient(fx, ['serve']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'second__echo',
      'second__fail',
      'second__whoami',
      'tiny__echo',
      'tiny__fail',
      'tiny__whoami',
    ]);
    const result = await client.callTool({
      name: 'second__echo',
      arguments: { text: 'via serve' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'via serve' }]);
    await expect(client.callTool({ name: 'nope__echo', arguments: {} })).rejects.toThrow(
      /unknown tool nope__echo/,
    );
    expect((await client.callTool({ name: 'tiny__fail', arguments: {} })).isError).toBe(true);
    await client.close();
    expect(audited('serve.start', 'call')).toEqual([
      { action: 'serve.start', transport: 'stdio', servers: ['tiny', 'second'] },
      { action: 'call', server: 'second', tool: 'echo', result: 'ok', durationMs: 'number' },
      { action: 'call', server: 'tiny', tool: 'fail', result: 'error', durationMs: 'number' },
    ]);
    expect(readFileSync(auditFile(fx.env), 'utf8')).not.toContain('via serve');
  });

  it('leaves out a drifted server and serves the others', async () => {
    await spoke('config', 'set', 'servers.second.env.TINY_EXTRA_TOOL', '1');
    const { client, stderr } = await spokeClient(fx, ['serve']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['tiny__echo', 'tiny__fail', 'tiny__whoami']);
    await client.close();
    expect(stderr()).toContain('warning: second: tool definitions changed since install');
    expect(audited('drift', 'serve.start')).toEqual([
      { action: 'drift', server: 'second', added: ['extra'], removed: [], changed: [] },
      { action: 'serve.start', transport: 'stdio', servers: ['tiny'] },
    ]);
  });

  it('serves over HTTP on 127.0.0.1 with a bearer token and an origin check', async () => {
    const port = await freePort();
    const { child, result } = startCli(['serve', '--http', String(port)], fx);
    let stdout = '';
    const token = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /Bearer token: (\w+)/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`serve ended: ${stdout}`)));
    });
    expect(stdout).toContain(`Serving 2 servers, 6 tools on http://127.0.0.1:${port}/mcp\n`);
    expect(stdout).toContain('  tiny    3 tools\n  second  3 tools\n');
    const url = `http://127.0.0.1:${port}/mcp`;
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    };
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(init),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect(
      (await post({ authorization: `Bearer ${token}`, origin: 'https://evil.example' })).status,
    ).toBe(403);

    const client = new Client({ name: 'test', version: '0.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const called = await client.callTool({ name: 'tiny__echo', arguments: { text: 'over http' } });
    expect(called.content).toEqual([{ type: 'text', text: 'over http' }]);
    await client.close();

    child.kill('SIGINT');
    expect((await result).code).toBe(0);
    expect(audited('serve.start', 'call')).toEqual([
      {
        action: 'serve.start',
        transport: 'streamable-http',
        port,
        servers: ['tiny', 'second'],
      },
      { action: 'call', server: 'tiny', tool: 'echo', result: 'ok', durationMs: 'number' },
    ]);
    // The bearer token is a secret: never in the log.
    expect(readFileSync(auditFile(fx.env), 'utf8')).not.toContain(token);
    const get = await spoke('config', 'get', 'serve.token');
    expect(get.stdout).toBe('******** (secret, in encrypted file)\n');
  });
});

describe('a remote streamable-HTTP server', () => {
  it('is reached with its secret header by tools, call, update and run', async () => {
    const port = await freePort();
    const { child, result } = startCli(['serve', '--http', String(port)], fx);
    let stdout = '';
    const token = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /Bearer token: (\w+)/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`serve ended: ${stdout}`)));
    });
    const url = `http://127.0.0.1:${port}/mcp`;
    const other = { ...fx, cwd: path.join(fx.root, 'other') };
    mkdirSync(other.cwd);
    await runCli(['init'], other);
    const workspace = JSON.parse(
      readFileSync(path.join(other.cwd, 'spoke.json'), 'utf8'),
    ) as Record<string, unknown>;
    writeFileSync(
      path.join(other.cwd, 'spoke.json'),
      JSON.stringify({
        ...workspace,
        servers: {
          remote: {
            source: 'io.github.test/remote',
            version: 'latest',
            registry: 'local',
            transport: 'streamable-http',
            url,
            env: {},
            secrets: [],
          },
        },
      }),
    );
    writeFileSync(
      path.join(other.cwd, 'spoke.lock.json'),
      JSON.stringify({
        lockfileVersion: 1,
        servers: {
          remote: {
            name: 'io.github.test/remote',
            version: '1.0.0',
            registry: 'local',
            registryUrl: null,
            trustLevel: 'unverified',
            license: 'MIT',
            package: { registryType: 'remote', url },
            toolsHash: 'sha256-not-yet-known',
            toolCount: 0,
            installedAt: '2026-11-21T09:20:44.031Z',
          },
        },
      }),
    );
    const inOther = (...args: string[]) => runCli(args, other);
    const set = await runCli(
      ['config', 'set', 'servers.remote.headers.Authorization', '--type', 'secret'],
      {
        ...other,
        input: `Bearer ${token}\n`,
      },
    );
    expect(set.code, set.stderr).toBe(0);
    expect(readFileSync(path.join(other.cwd, 'spoke.json'), 'utf8')).not.toContain(token);

    const tools = await inOther('tools', 'remote');
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toContain('remote (io.github.test/remote@1.0.0): 6 tools');
    expect(tools.stderr).toContain('warning: remote: tool definitions changed since install');
    expect((await inOther('update', 'remote', '--yes')).stdout).toContain(
      'Recorded the new tool definitions for remote in spoke.lock.json',
    );
    const call = await inOther('call', 'remote', 'tiny__echo', '--args', '{"text": "remote echo"}');
    expect(call.stdout).toBe('remote echo\n');

    const { client } = await spokeClient(other, ['run', 'remote']);
    const relayed = await client.callTool({ name: 'second__echo', arguments: { text: 'bridged' } });
    expect(relayed.content).toEqual([{ type: 'text', text: 'bridged' }]);
    await client.close();

    child.kill('SIGINT');
    expect((await result).code).toBe(0);
  });
});
