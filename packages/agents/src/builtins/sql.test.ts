import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOnlyProblem } from './sql-guard.ts';
import { connect, dataOf, testContext, textOf } from './test-support.ts';
import type { AgentTable } from './types.ts';

const TABLE = 'agent_rows';

/** The shape the server's implementation takes: every query inside BEGIN READ ONLY. */
function pgliteTable(db: PGlite): AgentTable {
  return {
    async describe() {
      const result = await db.query<{ name: string; type: string }>(
        `SELECT column_name AS name, data_type AS type FROM information_schema.columns
         WHERE table_name = $1 ORDER BY ordinal_position`,
        [TABLE],
      );
      return { table: TABLE, columns: result.rows };
    },
    async query(sql, params, limits) {
      await db.exec('BEGIN READ ONLY');
      try {
        await db.exec(`SET LOCAL statement_timeout = ${Number(limits.timeoutMs)}`);
        const result = await db.query<unknown[]>(sql, params, { rowMode: 'array' });
        return {
          columns: result.fields.map((f) => f.name),
          rows: result.rows.slice(0, limits.maxRows),
          truncated: result.rows.length > limits.maxRows,
        };
      } finally {
        await db.exec('ROLLBACK');
      }
    },
  };
}

describe('sql', () => {
  let db: PGlite;
  let table: AgentTable;
  let mcp: Awaited<ReturnType<typeof connect>>;

  const count = async () =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${TABLE}`)).rows[0]?.n;

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`
      CREATE TABLE ${TABLE} (id serial PRIMARY KEY, customer text NOT NULL, amount integer,
        created_at timestamptz, tags jsonb);
      INSERT INTO ${TABLE} (customer, amount, created_at, tags) VALUES
        ('Ana', 120, '2025-03-01T10:00:00Z', '["vip"]'),
        ('Bo', 8, '2025-03-02T11:00:00Z', '[]'),
        ('Cy', 45, '2025-03-03T12:00:00Z', null);
      CREATE FUNCTION bump() RETURNS integer LANGUAGE sql AS
        $$ INSERT INTO ${TABLE} (customer) VALUES ('sneaky') RETURNING id $$;
    `);
    table = pgliteTable(db);
    mcp = await connect('sql', testContext({ sql: table }).ctx);
  });

  afterAll(async () => {
    await mcp.close();
    await db.close();
  });

  it('describes the table', async () => {
    const result = await mcp.call('sql_describe');
    expect(dataOf(result)).toEqual({
      table: TABLE,
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'customer', type: 'text' },
        { name: 'amount', type: 'integer' },
        { name: 'created_at', type: 'timestamp with time zone' },
        { name: 'tags', type: 'jsonb' },
      ],
    });
    expect(textOf(result)).toMatch(/^Table agent_rows \(id integer, customer text/);
  });

  it('runs a SELECT with parameters', async () => {
    const result = await mcp.call('sql_query', {
      sql: `SELECT customer, amount, created_at, tags FROM ${TABLE} WHERE amount > $1 ORDER BY id`,
      params: [10],
    });
    expect(dataOf(result)).toEqual({
      columns: ['customer', 'amount', 'created_at', 'tags'],
      rows: [
        ['Ana', 120, '2025-03-01T10:00:00.000Z', ['vip']],
        ['Cy', 45, '2025-03-03T12:00:00.000Z', null],
      ],
      row_count: 2,
      truncated: false,
    });
    expect(textOf(result)).toMatch(/^2 rows\./);
  });

  it('runs WITH … SELECT, keeps strings and comments out of the checks, and caps rows', async () => {
    const cte = await mcp.call('sql_query', {
      sql: `WITH big AS (SELECT * FROM ${TABLE} WHERE amount > 10) SELECT count(*) AS n FROM big`,
    });
    // count(*) is a bigint: it arrives as a string or a number depending on the driver.
    expect(dataOf<{ columns: string[]; rows: unknown[][] }>(cte)).toMatchObject({ columns: ['n'] });
    expect(Number(dataOf<{ rows: unknown[][] }>(cte).rows[0]?.[0])).toBe(2);
    const quoted = await mcp.call('sql_query', {
      sql: `SELECT 'DELETE; DROP TABLE x' AS a, $$ ; INSERT $$ AS b, "customer" FROM ${TABLE} -- ; UPDATE\nWHERE id = 1;`,
    });
    expect(dataOf(quoted).rows).toEqual([['DELETE; DROP TABLE x', ' ; INSERT ', 'Ana']]);
    const capped = await mcp.call('sql_query', {
      sql: `SELECT id FROM ${TABLE} ORDER BY id`,
      max_rows: 2,
    });
    expect(dataOf(capped)).toMatchObject({ rows: [[1], [2]], row_count: 2, truncated: true });
    expect(textOf(capped)).toMatch(/^2 rows \(more rows exist/);
  });

  it.each([
    [
      `INSERT INTO ${TABLE} (customer) VALUES ('x')`,
      'only SELECT queries are allowed (this one starts with INSERT)',
    ],
    [
      `UPDATE ${TABLE} SET amount = 0`,
      'only SELECT queries are allowed (this one starts with UPDATE)',
    ],
    [`DELETE FROM ${TABLE}`, 'only SELECT queries are allowed (this one starts with DELETE)'],
    [`DROP TABLE ${TABLE}`, 'only SELECT queries are allowed (this one starts with DROP)'],
    [`SELECT 1; DROP TABLE ${TABLE}`, 'only one statement per query'],
    [`SELECT 1 /* ; */; DELETE FROM ${TABLE}`, 'only one statement per query'],
    [
      `WITH gone AS (DELETE FROM ${TABLE} RETURNING *) SELECT * FROM gone`,
      'DELETE is not permitted',
    ],
    [
      `WITH n AS (INSERT INTO ${TABLE} (customer) VALUES ('x') RETURNING id) SELECT 1`,
      'INSERT is not permitted',
    ],
    [`SELECT * INTO stolen FROM ${TABLE}`, 'INTO is not permitted'],
    [`SELECT * FROM ${TABLE} FOR UPDATE`, 'UPDATE is not permitted'],
    ['EXPLAIN ANALYZE SELECT 1', 'only SELECT queries are allowed (this one starts with EXPLAIN)'],
    ["SELECT 'unterminated", 'the query has an unterminated string'],
    ['  ;  ', 'the query is empty'],
  ])('refuses %s', async (sql, message) => {
    const before = await count();
    const result = await mcp.call('sql_query', { sql });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`refused: `);
    expect(textOf(result)).toContain(message);
    expect(await count()).toBe(before);
  });

  it('relies on the read-only transaction for writes hidden behind functions', async () => {
    expect(readOnlyProblem('SELECT bump()')).toBeNull();
    const hidden = await mcp.call('sql_query', { sql: 'SELECT bump()' });
    expect(hidden.isError).toBe(true);
    expect(textOf(hidden)).toBe(
      'the query failed: cannot execute INSERT in a read-only transaction',
    );
    const sequence = await mcp.call('sql_query', { sql: `SELECT nextval('${TABLE}_id_seq')` });
    expect(textOf(sequence)).toBe(
      'the query failed: cannot execute nextval() in a read-only transaction',
    );
    expect(await count()).toBe(3);
  });

  it('the read-only transaction refuses writes even past the text check', async () => {
    const limits = { maxRows: 10, timeoutMs: 1000 };
    for (const sql of [
      `INSERT INTO ${TABLE} (customer) VALUES ('x')`,
      `UPDATE ${TABLE} SET amount = 0`,
      `DELETE FROM ${TABLE}`,
      `DROP TABLE ${TABLE}`,
      `WITH gone AS (DELETE FROM ${TABLE} RETURNING *) SELECT * FROM gone`,
    ]) {
      await expect(table.query(sql, [], limits)).rejects.toThrow(/read-only transaction/);
    }
    await expect(table.query(`SELECT 1; DELETE FROM ${TABLE}`, [], limits)).rejects.toThrow(
      /multiple commands/,
    );
    expect(await count()).toBe(3);
  });

  it('reports database errors and a missing table clearly', async () => {
    const typo = await mcp.call('sql_query', { sql: `SELECT nme FROM ${TABLE}` });
    expect(textOf(typo)).toBe('the query failed: column "nme" does not exist');
    const noTable = await connect('sql', testContext().ctx);
    const described = await noTable.call('sql_describe');
    expect(textOf(described)).toBe('could not read the table: this agent has no table');
    await noTable.close();
  });
});
