import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../builtins/test-support.ts';
import { integrationById, npmPackageInfo } from '../catalog/index.ts';
import type { Integration } from '../catalog/types.ts';
import {
  catalogConnector,
  connectIntegration,
  isOAuthRemote,
  MissingCredentialsError,
  NoServerError,
  type McpConnection,
  type NpmCommand,
} from './connect.ts';

const STDIO_SERVER = fileURLToPath(new URL('./test-stdio-server.ts', import.meta.url));
const nodeScript: NpmCommand = () => ({ command: process.execPath, args: [STDIO_SERVER] });
const { ctx } = testContext();

const testIntegration = (provider: Integration['provider']): Integration => ({
  id: 'tester',
  name: 'Tester',
  category: 'Utilities',
  description: 'A server for tests.',
  keywords: [],
  aliases: [],
  provider,
  registryName: 'dev.spoke.test/tester',
  env: [
    { name: 'TEST_TOKEN', description: 'Token.', secret: true, required: true },
    { name: 'TEST_GREETING', description: 'Greeting.', secret: false, required: false },
    { name: 'TEST_ACCOUNT', description: 'Account.', secret: false, required: false },
  ],
  events: [],
  tools: [],
});

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});
const track = (connection: McpConnection) => {
  open.push(connection);
  return connection;
};
const call = async (connection: McpConnection, name: string) =>
  (await connection.client.callTool({ name, arguments: {} })) as CallToolResult;

describe('connectIntegration: built-ins', () => {
  it('connects in-process with no credentials', async () => {
    const connection = track(
      await connectIntegration(integrationById('clock')!, { credentials: {}, builtin: ctx }),
    );
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['now', 'next_runs']);
  });
});

describe('connectIntegration: remote servers', () => {
  let server: http.Server;
  let base: string;
  const seen: { path: string; auth: string | undefined }[] = [];

  function mcpServer(account: string) {
    const mcp = new McpServer({ name: 'remote-test', version: '1.0.0' });
    mcp.registerTool(
      'account',
      { description: 'The account in the URL.', inputSchema: {} },
      () => ({
        content: [{ type: 'text', text: account }],
      }),
    );
    return mcp;
  }
  const sse = new Map<string, SSEServerTransport>();

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      seen.push({ path: url.pathname, auth: req.headers.authorization });
      if (req.headers.authorization !== 'Bearer tok-123') {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad token"}');
        return;
      }
      const account = decodeURIComponent(url.pathname.split('/')[2] ?? '');
      if (url.pathname.startsWith('/mcp/')) {
        // Stateless streamable HTTP: one server and transport per request.
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        res.on('close', () => void transport.close());
        await mcpServer(account).connect(transport);
        await transport.handleRequest(req, res);
      } else if (url.pathname.startsWith('/sse/')) {
        const transport = new SSEServerTransport('/messages', res);
        sse.set(transport.sessionId, transport);
        await mcpServer(account).connect(transport);
      } else if (url.pathname === '/messages') {
        await sse.get(url.searchParams.get('sessionId') ?? '')?.handlePostMessage(req, res);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const remote = (transport: 'streamable-http' | 'sse') =>
    testIntegration({
      kind: 'remote',
      url: `${base}/${transport === 'sse' ? 'sse' : 'mcp'}/{TEST_ACCOUNT}`,
      transport,
      headers: { Authorization: 'Bearer {TEST_TOKEN}' },
    });

  it('sends the headers filled in from the credentials, over streamable HTTP', async () => {
    const connection = track(
      await connectIntegration(remote('streamable-http'), {
        credentials: { TEST_TOKEN: 'tok-123', TEST_ACCOUNT: 'acme/eu' },
        builtin: ctx,
      }),
    );
    const result = await call(connection, 'account');
    expect(result.content).toEqual([{ type: 'text', text: 'acme/eu' }]);
    // The URL value is encoded, so it cannot change the path.
    expect(seen.at(-1)).toEqual({ path: '/mcp/acme%2Feu', auth: 'Bearer tok-123' });
  });

  it('connects over SSE', async () => {
    const connection = track(
      await connectIntegration(remote('sse'), {
        credentials: { TEST_TOKEN: 'tok-123', TEST_ACCOUNT: 'beta' },
        builtin: ctx,
      }),
    );
    expect((await call(connection, 'account')).content).toEqual([{ type: 'text', text: 'beta' }]);
  });

  it('rejects with the integration named and the token left out when the server refuses', async () => {
    const connecting = connectIntegration(remote('streamable-http'), {
      credentials: { TEST_TOKEN: 'tok-wrong-777', TEST_ACCOUNT: 'acme' },
      builtin: ctx,
    });
    await expect(connecting).rejects.toThrow(`Could not connect to Tester at ${base}:`);
    await expect(connecting).rejects.toThrow(
      'Error POSTing to endpoint: {"error":"bad token"} (HTTP 401). Check its credentials.',
    );
    await expect(connecting).rejects.not.toThrow(/tok-wrong-777/);
    expect(seen.at(-1)?.auth).toBe('Bearer tok-wrong-777');
  });
});

describe('which remotes sign the user in with OAuth', () => {
  it('those with no Authorization header, unless they are open to anyone', () => {
    expect(isOAuthRemote(integrationById('vercel')!)).toBe(true);
    expect(isOAuthRemote(integrationById('zendesk')!)).toBe(true);
    // AWS's knowledge server is public; GitHub's remote takes a token in its header.
    expect(isOAuthRemote(integrationById('aws')!)).toBe(false);
    expect(isOAuthRemote(integrationById('github')!)).toBe(false);
  });
});

describe('connectIntegration: npm servers over stdio', () => {
  const stdio = (args: string[] = []) =>
    testIntegration({ kind: 'npm', package: '@example/test-server', args });

  it('passes credentials in the environment, not in argv, and nothing else of the parent', async () => {
    process.env.SPOKE_TEST_PARENT_SECRET = 'parent-only';
    try {
      const connection = track(
        await connectIntegration(stdio(['--greeting', '{TEST_GREETING}']), {
          credentials: { TEST_TOKEN: 'tok-stdio-1', TEST_GREETING: 'hello', UNRELATED: 'x' },
          builtin: ctx,
          spawnEnv: { TEST_EXTRA: 'from-spawn-env' },
          npmCommand: nodeScript,
        }),
      );
      const result = await call(connection, 'environment');
      expect(result.structuredContent).toEqual({
        argv: ['--greeting', 'hello'],
        token: 'tok-stdio-1',
        greeting: 'hello',
        extra: 'from-spawn-env',
        parentSecret: null,
        hasPath: true,
      });
    } finally {
      delete process.env.SPOKE_TEST_PARENT_SECRET;
    }
  });

  it('starts catalog packages at the version the catalog checked, with its arguments', async () => {
    const asked: [string, string | null][] = [];
    const slack = integrationById('slack')!;
    const connection = track(
      await connectIntegration(slack, {
        credentials: { SLACK_MCP_XOXB_TOKEN: 'xoxb-test' },
        builtin: ctx,
        npmCommand: (pkg, version) => {
          asked.push([pkg, version]);
          return nodeScript(pkg, version);
        },
      }),
    );
    expect(asked).toEqual([['slack-mcp-server', npmPackageInfo(slack)!.version]]);
    const result = await call(connection, 'environment');
    expect(result.structuredContent).toMatchObject({ argv: ['--transport', 'stdio'] });
  });

  it('refuses to start an npm server when no sandbox is given', async () => {
    const connecting = connectIntegration(stdio(), {
      credentials: { TEST_TOKEN: 't' },
      builtin: ctx,
    });
    await expect(connecting).rejects.toThrow(
      /^Could not start Tester: Integrations that run third-party code are switched off on this server/,
    );
  });

  it("reports the server's stderr when it dies, without the secret", async () => {
    const connecting = connectIntegration(stdio(['--fail']), {
      credentials: { TEST_TOKEN: 'tok-leaky-9' },
      builtin: ctx,
      npmCommand: nodeScript,
    });
    await expect(connecting).rejects.toThrow(
      /^Could not connect to Tester \(npm package @example\/test-server\): .+ Server output: fatal: the token \[redacted\] was rejected$/,
    );
  });

  it('gives up on a server that never answers', async () => {
    const connecting = connectIntegration(stdio(['--mute']), {
      credentials: { TEST_TOKEN: 't' },
      builtin: ctx,
      npmCommand: nodeScript,
      timeoutMs: 300,
    });
    await expect(connecting).rejects.toThrow(
      'Could not connect to Tester (npm package @example/test-server): no answer within 0.3 s.',
    );
  });
});

describe('missing credentials', () => {
  it('names every required value and every placeholder left unset', async () => {
    const integration = testIntegration({
      kind: 'remote',
      url: 'https://{TEST_ACCOUNT}.example.com/mcp',
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer {TEST_TOKEN}' },
    });
    const connecting = connectIntegration(integration, {
      credentials: { TEST_TOKEN: '' },
      builtin: ctx,
    });
    await expect(connecting).rejects.toBeInstanceOf(MissingCredentialsError);
    await expect(connecting).rejects.toMatchObject({
      integration: 'tester',
      missing: ['TEST_TOKEN', 'TEST_ACCOUNT'],
      message:
        'Tester is not connected: set TEST_TOKEN, TEST_ACCOUNT in its connection settings first',
    });
  });

  it('is what the catalog connector reports for an integration without credentials', async () => {
    const connect = catalogConnector({ builtin: ctx, credentials: async () => ({}) });
    await expect(connect('github')).rejects.toThrow(
      'GitHub is not connected: set GITHUB_PERSONAL_ACCESS_TOKEN in its connection settings first',
    );
    await expect(connect('no-such-thing')).rejects.toThrow(
      'Unknown integration "no-such-thing": it is not in the catalog',
    );
    const clock = track(await connect('clock'));
    expect((await clock.client.listTools()).tools).toHaveLength(2);
  });
});

describe('integrations without a server', () => {
  it('cannot be connected: the error names the service and where to go instead', async () => {
    const g2 = integrationById('g2')!;
    const attempt = connectIntegration(g2, { credentials: {}, builtin: ctx });
    await expect(attempt).rejects.toBeInstanceOf(NoServerError);
    await expect(attempt).rejects.toMatchObject({
      integration: 'g2',
      website: 'https://www.g2.com',
      message:
        'G2 cannot be connected: Spoke has no MCP server for it yet. Use its own automations ' +
        'or API (https://www.g2.com), or an integration that has a server',
    });
  });

  it('are refused by the catalog connector before any credentials are read', async () => {
    let reads = 0;
    const connect = catalogConnector({
      builtin: ctx,
      credentials: async () => {
        reads++;
        return {};
      },
    });
    await expect(connect('trustpilot')).rejects.toThrow(/Trustpilot cannot be connected/);
    expect(reads).toBe(0);
  });
});
