import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBuiltin, type BuiltinContext } from '@spoke/agents';
import { register, startTestApp, type TestApp } from '../../test/harness.ts';
import { createAgent } from './agent-test-kit.ts';
import { builtinContextFor, databaseAgentTable, databaseKeyValueStore } from './builtin-context.ts';

let t: TestApp;
let agentA: string;
let agentB: string;

beforeAll(async () => {
  t = await startTestApp();
  const user = await register(t.app);
  agentA = (await createAgent(t, user.token, 'Every hour remember the weather')).id;
  agentB = (await createAgent(t, user.token, 'Every day remember the news')).id;
});
afterAll(async () => {
  await t.close();
});

const limits = { maxRows: 100, timeoutMs: 2000 };

describe('an agent’s memory in the database', () => {
  it('is scoped to the agent and keeps the limits', async () => {
    const a = databaseKeyValueStore(t.app.spoke.database, agentA);
    const b = databaseKeyValueStore(t.app.spoke.database, agentB);
    await a.set('city', { name: 'Berlin' });
    await a.set('count', 3);
    await b.set('city', 'Paris');
    expect(await a.get('city')).toEqual({ name: 'Berlin' });
    expect(await b.get('city')).toBe('Paris');
    expect(await a.list()).toEqual(['city', 'count']);
    expect(await a.list('ci')).toEqual(['city']);
    expect(await a.delete('count')).toBe(true);
    expect(await a.delete('count')).toBe(false);
    await expect(a.set('k'.repeat(201), 1)).rejects.toThrow(/at most 200 characters/);
    await expect(a.set('big', 'x'.repeat(70_000))).rejects.toThrow(/at most 64 KiB/);
  });
});

describe('the agent’s table for the SQL built-in', () => {
  it('shows the agent its own memory, and nothing else of the database', async () => {
    const table = databaseAgentTable(t.app.spoke.database, agentA);
    const own = await table.query('select key, value from memory order by key', [], limits);
    expect(own).toEqual({
      columns: ['key', 'value'],
      rows: [['city', { name: 'Berlin' }]],
      truncated: false,
    });
    const param = await table.query(
      'select count(*)::int as n from memory where key = $1',
      ['city'],
      limits,
    );
    expect(param.rows).toEqual([[1]]);
    for (const sql of [
      'select * from public.users',
      'select * from users',
      'select * from public.agent_memory',
      'select * from public.integration_credentials',
    ]) {
      await expect(table.query(sql, [], limits), sql).rejects.toThrow(
        /permission denied|does not exist/,
      );
    }
    await expect(
      table.query("insert into memory values ('x', '1', now())", [], limits),
    ).rejects.toThrow();
    // PostgreSQL stops a long statement; PGlite cannot, so the built-in's text check refuses
    // the functions and recursive queries that could run without end (see sql-guard.ts).
    if (t.app.spoke.database.kind === 'postgres') {
      await expect(
        table.query('select pg_sleep(5)', [], { ...limits, timeoutMs: 100 }),
      ).rejects.toThrow(/statement timeout/);
    }
    expect(
      (await table.query('select * from memory', [], { ...limits, maxRows: 0 })).truncated,
    ).toBe(true);
    const other = databaseAgentTable(t.app.spoke.database, agentB);
    expect((await other.query('select value from memory', [], limits)).rows).toEqual([['Paris']]);
  });

  it('is what the SQL built-in reads, over MCP', async () => {
    const ctx: BuiltinContext = builtinContextFor({
      database: t.app.spoke.database,
      agentId: agentA,
      mailer: { send: async () => ({ id: 'x' }) },
    });
    const { client, close } = await connectBuiltin('sql', ctx);
    try {
      const result = await client.callTool({
        name: 'sql_query',
        arguments: { sql: "select value->>'name' as city from memory" },
      });
      expect(result.isError ?? false).toBe(false);
      expect(JSON.stringify(result.content)).toContain('Berlin');
      const refused = await client.callTool({
        name: 'sql_query',
        arguments: { sql: 'delete from memory' },
      });
      expect(refused.isError).toBe(true);
      for (const sql of ['select pg_sleep(5)', 'select count(*) from generate_series(1, 1e12)']) {
        const slow = await client.callTool({ name: 'sql_query', arguments: { sql } });
        expect(slow.isError, sql).toBe(true);
      }
    } finally {
      await close();
    }
  });
});
