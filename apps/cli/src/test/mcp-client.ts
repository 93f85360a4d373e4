import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Fixture } from './fixture.ts';
import { NODE_24, SOURCE_ENTRY } from './run-cli.ts';

/** An MCP client talking to `spoke <args>` over its standard input and output. */
export async function spokeClient(
  fx: Pick<Fixture, 'cwd' | 'env'>,
  args: string[],
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: NODE_24,
    args: [SOURCE_ENTRY, ...args],
    cwd: fx.cwd,
    env: fx.env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}
