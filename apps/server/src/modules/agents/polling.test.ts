import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Agent, AgentPoll, EventDelivery } from '@spoke/shared';
import {
  startOpenAITestServer,
  type OpenAITestServer,
  startItemsServer,
  type ItemsServer,
} from '@spoke/agents/testing';
import { register, startPeerApp, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, createAgent, finishedRun, signedHook, withLinearAt } from './agent-test-kit.ts';

// Event polling through the whole platform: a real MCP server over streamable HTTP (the test's
// own, standing in for Linear's), reached through the platform's connection path with the
// credentials stored through the API; runs on a local OpenAI-compatible model.

let t: TestApp;
let model: OpenAITestServer;
let items: ItemsServer;

/** Linear, with its server pointed at the test's own; everything else from the catalog. */
const lookup = withLinearAt(() => items.url);

beforeAll(async () => {
  items = await startItemsServer();
  // Runs answer with text and call no tool: the only calls of list_items are polls.
  model = await startOpenAITestServer({ fallback: () => ({ text: 'Noted the new issues.' }) });
  t = await startTestApp(
    { llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url } },
    undefined,
    { integrations: lookup },
  );
});
afterAll(async () => {
  await t?.close();
  await model?.close();
  await items?.close();
});

const MINUTE = 60_000;
/** A clock for ticks: later than any poll scheduled so far, moved on by each test. */
let clock = Date.now() + MINUTE;
const later = (minutes: number) => new Date((clock += minutes * MINUTE));

const issue = (id: string, title = `Issue ${id}`) => ({ id, title });

/** A signed-up user whose Linear credentials are stored, and an agent polling Linear for them. */
async function pollingAgent(label: string, delivery: Partial<EventDelivery> = {}) {
  const user = await register(t.app);
  const saved = await call(t, 'PUT', '/api/integrations/linear/credentials', user.token, {
    values: { LINEAR_API_KEY: 'lin_api_test_key_1' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const created = await createAgent(t, user.token, 'When I ask, tell me the time in UTC');
  const agent = await patchTrigger(user.token, created.id, {
    type: 'poll',
    interval_minutes: 5,
    tool: 'list_items',
    arguments: { label },
    ...delivery,
  } as EventDelivery);
  return { user, agent, label };
}

async function patchTrigger(token: string, agentId: string, delivery: EventDelivery) {
  const res = await call(t, 'PATCH', `/api/agents/${agentId}`, token, {
    spec: {
      trigger: { type: 'event', integration: 'linear', event: 'issue.created', delivery },
      integrations: [{ id: 'linear', why: 'watch new issues', config: ['LINEAR_API_KEY'] }],
      steps: [{ text: 'Summarise the new issues', tools: [] }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.agent as Agent;
}

/** Fires what is due at `now` and waits for the polls it started. */
async function tick(now: Date, app = t) {
  const fired = await app.app.spoke.scheduler.tick(now);
  await app.app.spoke.poller.idle();
  return fired;
}

const callsOf = (label: string) => items.calls.filter((each) => each.arguments.label === label);

async function agentOf(token: string, id: string): Promise<Agent> {
  return (await call(t, 'GET', `/api/agents/${id}`, token)).json().data.agent as Agent;
}
const pollOf = async (token: string, id: string) => (await agentOf(token, id)).poll as AgentPoll;

async function runsOf(token: string, id: string) {
  await t.app.spoke.runs.idle();
  const res = await call(t, 'GET', `/api/agents/${id}/runs`, token);
  return res.json().data.runs as { id: string; trigger: string; input: unknown; status: string }[];
}

async function nextRunAt(agentId: string): Promise<Date | null> {
  const { rows } = (await t.app.spoke.database.db.execute(
    sql`select next_run_at from agent_schedules where agent_id = ${agentId}`,
  )) as unknown as { rows: { next_run_at: string | Date }[] };
  return rows[0] ? new Date(rows[0].next_run_at) : null;
}

describe('an event delivered by polling', () => {
  it('notes a baseline first, then starts one run with what is new, and none for nothing', async () => {
    const { user, agent, label } = await pollingAgent('baseline');
    expect(agent.webhook).toBeNull();
    expect(agent.poll).toEqual({
      interval_minutes: 5,
      tool: 'list_items',
      next_poll_at: expect.any(String),
      last_polled_at: null,
      last_error: null,
    });
    items.items = [issue('i-1'), issue('i-2')];

    const first = later(0);
    expect(await tick(first)).toBe(1);
    expect(callsOf(label)).toEqual([
      { arguments: { label }, authorization: 'Bearer lin_api_test_key_1' },
    ]);
    expect(await runsOf(user.token, agent.id)).toEqual([]);
    const baseline = await pollOf(user.token, agent.id);
    expect(baseline.last_polled_at).toBe(first.toISOString());
    expect(baseline.next_poll_at).toBe(new Date(first.getTime() + 5 * MINUTE).toISOString());
    // Not due again before its interval.
    expect(await tick(new Date(first.getTime() + 4 * MINUTE))).toBe(0);
    expect(callsOf(label)).toHaveLength(1);

    items.items = [issue('i-3', 'Checkout is down'), issue('i-1'), issue('i-2')];
    expect(await tick(later(5))).toBe(1);
    const runs = await runsOf(user.token, agent.id);
    expect(runs).toHaveLength(1);
    const run = await finishedRun(t, user.token, runs[0]!.id);
    expect(run).toMatchObject({
      status: 'succeeded',
      trigger: 'event',
      input: { event: 'issue.created', items: [issue('i-3', 'Checkout is down')] },
    });
    expect(run.usage.messages).toBe(1);

    const polled = later(5);
    expect(await tick(polled)).toBe(1);
    expect(callsOf(label)).toHaveLength(3);
    expect(await runsOf(user.token, agent.id)).toHaveLength(1);
    expect((await pollOf(user.token, agent.id)).last_polled_at).toBe(polled.toISOString());

    // The checks are free; the run they started is one message, and its tool calls its credits.
    const billing = (await call(t, 'GET', '/api/account/billing', user.token)).json().data;
    expect(billing.usage).toMatchObject({
      messages_this_period: 1,
      integration_credits_used: run.usage.integration_credits,
    });
    await call(t, 'DELETE', `/api/agents/${agent.id}`, user.token);
  });

  it('keeps a cursor per agent: two agents on one server each get a new item once', async () => {
    const a = await pollingAgent('cursor-a', { interval_minutes: 5 });
    const b = await pollingAgent('cursor-b', { interval_minutes: 10 });
    items.items = [issue('c-1')];
    const start = later(0);
    expect(await tick(start)).toBe(2);
    items.items = [issue('c-2'), issue('c-1')];
    // Only the first agent is due: it takes c-2; the second has not looked yet.
    await tick(later(5));
    expect((await runsOf(a.user.token, a.agent.id)).map((r) => r.input)).toEqual([
      { event: 'issue.created', items: [issue('c-2')] },
    ]);
    expect(await runsOf(b.user.token, b.agent.id)).toEqual([]);
    // Both due: the first has seen c-2, the second has not.
    await tick(later(5));
    expect(await runsOf(a.user.token, a.agent.id)).toHaveLength(1);
    expect((await runsOf(b.user.token, b.agent.id)).map((r) => r.input)).toEqual([
      { event: 'issue.created', items: [issue('c-2')] },
    ]);
    expect(callsOf('cursor-a')).toHaveLength(3);
    expect(callsOf('cursor-b')).toHaveLength(2);
    await call(t, 'DELETE', `/api/agents/${a.agent.id}`, a.user.token);
    await call(t, 'DELETE', `/api/agents/${b.agent.id}`, b.user.token);
  });

  it('is polled once per due time, even when two schedulers tick together', async () => {
    const { user, agent, label } = await pollingAgent('once');
    items.items = [issue('o-1')];
    await tick(later(0));
    items.items = [issue('o-2'), issue('o-1')];
    const due = later(5);
    // A second instance on the same database (PostgreSQL); on the embedded database, which one
    // process owns, two ticks of the same instance race instead.
    const other =
      t.config.databaseUrl === 'memory://'
        ? null
        : await startPeerApp(t, {}, { integrations: lookup });
    const fired = await Promise.all([tick(due), tick(due, other ?? t)]);
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(1);
    await other?.app.spoke.runs.idle();
    await other?.close();
    expect(callsOf(label)).toHaveLength(2);
    expect(await runsOf(user.token, agent.id)).toHaveLength(1);
    await call(t, 'DELETE', `/api/agents/${agent.id}`, user.token);
  });

  it('counts a poll’s run against the plan, and keeps the items of a refused one', async () => {
    const { user, agent } = await pollingAgent('quota');
    items.items = [issue('q-1')];
    await tick(later(0));
    const setToday = (messages: number) =>
      t.app.spoke.database.db.execute(
        sql`insert into usage_days (user_id, day, messages) values (${user.user.id}, ${new Date().toISOString().slice(0, 10)}, ${messages})
            on conflict (user_id, day) do update set messages = excluded.messages`,
      );
    // One message left today (Free: 7 a day).
    await setToday(6);
    items.items = [issue('q-2'), issue('q-1')];
    await tick(later(5));
    expect(await runsOf(user.token, agent.id)).toHaveLength(1);
    const billing = (await call(t, 'GET', '/api/account/billing', user.token)).json().data;
    expect(billing.usage.messages_today).toBe(7);

    items.items = [issue('q-3'), issue('q-2'), issue('q-1')];
    await tick(later(5));
    expect(await runsOf(user.token, agent.id)).toHaveLength(1);
    expect((await pollOf(user.token, agent.id)).last_error).toMatch(
      /^Daily message limit reached \(7 a day on the Free plan\)\. Runs resume tomorrow, \d{4}-\d{2}-\d{2} \(UTC\)\. The 1 new item will be sent with the next poll\.$/,
    );
    // A new day: the item refused before comes with the next poll.
    await setToday(0);
    await tick(later(5));
    const runs = await runsOf(user.token, agent.id);
    expect(runs.map((r) => r.input)).toEqual([
      { event: 'issue.created', items: [issue('q-3')] },
      { event: 'issue.created', items: [issue('q-2')] },
    ]);
    expect((await pollOf(user.token, agent.id)).last_error).toBeNull();
    await call(t, 'DELETE', `/api/agents/${agent.id}`, user.token);
  });

  it('records a failing tool as the poll’s error and recovers at the next interval', async () => {
    const { user, agent } = await pollingAgent('failing');
    items.items = [issue('f-1')];
    const baseline = later(0);
    await tick(baseline);
    items.failing = 'Linear is unavailable (503)';
    items.items = [issue('f-2'), issue('f-1')];
    try {
      expect(await tick(later(5))).toBe(1);
    } finally {
      items.failing = null;
    }
    const failed = await pollOf(user.token, agent.id);
    expect(failed.last_error).toBe('list_items reported an error: Linear is unavailable (503)');
    // last_polled_at is the last poll that read the list.
    expect(failed.last_polled_at).toBe(baseline.toISOString());
    expect(await runsOf(user.token, agent.id)).toEqual([]);

    const recovered = later(5);
    await tick(recovered);
    const poll = await pollOf(user.token, agent.id);
    expect(poll).toMatchObject({ last_error: null, last_polled_at: recovered.toISOString() });
    expect((await runsOf(user.token, agent.id)).map((r) => r.input)).toEqual([
      { event: 'issue.created', items: [issue('f-2')] },
    ]);
    await call(t, 'DELETE', `/api/agents/${agent.id}`, user.token);
  });

  it('skips an item the database cannot keep, and runs with the others', async () => {
    const { user, agent } = await pollingAgent('unstorable');
    items.items = [];
    await tick(later(0));
    items.items = [issue('u-1', 'NUL \u0000 inside'), issue('u-2')];
    await tick(later(5));
    expect((await runsOf(user.token, agent.id)).map((r) => r.input)).toEqual([
      { event: 'issue.created', items: [issue('u-2')] },
    ]);
    expect((await pollOf(user.token, agent.id)).last_error).toBe(
      '1 new item of list_items could not be stored (text with NUL or a lone surrogate, or nesting too deep) and was skipped.',
    );
    // Skipped for good: the next poll neither retries it nor keeps the error.
    await tick(later(5));
    expect(await runsOf(user.token, agent.id)).toHaveLength(1);
    expect((await pollOf(user.token, agent.id)).last_error).toBeNull();
    await call(t, 'DELETE', `/api/agents/${agent.id}`, user.token);
  });

  it('does not poll while paused, and a change of trigger reschedules or starts over', async () => {
    const { user, agent, label } = await pollingAgent('paused', { interval_minutes: 60 });
    items.items = [issue('p-1')];
    const baseline = later(0);
    await tick(baseline);
    expect(await nextRunAt(agent.id)).toEqual(new Date(baseline.getTime() + 60 * MINUTE));
    // A shorter interval takes effect at once.
    await patchTrigger(user.token, agent.id, {
      type: 'poll',
      interval_minutes: 5,
      tool: 'list_items',
      arguments: { label },
    });
    expect((await nextRunAt(agent.id))!.getTime()).toBeLessThanOrEqual(Date.now() + 5 * MINUTE);

    await call(t, 'POST', `/api/agents/${agent.id}/pause`, user.token);
    expect(await nextRunAt(agent.id)).toBeNull();
    expect((await pollOf(user.token, agent.id)).next_poll_at).toBeNull();
    items.items = [issue('p-2'), issue('p-1')];
    await tick(later(120));
    expect(callsOf(label)).toHaveLength(1);
    // Resumed, it polls again from where it was: what came meanwhile is new.
    await call(t, 'POST', `/api/agents/${agent.id}/resume`, user.token);
    await tick(later(120));
    expect((await runsOf(user.token, agent.id)).map((r) => r.input)).toEqual([
      { event: 'issue.created', items: [issue('p-2')] },
    ]);

    // Other arguments list other items: a new baseline, no run for what is there.
    await patchTrigger(user.token, agent.id, {
      type: 'poll',
      interval_minutes: 5,
      tool: 'list_items',
      arguments: { label: `${label}-2` },
    });
    items.items = [issue('p-3'), issue('p-2'), issue('p-1')];
    await tick(later(1));
    expect(callsOf(`${label}-2`)).toHaveLength(1);
    expect(await runsOf(user.token, agent.id)).toHaveLength(1);
    await call(t, 'DELETE', `/api/agents/${agent.id}`, user.token);
  });

  it('says so when no tool is known to poll, instead of failing silently', async () => {
    const { user, agent } = await pollingAgent('no-tool');
    const res = await call(t, 'PATCH', `/api/agents/${agent.id}`, user.token, {
      spec: {
        trigger: {
          type: 'event',
          integration: 'linear',
          event: 'issue.created',
          delivery: { type: 'poll', interval_minutes: 15 },
        },
      },
    });
    if (res.statusCode === 422) {
      // Refused when saved: the owner must choose the tool.
      expect(Object.keys(res.json().error.fields)).toContain('spec.trigger.delivery.tool');
    } else {
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json().data.agent as Agent;
      expect(updated.poll).toEqual({
        interval_minutes: 15,
        tool: null,
        next_poll_at: null,
        last_polled_at: null,
        last_error:
          'Choose the tool to check: Linear has no default tool that lists “issue.created” items, so this agent is not polling yet.',
      });
      expect(await nextRunAt(agent.id)).toBeNull();
    }
    await call(t, 'DELETE', `/api/agents/${agent.id}`, user.token);
  });
});

describe('an event delivered by webhook', () => {
  it('still starts a run from a signed call, and has no poll', async () => {
    const { user, agent } = await pollingAgent('to-webhook');
    const hooked = await patchTrigger(user.token, agent.id, { type: 'webhook' });
    expect(hooked.poll).toBeNull();
    expect(hooked.webhook?.secret).toMatch(/^whsec_/);
    expect(await nextRunAt(agent.id)).toBeNull();
    const body = JSON.stringify({ action: 'create', data: { id: 'w-1' } });
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(hooked.webhook!.url).pathname,
      headers: { 'content-type': 'application/json', ...signedHook(hooked.webhook!.secret!, body) },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finishedRun(t, user.token, res.json().data.run_id);
    expect(run).toMatchObject({
      trigger: 'event',
      input: { action: 'create', data: { id: 'w-1' } },
    });

    // Back to polling: the hook goes away with its secret.
    const polled = await patchTrigger(user.token, agent.id, {
      type: 'poll',
      interval_minutes: 5,
      tool: 'list_items',
      arguments: { label: 'to-webhook' },
    });
    expect(polled.webhook).toBeNull();
    const again = await t.app.inject({
      method: 'POST',
      url: new URL(hooked.webhook!.url).pathname,
      headers: { 'content-type': 'application/json', ...signedHook(hooked.webhook!.secret!, body) },
      payload: body,
    });
    expect(again.statusCode).toBe(404);
    await call(t, 'DELETE', `/api/agents/${agent.id}`, user.token);
  });
});
