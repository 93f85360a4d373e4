import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { serveWork } from './killable-worker.ts';
import type { SqlWork, SqlWorkResult } from './sql-engine.ts';

/**
 * The role queries run as: it owns nothing and may not create. PGlite runs single-user, so the
 * session itself stays the superuser and the role is a second fence only; the first is that an
 * engine holds one agent's rows and nothing else (see sql-engine.ts).
 */
const AGENT_ROLE = 'agent';

// Set up once, then snapshotted: every engine after that starts from the snapshot, before any
// agent's rows were in it.
const SETUP = `
  CREATE TABLE public.memory (
    key text PRIMARY KEY,
    value jsonb NOT NULL,
    updated_at timestamptz NOT NULL
  );
  CREATE ROLE ${AGENT_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION;
  REVOKE ALL ON SCHEMA public FROM PUBLIC;
  REVOKE ALL ON DATABASE postgres FROM PUBLIC;
  GRANT CONNECT ON DATABASE postgres TO ${AGENT_ROLE};
  GRANT USAGE ON SCHEMA public TO ${AGENT_ROLE};
  GRANT SELECT, INSERT, DELETE ON public.memory TO ${AGENT_ROLE};
`;

let db: PGlite;

async function setup(): Promise<{ snapshot?: ArrayBuffer }> {
  let snapshot = (workerData as { snapshot?: ArrayBuffer } | undefined)?.snapshot;
  let made: ArrayBuffer | undefined;
  if (!snapshot) {
    const bootstrap = new PGlite();
    await bootstrap.exec(SETUP);
    const blob = await bootstrap.dumpDataDir('none');
    await bootstrap.close();
    snapshot = made = await blob.arrayBuffer();
  }
  db = new PGlite({ loadDataDir: new Blob([snapshot]) });
  await db.waitReady;
  return made ? { snapshot: made } : {};
}

async function run(work: SqlWork): Promise<SqlWorkResult> {
  try {
    return await db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL ROLE ${AGENT_ROLE}`);
      // The table holds this agent's rows for this one transaction, and only them.
      await tx.query('DELETE FROM memory');
      await tx.query(
        `INSERT INTO memory (key, value, updated_at)
         SELECT key, value, updated_at
         FROM jsonb_to_recordset($1::jsonb) AS r(key text, value jsonb, updated_at timestamptz)`,
        [work.rowsJson],
      );
      await tx.exec('SET TRANSACTION READ ONLY');
      const result = await tx.query<unknown[]>(work.sql, work.params, { rowMode: 'array' });
      const columns = result.fields.map((f) => f.name);
      const rows = result.rows.slice(0, work.maxRows);
      const truncated = result.rows.length > work.maxRows;
      await tx.rollback();
      return { columns, rows, truncated };
    });
  } finally {
    // Whatever the statement left in the session (settings, prepared plans, advisory locks) is
    // dropped before the agent's next query.
    await db.exec('ROLLBACK; DISCARD ALL;').catch(() => undefined);
  }
}

await serveWork(parentPort, setup, run);
