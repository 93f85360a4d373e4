import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runs } from '../../db/schema.ts';
import { register, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, createAgent } from './agent-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const CLOCK = 'When I ask, tell me the current time in UTC';
// After the accounts were made: their billing period starts at sign-up.
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

// The list reads every agent's last run and usage in the same query as the page.
describe('GET /api/agents', () => {
  it('gives each agent its own last run status and usage this period, page after page', async () => {
    const user = await register(t.app);
    const other = await register(t.app);
    const quiet = await createAgent(t, user.token, CLOCK);
    const busy = await createAgent(t, user.token, CLOCK);
    const failing = await createAgent(t, user.token, CLOCK);
    const foreign = await createAgent(t, other.token, CLOCK);
    const base = { userId: user.user.id, trigger: 'manual' as const };
    await t.app.spoke.database.db.insert(runs).values([
      {
        ...base,
        agentId: busy.id,
        status: 'failed',
        messages: 1,
        credits: 2,
        createdAt: later(1),
      },
      {
        ...base,
        agentId: busy.id,
        status: 'succeeded',
        messages: 1,
        credits: 3,
        createdAt: later(3),
      },
      // Before the billing period (the account is minutes old): not this period's usage.
      {
        ...base,
        agentId: busy.id,
        status: 'failed',
        messages: 5,
        credits: 5,
        createdAt: new Date('2020-01-01'),
      },
      {
        ...base,
        agentId: failing.id,
        status: 'failed',
        messages: 1,
        credits: 0,
        createdAt: later(2),
      },
      {
        ...base,
        userId: other.user.id,
        agentId: foreign.id,
        status: 'succeeded',
        messages: 1,
        credits: 9,
      },
    ]);

    const first = (await call(t, 'GET', '/api/agents?limit=2', user.token)).json().data;
    const second = (
      await call(t, 'GET', `/api/agents?limit=2&cursor=${first.next_cursor}`, user.token)
    ).json().data;
    expect(second.next_cursor).toBeNull();
    const listed = [...first.agents, ...second.agents].map(
      (a: { id: string; last_run_status: string | null; usage: unknown }) => ({
        id: a.id,
        last: a.last_run_status,
        usage: a.usage,
      }),
    );
    expect(listed).toEqual([
      { id: failing.id, last: 'failed', usage: { messages: 1, integration_credits: 0 } },
      { id: busy.id, last: 'succeeded', usage: { messages: 2, integration_credits: 5 } },
      { id: quiet.id, last: null, usage: { messages: 0, integration_credits: 0 } },
    ]);
  });
});
