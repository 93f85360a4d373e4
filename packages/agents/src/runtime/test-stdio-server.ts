/**
 * A small MCP server over stdio for the connection tests, run with `node`. Its `environment` tool
 * reports what the process was started with. `--fail` makes it exit at once with a message on
 * stderr; `--mute` makes it read requests and never answer.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const argv = process.argv.slice(2);

if (argv.includes('--fail')) {
  process.stderr.write(`fatal: the token ${process.env.TEST_TOKEN ?? ''} was rejected\n`);
  process.exit(3);
} else if (argv.includes('--mute')) {
  process.stdin.resume();
} else {
  const server = new McpServer({ name: 'stdio-test', version: '1.0.0' });
  server.registerTool(
    'environment',
    { description: 'What the process was started with.', inputSchema: {} },
    () => {
      const data = {
        argv,
        token: process.env.TEST_TOKEN ?? null,
        greeting: process.env.TEST_GREETING ?? null,
        extra: process.env.TEST_EXTRA ?? null,
        parentSecret: process.env.SPOKE_TEST_PARENT_SECRET ?? null,
        hasPath: Boolean(process.env.PATH),
      };
      return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
    },
  );
  await server.connect(new StdioServerTransport());
}
