import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBuiltin, type BuiltinContext } from '@spoke/agents';
import { register, startTestApp, type TestApp } from '../../test/harness.ts';
import { createAgent } from './agent-test-kit.ts';
import { agentMemoryTable, builtinContextFor, databaseKeyValueStore } from './builtin-context.ts';

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
  const tableOf = (agentId: string) =>
    agentMemoryTable(t.app.spoke.database, t.app.spoke.sqlEngine, agentId);

  it('shows the agent its own memory, and nothing of the platform’s database', async () => {
    const table = tableOf(agentA);
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
      'select * from agent_space.memory',
      // Escaped names and role switches reach an engine that has none of these tables.
      `select * from U&"\\0075sers"`,
      `select set_config('role', 'postgres', true), (select count(*) from users)`,
    ]) {
      await expect(table.query(sql, [], limits), sql).rejects.toThrow(/does not exist/);
    }
    await expect(
      table.query("insert into memory values ('x', '1', now())", [], limits),
    ).rejects.toThrow(/read-only transaction|permission denied/);
    expect(
      (await table.query('select * from memory', [], { ...limits, maxRows: 0 })).truncated,
    ).toBe(true);
    const other = tableOf(agentB);
    expect((await other.query('select value from memory', [], limits)).rows).toEqual([['Paris']]);
    // What the agent stores is what its next query reads.
    await databaseKeyValueStore(t.app.spoke.database, agentB).set('mood', 'sunny');
    expect(
      (await other.query('select key from memory order by key', [], limits)).rows.flat(),
    ).toEqual(['city', 'mood']);
  }, 120_000);

  it('is stopped at its time limit, on either database', async () => {
    const table = tableOf(agentA);
    await expect(
      table.query('select count(*) from generate_series(1, 1e12)', [], {
        ...limits,
        timeoutMs: 500,
      }),
    ).rejects.toThrow('the query ran longer than 0.5 s and was stopped');
    expect((await table.query('select 1', [], limits)).rows).toEqual([[1]]);
  }, 120_000);

  it('is what the SQL built-in reads, over MCP', async () => {
    const ctx: BuiltinContext = builtinContextFor({
      database: t.app.spoke.database,
      sqlEngine: t.app.spoke.sqlEngine,
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
      const slow = await client.callTool({
        name: 'sql_query',
        arguments: {
          sql: 'with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n',
        },
      });
      expect(slow.isError).toBe(true);
      expect(JSON.stringify(slow.content)).toContain('was stopped');
    } finally {
      await close();
    }
  }, 120_000);
});
