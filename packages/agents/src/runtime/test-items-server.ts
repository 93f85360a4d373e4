import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A real MCP server over streamable HTTP on 127.0.0.1, for tests of event polling. Its
 * `list_items` tool answers with the items the test holds in `items` (as structured content, or
 * as JSON text when `answer` is `text`), or with an error while `failing` is set. Every call is
 * recorded with its arguments and the request's `Authorization` header.
 */
export type ItemsServer = {
  /** The streamable HTTP endpoint, e.g. http://127.0.0.1:40123/mcp. */
  url: string;
  items: Record<string, unknown>[];
  /** How results are sent: structured content (`{items}`), or a JSON array as text. */
  answer: 'structured' | 'text';
  /** While set, the tool answers with an error saying this. */
  failing: string | null;
  calls: { arguments: Record<string, unknown>; authorization: string | undefined }[];
  close(): Promise<void>;
};

export async function startItemsServer(): Promise<ItemsServer> {
  const state: Omit<ItemsServer, 'url' | 'close'> = {
    items: [],
    answer: 'structured',
    failing: null,
    calls: [],
  };

  function mcpFor(authorization: string | undefined) {
    const mcp = new McpServer({ name: 'items-test', version: '1.0.0' });
    mcp.registerTool(
      'list_items',
      {
        description: 'Lists the most recent items.',
        inputSchema: { label: z.string().optional().describe('Any label; it is recorded.') },
      },
      (args) => {
        state.calls.push({ arguments: args, authorization });
        if (state.failing) {
          return { isError: true, content: [{ type: 'text', text: state.failing }] };
        }
        const items = structuredClone(state.items);
        return state.answer === 'text'
          ? { content: [{ type: 'text', text: JSON.stringify(items) }] }
          : {
              content: [{ type: 'text', text: `${items.length} items` }],
              structuredContent: { items },
            };
      },
    );
    return mcp;
  }

  const server = http.createServer(async (req, res) => {
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404).end();
      return;
    }
    // Stateless: one server and transport per request.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await mcpFor(req.headers.authorization).connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
