import { z } from 'zod';
import { readOnlyProblem } from './sql-guard.ts';
import {
  defineTool,
  jsonResult,
  messageOf,
  ToolError,
  type BuiltinServerDefinition,
} from './tool.ts';

export const SQL_LIMITS = { maxRows: 1000, defaultRows: 100, timeoutMs: 5000, maxChars: 20_000 };

const sqlDescribe = defineTool({
  name: 'sql_describe',
  title: 'Describe the agent’s table',
  description:
    'Show the name and columns (with their types) of the table this agent owns. Call it before ' +
    'writing a query with sql_query.',
  input: {},
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(_args, ctx) {
    let shape: Awaited<ReturnType<typeof ctx.sql.describe>>;
    try {
      shape = await ctx.sql.describe();
    } catch (error) {
      throw new ToolError(`could not read the table: ${messageOf(error)}`);
    }
    const columns = shape.columns.map((c) => `${c.name} ${c.type}`).join(', ');
    return jsonResult(shape, `Table ${shape.table} (${columns}).`);
  },
});

const sqlQuery = defineTool({
  name: 'sql_query',
  title: 'Query the agent’s table',
  description:
    'Run one read-only PostgreSQL SELECT (WITH … SELECT allowed) on this agent’s table and get ' +
    'the columns and rows. Pass values as params and refer to them as $1, $2… instead of ' +
    'pasting them into the SQL. INSERT, UPDATE, DELETE, DDL and several statements are ' +
    `refused. At most max_rows rows come back; queries stop after ${SQL_LIMITS.timeoutMs / 1000} s.`,
  input: {
    sql: z
      .string()
      .min(1)
      .max(SQL_LIMITS.maxChars)
      .describe('One SELECT statement, e.g. SELECT status, count(*) FROM t GROUP BY status.'),
    params: z
      .array(z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .max(100)
      .default([])
      .describe('Values for $1, $2… in order.'),
    max_rows: z
      .number()
      .int()
      .min(1)
      .max(SQL_LIMITS.maxRows)
      .default(SQL_LIMITS.defaultRows)
      .describe(
        `Most rows to return, 1 to ${SQL_LIMITS.maxRows}. Default ${SQL_LIMITS.defaultRows}.`,
      ),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const problem = readOnlyProblem(args.sql);
    if (problem) throw new ToolError(`refused: ${problem}`);
    let result: Awaited<ReturnType<typeof ctx.sql.query>>;
    try {
      result = await ctx.sql.query(args.sql, args.params, {
        maxRows: args.max_rows,
        timeoutMs: SQL_LIMITS.timeoutMs,
      });
    } catch (error) {
      throw new ToolError(`the query failed: ${messageOf(error)}`);
    }
    const rows = result.rows.slice(0, args.max_rows);
    const truncated = result.truncated || result.rows.length > args.max_rows;
    const more = truncated ? ` (more rows exist; raise max_rows or narrow the query)` : '';
    return jsonResult(
      { columns: result.columns, rows, row_count: rows.length, truncated },
      `${rows.length} row${rows.length === 1 ? '' : 's'}${more}.`,
    );
  },
});

export const sqlServer: BuiltinServerDefinition = {
  title: 'SQL (read-only)',
  instructions:
    'Reads the table this agent owns: sql_describe for its columns, sql_query for one SELECT.',
  tools: [sqlDescribe, sqlQuery],
};
