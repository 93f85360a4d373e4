import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { schema, type Schema } from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');
// Several instances may start at once against one PostgreSQL: only one migrates at a time.
const MIGRATION_LOCK_ID = 0x5370_6f6b;
/** Connections the app keeps to PostgreSQL. */
const POOL_SIZE = 10;

/**
 * Opens the database named by `url` and applies the committed migrations.
 * `undefined` means embedded PGlite under `dataDir`; `memory://` an in-memory PGlite.
 */
export async function openDatabase(url: string | undefined, dataDir: string): Promise<Database> {
  if (url?.startsWith('postgres')) return openPostgres(url);
  return openPglite(url === 'memory://' ? undefined : path.join(dataDir, 'pglite'));
}

async function openPglite(dir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir
    ? new PGlite(dir, { extensions: { pg_trgm } })
    : new PGlite({ extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query reconnects. The pool hears
  // the errors of idle clients only: a client that a request holds between two statements (in
  // a transaction) reports a dropped connection on itself, and unheard that error would end the
  // process. Its next statement fails on its own (503) and the pool discards it on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    // (Idle connections that PostgreSQL ended, in a restart or a failover, each fail their next
    // statement if the pool has not yet heard; the pool drops each one that fails, so trying
    // once more than the pool holds reaches a new connection. A database that is down fails
    // every try.)
    ping: async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          await db.execute(sql`select 1`);
          return;
        } catch (err) {
          if (attempt >= POOL_SIZE) throw err;
        }
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
