import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { BuiltinServerId } from '../catalog/types.ts';
import { clockServer } from './clock.ts';
import { emailServer } from './email.ts';
import { httpRequestServer } from './http-request.ts';
import { memoryServer } from './memory.ts';
import { rssServer } from './rss.ts';
import { sqlServer } from './sql.ts';
import type { BuiltinServerDefinition } from './tool.ts';
import { transformServer } from './transform.ts';
import type { BuiltinContext } from './types.ts';
import { webPageServer } from './web-page.ts';
import { webhookServer } from './webhook.ts';

export type {
  AgentQueryResult,
  AgentTable,
  AgentTableColumn,
  BuiltinContext,
  KeyValueStore,
  Mailer,
  NetworkPolicy,
  OutgoingEmail,
} from './types.ts';
export { MEMORY_LIMITS } from './types.ts';
export { InMemoryKeyValueStore, inMemoryKeyValueStores } from './memory-kv.ts';
export {
  checkTarget,
  guardedFetch,
  hostAllowed,
  nonPublicReason,
  NetworkGuardError,
  NET_LIMITS,
  type GuardedRequest,
  type GuardedResponse,
  type GuardHooks,
  type ResolvedAddress,
} from './net-guard.ts';

/** Version the built-in servers report in the MCP handshake. */
export const BUILTIN_SERVER_VERSION = '1.0.0';

const SERVERS: Record<BuiltinServerId, BuiltinServerDefinition> = {
  'http-request': httpRequestServer,
  'web-page': webPageServer,
  rss: rssServer,
  email: emailServer,
  webhook: webhookServer,
  clock: clockServer,
  memory: memoryServer,
  transform: transformServer,
  sql: sqlServer,
};

/** The tools each built-in server offers, as its MCP `tools/list` reports them. */
export const BUILTIN_TOOLS: Record<
  BuiltinServerId,
  readonly { name: string; description: string }[]
> = Object.fromEntries(
  Object.entries(SERVERS).map(([id, server]) => [
    id,
    server.tools.map((tool) => ({ name: tool.name, description: tool.description })),
  ]),
) as unknown as Record<BuiltinServerId, readonly { name: string; description: string }[]>;

/** A fresh MCP server for one built-in, acting for the agent described by `ctx`. */
export function createBuiltinServer(id: BuiltinServerId, ctx: BuiltinContext): McpServer {
  const definition = SERVERS[id];
  if (!definition) throw new Error(`unknown built-in server: ${String(id)}`);
  const server = new McpServer(
    { name: `spoke-${id}`, title: definition.title, version: BUILTIN_SERVER_VERSION },
    { instructions: definition.instructions },
  );
  for (const tool of definition.tools) tool.register(server, ctx);
  return server;
}

/** A connected MCP client for one built-in, linked in-process; `close` ends both sides. */
export async function connectBuiltin(
  id: BuiltinServerId,
  ctx: BuiltinContext,
): Promise<{ client: Client; close(): Promise<void> }> {
  const server = createBuiltinServer(id, ctx);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({
    name: `spoke-agent-${ctx.agentId}`,
    version: BUILTIN_SERVER_VERSION,
  });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}
