import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentSqlEngine, type MemoryRow } from './sql-engine.ts';

const LIMITS = { maxRows: 100, timeoutMs: 5000 };
const at = '2026-11-01T10:00:00.000Z';

describe('the agent SQL engine', () => {
  let engine: AgentSqlEngine;
  const stores = new Map<string, MemoryRow[]>([
    [
      'alice',
      [
        { key: 'customer:1', value: { name: 'Ana', spend: 120 }, updated_at: at },
        { key: 'secret', value: 'alice-only', updated_at: at },
      ],
    ],
    ['bob', [{ key: 'note', value: 'bob-only', updated_at: new Date(at) }]],
  ]);
  const table = (agent: string) => engine.tableFor(agent, async () => stores.get(agent) ?? []);
  const query = (agent: string, sql: string, params: unknown[] = [], limits = LIMITS) =>
    table(agent).query(sql, params, limits);

  beforeAll(() => {
    engine = new AgentSqlEngine({ idleMs: 60_000 });
  });
  afterAll(async () => engine.close());

  it('reads the calling agent’s memory, and only it', async () => {
    const alice = await query(
      'alice',
      `SELECT key, value->>'name' AS name FROM memory ORDER BY key`,
    );
    expect(alice.columns).toEqual(['key', 'name']);
    expect(alice.rows).toEqual([
      ['customer:1', 'Ana'],
      ['secret', null],
    ]);
    const bob = await query('bob', 'SELECT key, value, updated_at FROM memory');
    expect(bob.rows).toEqual([['note', 'bob-only', new Date(at)]]);
    const params = await query('alice', 'SELECT count(*)::int FROM memory WHERE key LIKE $1', [
      'customer:%',
    ]);
    expect(params.rows).toEqual([[1]]);
  }, 120_000);

  it('has nothing of the platform to name, whatever the text', async () => {
    // Escaped identifiers and role switches that got past a text check before.
    const attempts = [
      `SELECT U&"\\0073et_config"('role', 'postgres', true)`,
      `SELECT set_config('role', 'postgres', false)`,
      `SELECT rolname, rolpassword FROM pg_authid`,
      `SELECT pg_read_file('/etc/passwd')`,
      `SELECT * FROM pg_ls_dir('/')`,
      `SELECT lo_import('/etc/passwd')`,
      `SELECT * FROM users`,
      `SELECT * FROM agent_memory`,
      `SELECT * FROM agent_space.memory`,
    ];
    for (const sql of attempts) {
      const outcome = await query('bob', sql).then(
        (r) => ({ ok: true as const, rows: r.rows }),
        (e: Error) => ({ ok: false as const, message: e.message }),
      );
      if (outcome.ok) {
        // Whatever a statement may read, the platform's data is not there to read.
        expect(JSON.stringify(outcome.rows)).not.toMatch(/alice-only|scrypt|SCRAM|root:/);
      } else {
        expect(outcome.message).toMatch(
          /permission denied|does not exist|must be superuser|not allowed|read-only/,
        );
      }
    }
    const who = await query('bob', 'SELECT current_user');
    expect(who.rows).toEqual([['agent']]);
  }, 120_000);

  it('an agent that becomes the engine’s superuser finds no trace of another agent', async () => {
    // Rows loaded and rolled back still reach the engine's write-ahead log once there are enough
    // of them. Each agent loads 16 MB here; Bob then takes the superuser role inside his engine
    // and searches every file of it. He finds his own rows (the probe works) and none of Alice's.
    const bulk = (marker: string): MemoryRow[] =>
      Array.from({ length: 260 }, (_, i) => ({
        key: `bulk:${i}`,
        value: `${marker}:${randomBytes(30_000).toString('base64')}`,
        updated_at: at,
      }));
    stores.set('carol', bulk('carol-only'));
    stores.set('dave', bulk('dave-only'));
    await query('carol', 'SELECT count(*) FROM memory');
    await query('dave', 'SELECT count(*) FROM memory');
    const probe = `SELECT current_user AS u,
        bool_or(position('carol-only'::bytea IN pg_read_binary_file(path, 0, 67108864, true)) > 0) AS carol,
        bool_or(position('dave-only'::bytea IN pg_read_binary_file(path, 0, 67108864, true)) > 0) AS dave
      FROM unnest(ARRAY['base/5', 'base/1', 'global', 'pg_wal']) d, LATERAL pg_ls_dir(d) f,
        LATERAL (SELECT d || '/' || f AS path) p
      WHERE NOT (pg_stat_file(path, true)).isdir`;
    const dump = await query(
      'dave',
      `WITH su AS MATERIALIZED (SELECT set_config('role', 'postgres', true) AS r)
       SELECT query_to_xml($1, false, false, '')::text FROM su`,
      [probe],
    );
    const xml = String(dump.rows[0]?.[0]);
    expect(xml).toContain('<u>postgres</u>');
    expect(xml).toContain('<dave>true</dave>');
    expect(xml).toContain('<carol>false</carol>');
  }, 180_000);

  it('writes nothing, and nothing one query does reaches the next agent', async () => {
    for (const sql of [
      `COMMIT`,
      `INSERT INTO memory VALUES ('planted', '1', now())`,
      `CREATE TABLE loot (x text)`,
      `CREATE TEMP TABLE loot (x text)`,
      `PREPARE p AS SELECT * FROM memory`,
      `SET SESSION search_path = pg_temp`,
      `SELECT pg_advisory_lock(42)`,
    ]) {
      await query('alice', sql).catch(() => undefined);
    }
    const bob = await query('bob', 'SELECT key FROM memory ORDER BY key');
    expect(bob.rows).toEqual([['note']]);
    const locks = await query(
      'bob',
      `SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory'`,
    );
    expect(locks.rows).toEqual([[0]]);
    const prepared = await query('bob', 'SELECT count(*)::int FROM pg_prepared_statements');
    expect(prepared.rows).toEqual([[0]]);
  }, 120_000);

  it('stops a statement at its time limit, and the next query gets a fresh engine', async () => {
    const before = engine.started;
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const started = performance.now();
    const endless = query(
      'alice',
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n`,
      [],
      { maxRows: 10, timeoutMs: 1500 },
    );
    await expect(endless).rejects.toThrow('the query ran longer than 1.5 s and was stopped');
    clearInterval(ticker);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(ticks).toBeGreaterThan(20);
    const after = await query('alice', 'SELECT key FROM memory ORDER BY key');
    expect(after.rows).toEqual([['customer:1'], ['secret']]);
    expect(engine.started).toBeGreaterThan(before);
  }, 120_000);

  it('returns at most max rows, and says when there were more', async () => {
    const many = await query('alice', 'SELECT g FROM generate_series(1, 50) g', [], {
      maxRows: 5,
      timeoutMs: 5000,
    });
    expect(many.rows).toHaveLength(5);
    expect(many.truncated).toBe(true);
  }, 120_000);

  it('answers parallel queries of different agents each with its own rows', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const agent = i % 2 === 0 ? 'alice' : 'bob';
        return query(agent, "SELECT string_agg(key, ',' ORDER BY key) FROM memory").then(
          (r) => [agent, r.rows[0]?.[0]] as const,
        );
      }),
    );
    for (const [agent, keys] of results) {
      expect(keys).toBe(agent === 'alice' ? 'customer:1,secret' : 'note');
    }
  }, 120_000);
});
