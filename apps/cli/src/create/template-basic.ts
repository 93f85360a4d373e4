import type { ServerTemplate } from './types.ts';

export const basic: ServerTemplate = {
  description: 'Greets people by name over MCP',
  server: (name) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** Builds the server; src/index.ts connects it to standard input and output. */
export function createServer(): McpServer {
  const server = new McpServer({ name: '${name}', version: '0.1.0' });

  server.registerTool(
    'hello',
    {
      title: 'Hello',
      description: 'Greet someone by name.',
      inputSchema: { name: z.string().min(1).describe('The name of the person to greet') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ name }) => ({ content: [{ type: 'text', text: \`Hello, \${name}!\` }] }),
  );

  return server;
}
`,
  tests: `test('lists the hello tool', async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((t) => t.name),
    ['hello'],
  );
  await client.close();
});

test('hello greets by name', async () => {
  const client = await connect();
  const result = await client.callTool({ name: 'hello', arguments: { name: 'Ada' } });
  assert.equal(textOf(result), 'Hello, Ada!');
  await client.close();
});
`,
  files: {},
};
