import { randomUUID } from 'node:crypto';
import pg from 'pg';

export type FreshDatabase = { url: string; name: string; drop: () => Promise<void> };

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database on the server of `baseUrl`, named `<prefix>_<random>`;
 * `drop` removes it again. Used by tests, browser tests and benchmarks alike.
 */
export async function createFreshDatabase(baseUrl: string, prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  };
}
