import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent } from '../../modules/agents/agent-test-kit.ts';
import { bearer, register, registrationFor, startTestApp, type TestApp } from '../harness.ts';

// A write that spans several rows must land whole or not at all: a crash (kill -9) between
// two of its statements otherwise leaves a user without the account that holds its password
// (its e-mail then taken for good), or a scheduled agent that never fires. Here the database
// refuses the second statement, as a crash would cut it off, through a trigger.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const exec = (query: ReturnType<typeof sql>) => t.app.spoke.database.db.execute(query);

/** Makes every insert into `table` fail until `allowInserts` runs. */
async function refuseInserts(table: 'accounts' | 'agent_schedules') {
  await exec(sql`create or replace function spoke_refuse_insert() returns trigger language plpgsql as
    $$ begin raise exception 'insert refused by the test'; end $$`);
  await exec(
    sql.raw(`create trigger spoke_refuse before insert on ${table}
    for each row execute function spoke_refuse_insert()`),
  );
}

async function allowInserts(table: string) {
  await exec(sql.raw(`drop trigger if exists spoke_refuse on ${table}`));
}

afterEach(async () => {
  await allowInserts('accounts');
  await allowInserts('agent_schedules');
});

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await exec(query)) as unknown as { rows: { n: unknown }[] }).rows[0]?.n);

describe('a registration cut off after its user row', () => {
  it('leaves no user behind, and the same e-mail can register afterwards', async () => {
    const form = registrationFor();
    await refuseInserts('accounts');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: form,
    });
    expect(refused.statusCode).toBe(500);
    expect(await count(sql`select count(*) as n from users where email = ${form.email}`)).toBe(0);

    await allowInserts('accounts');
    const again = await register(t.app, form);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/account/me',
      headers: bearer(again.token),
    });
    expect(me.json().data.user.email).toBe(form.email);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: form.email, password: form.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('an agent creation cut off after its agent row', () => {
  it('leaves no agent without its schedule', async () => {
    const user = await register(t.app);
    await refuseInserts('agent_schedules');
    const refused = await call(t, 'POST', '/api/agents', user.token, {
      prompt: 'Every day at 9am tell me the current time in UTC',
      timezone: 'UTC',
    });
    expect(refused.statusCode).toBe(500);
    expect((await call(t, 'GET', '/api/agents', user.token)).json().data.agents).toEqual([]);

    await allowInserts('agent_schedules');
    const agent = await createAgent(
      t,
      user.token,
      'Every day at 9am tell me the current time in UTC',
      'UTC',
    );
    expect(agent.spec.trigger.type).toBe('schedule');
    const paused = await call(t, 'POST', `/api/agents/${agent.id}/pause`, user.token);
    expect(paused.statusCode).toBe(200);

    // Resuming rewrites the schedule: refused, the agent stays paused.
    await refuseInserts('agent_schedules');
    const resumed = await call(t, 'POST', `/api/agents/${agent.id}/resume`, user.token);
    expect(resumed.statusCode).toBe(500);
    const after = (await call(t, 'GET', `/api/agents/${agent.id}`, user.token)).json().data.agent;
    expect(after.status).toBe('paused');
    expect(
      await count(sql`select count(*) as n from agent_schedules where agent_id = ${agent.id}`),
    ).toBe(0);
  });
});
