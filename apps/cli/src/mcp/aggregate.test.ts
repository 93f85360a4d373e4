import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LoggingMessageNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '@spoke/shared/testing/free-port';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { spokeClient } from '../test/mcp-client.ts';
import { runCli, startCli } from '../test/run-cli.ts';
import { writeTinyProject } from '../test/tiny-server.ts';

const sdk = createRequire(import.meta.url);
const resolved = (name: string) => JSON.stringify(sdk.resolve(name));

/**
 * A server built with the SDK's McpServer: a prompt, a resource, a resource template, and a tool
 * that adds a resource (so the server says its resource list changed).
 */
const MEMO_JS = `
const { McpServer, ResourceTemplate } = require(${resolved('@modelcontextprotocol/sdk/server/mcp.js')});
const { StdioServerTransport } = require(${resolved('@modelcontextprotocol/sdk/server/stdio.js')});
const { completable } = require(${resolved('@modelcontextprotocol/sdk/server/completable.js')});
const { SubscribeRequestSchema, UnsubscribeRequestSchema } = require(${resolved('@modelcontextprotocol/sdk/types.js')});
const z = require(${resolved('zod')});
const server = new McpServer(
  { name: 'memo', version: '1.0.0' },
  { capabilities: { logging: {}, resources: { subscribe: true } } },
);
const subscribed = new Set();
server.server.setRequestHandler(SubscribeRequestSchema, async (r) => { subscribed.add(r.params.uri); return {}; });
server.server.setRequestHandler(UnsubscribeRequestSchema, async (r) => { subscribed.delete(r.params.uri); return {}; });
const names = ['Ada', 'Alan', 'Grace'];
server.registerPrompt('greet', { description: 'Greet someone', argsSchema: { who: completable(z.string(), (v) => names.filter((n) => n.startsWith(v))) } }, ({ who }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: 'Hello, ' + who } }],
}));
server.registerResource('readme', 'memo://readme', { mimeType: 'text/plain' }, async (uri) => ({
  contents: [{ uri: uri.href, text: 'read me' }],
}));
server.registerResource('note', new ResourceTemplate('memo://notes/{id}', { list: undefined }), {}, async (uri, { id }) => ({
  contents: [{ uri: uri.href, text: 'note ' + id }],
}));
server.registerTool('add', { description: 'Add a resource' }, async () => {
  server.registerResource('added', 'memo://added', {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'new' }] }));
  return { content: [{ type: 'text', text: 'added' }] };
});
server.registerTool('touch', { description: 'Change the readme, and say so in the log' }, async () => {
  await server.server.sendLoggingMessage({ level: 'info', logger: 'files', data: 'readme touched' });
  if (subscribed.has('memo://readme')) await server.server.sendResourceUpdated({ uri: 'memo://readme' });
  return { content: [{ type: 'text', text: 'touched' }] };
});
server.connect(new StdioServerTransport());
`;

let fx: Fixture;
const spoke = (...args: string[]) => runCli(args, fx);

beforeEach(async () => {
  fx = makeFixture();
  const memo = path.join(fx.root, 'memo');
  mkdirSync(memo, { recursive: true });
  writeFileSync(
    path.join(memo, 'package.json'),
    JSON.stringify({ name: 'memo', version: '1.0.0', license: 'MIT', bin: 'server.js' }),
  );
  writeFileSync(path.join(memo, 'server.js'), MEMO_JS);
  writeTinyProject(path.join(fx.root, 'tiny'));
  // The SDK is loaded from this repository, which a sandbox would not show the server.
  expect((await spoke('policy', 'set', 'sandbox-below', 'unverified')).code).toBe(0);
  await spoke('init');
  for (const dir of ['../memo', '../tiny']) {
    const installed = await spoke('install', dir, '--yes');
    expect(installed.code, installed.stderr).toBe(0);
  }
});
afterEach(() => fx.cleanup());

async function checkPromptsAndResources(client: Client) {
  expect(client.getServerCapabilities()).toMatchObject({
    tools: {},
    prompts: { listChanged: true },
    resources: { listChanged: true },
  });
  const { prompts } = await client.listPrompts();
  expect(prompts.map((p) => p.name)).toEqual(['memo__greet']);
  expect(prompts[0]!.arguments).toEqual([{ name: 'who', required: true }]);
  const got = await client.getPrompt({ name: 'memo__greet', arguments: { who: 'Ada' } });
  expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Hello, Ada' } }]);
  await expect(client.getPrompt({ name: 'tiny__greet', arguments: {} })).rejects.toThrow();

  const { resources } = await client.listResources();
  expect(resources).toEqual([
    { name: 'memo__readme', uri: 'spoke://memo/memo://readme', mimeType: 'text/plain' },
  ]);
  const read = await client.readResource({ uri: 'spoke://memo/memo://readme' });
  expect(read.contents).toEqual([{ uri: 'spoke://memo/memo://readme', text: 'read me' }]);
  const { resourceTemplates } = await client.listResourceTemplates();
  expect(resourceTemplates).toEqual([
    { name: 'memo__note', uriTemplate: 'spoke://memo/memo://notes/{id}' },
  ]);
  const note = await client.readResource({ uri: 'spoke://memo/memo://notes/7' });
  expect(note.contents).toEqual([{ uri: 'spoke://memo/memo://notes/7', text: 'note 7' }]);
  await expect(client.readResource({ uri: 'memo://readme' })).rejects.toThrow(/unknown resource/);
}

/** Resolves when the client is told the resource list changed. */
const resourcesChanged = (client: Client) =>
  new Promise<void>((resolve) =>
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
  );

describe('spoke serve, prompts and resources', () => {
  it('serves the union over stdio, named and addressed by server, and passes on list changes', async () => {
    const { client } = await spokeClient(fx, ['serve']);
    await checkPromptsAndResources(client);
    const changed = resourcesChanged(client);
    await client.callTool({ name: 'memo__add', arguments: {} });
    await changed;
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'spoke://memo/memo://readme',
      'spoke://memo/memo://added',
    ]);
    await client.close();
  });

  it('serves the same over HTTP', async () => {
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
    const client = new Client({ name: 'test', version: '0.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    await checkPromptsAndResources(client);
    await client.close();
    child.kill('SIGINT');
    expect((await result).code).toBe(0);
  });

  it('passes on completions, log levels and messages, and resource subscriptions', async () => {
    const { client } = await spokeClient(fx, ['serve']);
    expect(client.getServerCapabilities()).toMatchObject({
      logging: {},
      completions: {},
      resources: { listChanged: true, subscribe: true },
    });
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'memo__greet' },
      argument: { name: 'who', value: 'A' },
    });
    expect(completed.completion.values).toEqual(['Ada', 'Alan']);
    await expect(
      client.complete({
        ref: { type: 'ref/prompt', name: 'nobody__greet' },
        argument: { name: 'who', value: '' },
      }),
    ).rejects.toThrow(/unknown prompt/);

    const logged = new Promise<unknown>((resolve) =>
      client.setNotificationHandler(LoggingMessageNotificationSchema, (note) =>
        resolve(note.params),
      ),
    );
    const updated = new Promise<string>((resolve) =>
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (note) =>
        resolve(note.params.uri),
      ),
    );
    await client.setLoggingLevel('info');
    await client.subscribeResource({ uri: 'spoke://memo/memo://readme' });
    await client.callTool({ name: 'memo__touch', arguments: {} });
    expect(await logged).toEqual({ level: 'info', logger: 'memo/files', data: 'readme touched' });
    expect(await updated).toBe('spoke://memo/memo://readme');
    await client.unsubscribeResource({ uri: 'spoke://memo/memo://readme' });
    await expect(client.subscribeResource({ uri: 'memo://readme' })).rejects.toThrow(
      /unknown resource/,
    );
    await client.close();
  });

  it('serves one server under its own names, as if reached directly', async () => {
    const { client } = await spokeClient(fx, ['serve', 'memo']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['add', 'touch']);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['greet']);
    const read = await client.readResource({ uri: 'memo://readme' });
    expect(read.contents).toEqual([{ uri: 'memo://readme', text: 'read me' }]);
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'who', value: 'G' },
    });
    expect(completed.completion.values).toEqual(['Grace']);
    await client.close();
    const unknown = await spoke('serve', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no server named nobody');
  });

  it('advertises prompts and resources only when a server has them', async () => {
    expect((await spoke('remove', 'memo')).code).toBe(0);
    const { client } = await spokeClient(fx, ['serve']);
    expect(client.getServerCapabilities()).toEqual({ tools: {} });
    await expect(client.listPrompts()).rejects.toThrow(/Method not found/);
    await client.close();
  });
});
