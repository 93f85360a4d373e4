import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BuiltinServerId } from '../catalog/types.ts';
import { connectBuiltin } from './index.ts';
import { InMemoryKeyValueStore } from './memory-kv.ts';
import type { BuiltinContext, OutgoingEmail } from './types.ts';

/** A request as a local test server received it. */
export type Received = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type LocalServer = {
  url: string;
  port: number;
  received: Received[];
  close(): Promise<void>;
};

/** An HTTP server on 127.0.0.1 with a free port; it records every request it gets. */
export async function localServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void,
): Promise<LocalServer> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A context whose storage lives in memory and whose mailer records what it is given. */
export function testContext(overrides: Partial<BuiltinContext> = {}) {
  const sent: OutgoingEmail[] = [];
  const ctx: BuiltinContext = {
    agentId: 'agent-test',
    mailer: {
      async send(message) {
        sent.push(message);
        return { id: `msg-${sent.length}` };
      },
    },
    kv: new InMemoryKeyValueStore(),
    sql: {
      describe: () => Promise.reject(new Error('this agent has no table')),
      query: () => Promise.reject(new Error('this agent has no table')),
    },
    network: {},
    ...overrides,
  };
  return { ctx, sent };
}

/** Connects a real MCP client to a built-in; call `close` when done. */
export async function connect(id: BuiltinServerId, ctx: BuiltinContext) {
  const { client, close } = await connectBuiltin(id, ctx);
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { client, close, call };
}

/** The text of a tool result. */
export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/** The structured content of a successful result (fails the test if it was an error). */
export function dataOf<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.isError) throw new Error(`the tool failed: ${textOf(result)}`);
  return result.structuredContent as T;
}
