import { describe, expect, it } from 'vitest';
import { BUILTIN_SERVER_IDS } from '../catalog/types.ts';
import { BUILTIN_TOOLS, connectBuiltin, createBuiltinServer } from './index.ts';
import { testContext } from './test-support.ts';

type JsonSchema = { type?: string; properties?: Record<string, { description?: string }> };

describe('built-in servers', () => {
  it('has a server and a tool list for every built-in id', () => {
    expect(Object.keys(BUILTIN_TOOLS).sort()).toEqual([...BUILTIN_SERVER_IDS].sort());
    for (const id of BUILTIN_SERVER_IDS) {
      expect(BUILTIN_TOOLS[id].length).toBeGreaterThan(0);
    }
  });

  it.each(BUILTIN_SERVER_IDS)(
    '%s lists the tools BUILTIN_TOOLS names, fully described',
    async (id) => {
      const { client, close } = await connectBuiltin(id, testContext().ctx);
      expect(client.getServerVersion()).toMatchObject({ name: `spoke-${id}`, version: '1.0.0' });
      expect(client.getInstructions()).toBeTruthy();
      const { tools } = await client.listTools();
      expect(tools.map((t) => ({ name: t.name, description: t.description }))).toEqual(
        BUILTIN_TOOLS[id],
      );
      for (const tool of tools) {
        expect(tool.title, `${tool.name} title`).toBeTruthy();
        expect(tool.description?.length ?? 0, `${tool.name} description`).toBeGreaterThan(40);
        expect(tool.annotations?.readOnlyHint, `${tool.name} readOnlyHint`).toBeTypeOf('boolean');
        const schema = tool.inputSchema as JsonSchema;
        expect(schema.type).toBe('object');
        for (const [field, property] of Object.entries(schema.properties ?? {})) {
          expect(property.description, `${tool.name}.${field} is described`).toBeTruthy();
        }
      }
      await close();
    },
  );

  it('builds independent servers per agent', async () => {
    const a = testContext({ agentId: 'a' }).ctx;
    const b = testContext({ agentId: 'b' }).ctx;
    const one = await connectBuiltin('memory', a);
    const two = await connectBuiltin('memory', b);
    await one.client.callTool({ name: 'memory_set', arguments: { key: 'k', value: 1 } });
    const other = await two.client.callTool({ name: 'memory_get', arguments: { key: 'k' } });
    expect(other.structuredContent).toMatchObject({ found: false });
    await one.close();
    await two.close();
    expect(createBuiltinServer('clock', a).isConnected()).toBe(false);
  });

  it('answers an unknown tool with an error result', async () => {
    const { client, close } = await connectBuiltin('clock', testContext().ctx);
    const result = await client.callTool({ name: 'teleport', arguments: {} });
    expect(result.isError).toBe(true);
    await close();
  });
});
