import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DatabaseChoice } from './context.ts';

export type FreshDatabase = {
  /** What to put in the server's `databaseUrl`. */
  url: string;
  /** For the report; never carries a password. */
  label: string;
  drop: () => Promise<void>;
};

/** A database of the run's own: in-memory PGlite, or a new PostgreSQL database dropped after. */
export async function freshDatabase(choice: DatabaseChoice): Promise<FreshDatabase> {
  if (choice.kind === 'pglite') {
    return { url: 'memory://', label: 'PGlite (in-memory)', drop: async () => {} };
  }
  const name = `spoke_bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(choice.url, `create database ${name}`);
  const url = new URL(choice.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL ${url.host}/${name}`,
    drop: () => adminQuery(choice.url, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
