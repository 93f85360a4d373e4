import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageForStatus } from '@spoke/shared';
import { isDatabaseUnavailable } from '../../errors.ts';
import { call } from '../../modules/agents/agent-test-kit.ts';
import { createFreshDatabase, type FreshDatabase } from '../fresh-database.ts';
import { register, startTestApp, type TestApp } from '../harness.ts';

// PostgreSQL ends the app's connections (a restart, a failover, an administrator): requests
// and transactions caught in the middle fail with 503, the process lives on, and the next
// requests get new connections. Needs a PostgreSQL server: TEST_DATABASE_URL, or the local one.

const BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let fresh: FreshDatabase;
let t: TestApp;
let admin: pg.Client;

beforeAll(async () => {
  fresh = await createFreshDatabase(BASE, 'spoke_fault');
  t = await startTestApp({ databaseUrl: fresh.url });
  admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
});
afterAll(async () => {
  await t?.close();
  await admin?.end();
  await fresh?.drop();
});

/** Whether the server still has the backend with this process id. */
const alive = async (pid: number) =>
  ((await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount ?? 0) > 0;

/** Ends every connection to the app's database, as a PostgreSQL shutdown does. */
async function terminateAll(): Promise<void> {
  await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [fresh.name],
  );
}

describe('PostgreSQL ending the app’s connections', () => {
  it('fails a transaction caught between two statements with "unavailable", and the process goes on', async () => {
    const outcome = t.app.spoke.database.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      await terminateAll();
      // The connection is gone while this transaction holds it, between two statements. (Only
      // its own: the app's other work may open new connections meanwhile.)
      while (await alive(rows[0]!.pid)) await sleep(20);
      await tx.execute(sql`select 1`);
    });
    const error = await outcome.then(
      () => new Error('the transaction committed on a dead connection'),
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('answers requests caught in it with 503 and the catalogue message, then serves again', async () => {
    const user = await register(t.app);
    const requests = Array.from({ length: 40 }, (_, i) =>
      i % 2
        ? call(t, 'GET', '/api/agents', user.token)
        : call(t, 'POST', '/api/agents', user.token, {
            prompt: 'Every day at 9am tell me the current time in UTC',
          }),
    );
    await terminateAll();
    const answers = await Promise.all(requests);
    for (const res of answers) {
      expect([200, 201, 503], res.body).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.json().error).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: messageForStatus(503),
        });
      }
    }
    expect((await call(t, 'GET', '/api/agents', user.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('is ready again at once: a readiness check does not fail on an idle connection that was ended', async () => {
    for (let round = 0; round < 10; round++) {
      // Idle connections in the pool, then every one of them ended, and at once the check.
      await Promise.all(
        Array.from({ length: 8 }, () =>
          t.app.spoke.database.db.execute(sql`select pg_sleep(0.01)`),
        ),
      );
      await terminateAll();
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode, `round ${round}`).toBe(200);
    }
  });
});
