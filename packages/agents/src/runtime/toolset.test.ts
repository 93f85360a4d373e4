import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { McpConnection } from './connect.ts';
import { MissingCredentialsError } from './connect.ts';
import { integrationById } from '../catalog/index.ts';
import { openToolset } from './toolset.ts';

async function serverWithTools(names: string[], onClose: () => void): Promise<McpConnection> {
  const server = new McpServer({ name: 'odd', version: '1.0.0' });
  for (const name of names) {
    server.registerTool(
      name,
      { description: `Tool ${name}.`, inputSchema: { id: z.number().describe('Item id.') } },
      ({ id }) => ({ content: [{ type: 'text', text: `${name}:${id}` }] }),
    );
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    async close() {
      onClose();
      await client.close();
    },
  };
}

const specOf = (...ids: string[]) => ({
  integrations: ids.map((id) => ({ id, why: '', config: [] })),
});

describe('openToolset', () => {
  it('gives every tool a model-safe, unique name and keeps its schema', async () => {
    const long = 'x'.repeat(80);
    const closed: string[] = [];
    const toolset = await openToolset(specOf('odd-one', 'odd-one'), () =>
      serverWithTools(['get.item', 'get_item', long, `${long}y`], () => closed.push('odd-one')),
    );
    expect(toolset.tools.map((tool) => [tool.name, tool.modelName])).toEqual([
      ['odd-one.get.item', 'odd-one__get_item'],
      ['odd-one.get_item', 'odd-one__get_item_2'],
      [`odd-one.${long}`, `odd-one__${long}`.slice(0, 64)],
      [`odd-one.${long}y`, `${`odd-one__${long}`.slice(0, 60)}_2`],
    ]);
    expect(toolset.tools.every((tool) => /^[A-Za-z0-9_-]{1,64}$/.test(tool.modelName))).toBe(true);
    const [first] = toolset.tools;
    expect(first?.inputSchema).toEqual({
      type: 'object',
      properties: { id: { type: 'number', description: 'Item id.' } },
      required: ['id'],
    });
    expect(toolset.byModelName('odd-one__get_item_2')?.tool).toBe('get_item');

    expect(await toolset.call('odd-one.get_item', { id: 7 })).toEqual({
      ok: true,
      result: 'get_item:7',
      modelOutput: 'get_item:7',
    });
    expect(await toolset.call('odd-one.get_item', { id: 'seven' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('Input validation error'),
    });
    expect(await toolset.call('odd-one.get_item', [1])).toEqual({
      ok: false,
      error: 'The arguments must be a JSON object',
    });
    expect(await toolset.call('odd-one.nothing', {})).toEqual({
      ok: false,
      error: 'Unknown tool odd-one.nothing',
    });

    await toolset.close();
    expect(closed).toEqual(['odd-one']);
  });

  it('keeps the integrations that connect when others fail', async () => {
    const closed: string[] = [];
    const toolset = await openToolset(specOf('broken', 'good', 'locked'), async (id) => {
      if (id === 'broken') throw new Error('Could not connect to Broken: refused');
      if (id === 'locked')
        throw new MissingCredentialsError(integrationById('stripe')!, ['STRIPE_SECRET_KEY']);
      return serverWithTools(['ping'], () => closed.push(id));
    });
    expect(toolset.tools.map((tool) => tool.name)).toEqual(['good.ping']);
    expect(toolset.failures).toEqual([
      { integration: 'broken', error: 'Could not connect to Broken: refused', missing: [] },
      {
        integration: 'locked',
        error: 'Stripe is not connected: set STRIPE_SECRET_KEY in its connection settings first',
        missing: ['STRIPE_SECRET_KEY'],
      },
    ]);
    await toolset.close();
    expect(closed).toEqual(['good']);
  });
});
