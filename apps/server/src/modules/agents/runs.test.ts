import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { billingPeriod } from '@spoke/shared';
import { autoResponder, startOpenAITestServer, type OpenAITestServer } from '@spoke/agents/testing';
import { register, startPeerApp, startTestApp, type TestApp } from '../../test/harness.ts';
import { usagePeriods } from '../../db/schema.ts';
import { call, createAgent, finishedRun, signedHook } from './agent-test-kit.ts';

let t: TestApp;
let model: OpenAITestServer;

beforeAll(async () => {
  // Compile requests get no valid spec from this model, so the embedded compiler is used;
  // run requests call the first tool offered, then answer with its result.
  model = await startOpenAITestServer({ fallback: autoResponder({ timezone: 'UTC' }) });
  t = await startTestApp({
    llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url },
  });
});
afterAll(async () => {
  await t.close();
  await model.close();
});

const CLOCK = 'When I ask, tell me the current time in UTC';

/** The user's billing period now, from their sign-up time as stored. */
async function periodOf(userId: string) {
  const { rows } = (await t.app.spoke.database.db.execute(
    sql`select created_at from users where id = ${userId}`,
  )) as unknown as { rows: { created_at: string | Date }[] };
  return billingPeriod(new Date(rows[0]!.created_at), new Date());
}

describe('a run', () => {
  it('runs the model with the agent’s tools, records every step and counts usage', async () => {
    const user = await register(t.app);
    const agent = await createAgent(t, user.token, CLOCK);
    expect(agent.spec.integrations.map((i) => i.id)).toContain('clock');
    const res = await call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, {
      input: 'What time is it?',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.run).toMatchObject({
      status: 'queued',
      trigger: 'manual',
      input: 'What time is it?',
    });
    const run = await finishedRun(t, user.token, res.json().data.run.id);
    expect(run.status, run.error).toBe('succeeded');
    const types = run.steps.map((s: { type: string }) => s.type);
    expect(types).toContain('tool');
    const tool = run.steps.find((s: { type: string }) => s.type === 'tool');
    expect(tool.tool).toMatch(/^clock\./);
    expect(tool.error ?? null).toBeNull();
    expect(run.steps.map((s: { index: number }) => s.index)).toEqual(
      run.steps.map((_: unknown, i: number) => i),
    );
    expect(run.usage).toMatchObject({ messages: 1, integration_credits: 1 });
    const billing = (await call(t, 'GET', '/api/account/billing', user.token)).json().data;
    expect(billing.usage).toEqual({
      messages_this_period: 1,
      messages_today: 1,
      integration_credits_used: 1,
    });
    const list = (await call(t, 'GET', `/api/agents/${agent.id}/runs`, user.token)).json().data
      .runs;
    expect(list.map((r: { id: string }) => r.id)).toEqual([run.id]);
    const agentNow = (await call(t, 'GET', '/api/agents', user.token)).json().data.agents[0];
    expect(agentNow.last_run_status).toBe('succeeded');
    expect(agentNow.usage).toEqual({ messages: 1, integration_credits: 1 });
  });
});

describe('recent runs', () => {
  it('lists the user’s newest runs across their agents, each naming its agent, and no one else’s', async () => {
    const user = await register(t.app);
    const other = await register(t.app);
    const first = await createAgent(t, user.token, CLOCK);
    const second = await createAgent(t, user.token, 'When I ask, tell me the date in UTC');
    const theirs = await createAgent(t, other.token, CLOCK);
    const started: string[] = [];
    for (const agent of [first, second, first]) {
      const res = await call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, {});
      expect(res.statusCode, res.body).toBe(202);
      started.push(res.json().data.run.id);
      await finishedRun(t, user.token, res.json().data.run.id);
    }
    await call(t, 'POST', `/api/agents/${theirs.id}/runs`, other.token, {});

    const page1 = (await call(t, 'GET', '/api/runs?limit=2', user.token)).json().data;
    expect(page1.runs.map((r: { id: string }) => r.id)).toEqual([started[2], started[1]]);
    expect(page1.runs.map((r: { agent_name: string }) => r.agent_name)).toEqual([
      first.spec.name,
      second.spec.name,
    ]);
    expect(page1.runs[0]).toMatchObject({ agent_id: first.id, status: 'succeeded' });
    const cursor = encodeURIComponent(page1.next_cursor);
    const page2 = (await call(t, 'GET', `/api/runs?limit=2&cursor=${cursor}`, user.token)).json()
      .data;
    expect(page2).toEqual({
      runs: [expect.objectContaining({ id: started[0] })],
      next_cursor: null,
    });

    const none = await call(t, 'GET', '/api/runs?limit=0', user.token);
    expect(none.statusCode).toBe(422);
    expect((await call(t, 'GET', '/api/runs', undefined)).statusCode).toBe(401);
  });
});

describe('a run with an integration that cannot start', () => {
  it('records why as its first step and goes on with the others, indexes in order', async () => {
    const user = await register(t.app);
    const agent = await createAgent(
      t,
      user.token,
      'When I ask, tell me the current time in UTC and post it to #general on Slack',
    );
    expect(agent.spec.integrations.map((i) => i.id).sort()).toEqual(['clock', 'slack']);
    const res = await call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, {});
    const run = await finishedRun(t, user.token, res.json().data.run.id);
    expect(run.steps[0]).toMatchObject({ index: 0, type: 'tool', tool: 'slack' });
    expect(run.steps[0].error).toContain('SLACK_MCP_XOXB_TOKEN');
    expect(run.steps.map((s: { index: number }) => s.index)).toEqual(
      run.steps.map((_: unknown, i: number) => i),
    );
    expect(run.steps.some((s: { tool?: string }) => s.tool?.startsWith('clock.'))).toBe(true);
  });
});

describe('plan limits', () => {
  it('refuses runs past the Free daily limit exactly, even when they race, without pausing', async () => {
    const user = await register(t.app);
    const agent = await createAgent(t, user.token, CLOCK);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, {}),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 202).length).toBe(7);
    expect(codes.filter((c) => c === 429).length).toBe(3);
    const refused = answers.find((a) => a.statusCode === 429)!.json().error;
    expect(refused.code).toBe('QUOTA_EXCEEDED');
    expect(refused.message).toMatch(
      /^Daily message limit reached \(7 a day on the Free plan\)\. Runs resume tomorrow, \d{4}-\d{2}-\d{2} \(UTC\)\.$/,
    );
    await t.app.spoke.runs.idle();
    const billing = (await call(t, 'GET', '/api/account/billing', user.token)).json().data;
    expect(billing.usage.messages_today).toBe(7);
    expect(billing.usage.messages_this_period).toBe(7);
    expect(
      (await call(t, 'GET', `/api/agents/${agent.id}`, user.token)).json().data.agent.status,
    ).toBe('active');
  });

  it('pauses every agent at the monthly limit until the next period, then resumes them', async () => {
    const user = await register(t.app);
    const agent = await createAgent(
      t,
      user.token,
      'Every day at 9am tell me the time in UTC',
      'UTC',
    );
    const period = await periodOf(user.user.id);
    // 25 messages already used this period (the Free plan's monthly limit).
    await t.app.spoke.database.db
      .insert(usagePeriods)
      .values({ userId: user.user.id, periodStart: period.start, messages: 25 })
      .onConflictDoUpdate({
        target: [usagePeriods.userId, usagePeriods.periodStart],
        set: { messages: 25 },
      });
    const res = await call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, {});
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(
      `Monthly message limit reached (25 on the Free plan). Runs resume on ${period.end.toISOString().slice(0, 10)}.`,
    );
    const paused = (await call(t, 'GET', `/api/agents/${agent.id}`, user.token)).json().data.agent;
    expect(paused.status).toBe('paused');
    expect(paused.paused_until).toBe(period.end.toISOString());
    const resume = await call(t, 'POST', `/api/agents/${agent.id}/resume`, user.token);
    expect(resume.statusCode).toBe(429);
    expect(resume.json().error.code).toBe('QUOTA_EXCEEDED');
    // The next period: the scheduler resumes the agent, and its schedule is back.
    await t.app.spoke.scheduler.tick(new Date(period.end.getTime() + 1000));
    const back = (await call(t, 'GET', `/api/agents/${agent.id}`, user.token)).json().data.agent;
    expect(back).toMatchObject({ status: 'active', paused_until: null });
    const rows = (await t.app.spoke.database.db.execute(
      sql`select next_run_at from agent_schedules where agent_id = ${agent.id}`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows.length).toBe(1);
  });

  it('refuses tool calls past the monthly integration credits and pauses the agents', async () => {
    const user = await register(t.app);
    const agent = await createAgent(t, user.token, CLOCK);
    const period = await periodOf(user.user.id);
    await t.app.spoke.database.db
      .insert(usagePeriods)
      .values({ userId: user.user.id, periodStart: period.start, credits: 500 })
      .onConflictDoUpdate({
        target: [usagePeriods.userId, usagePeriods.periodStart],
        set: { credits: 500 },
      });
    const res = await call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, {});
    expect(res.statusCode).toBe(202);
    const run = await finishedRun(t, user.token, res.json().data.run.id);
    const tool = run.steps.find((s: { type: string }) => s.type === 'tool');
    expect(tool.error).toContain('Monthly integration credit limit reached (500 on the Free plan)');
    expect(run.usage.integration_credits).toBe(0);
    expect(
      (await call(t, 'GET', `/api/agents/${agent.id}`, user.token)).json().data.agent.status,
    ).toBe('paused');
  });
});

describe('schedules', () => {
  it('fire on time, exactly once, even when two schedulers tick together', async () => {
    const user = await register(t.app);
    const agent = await createAgent(
      t,
      user.token,
      'Every day at 9am tell me the time in UTC',
      'UTC',
    );
    expect(agent.spec.trigger).toMatchObject({
      type: 'schedule',
      cron: '0 9 * * *',
      timezone: 'UTC',
    });
    const [due] = (
      (await t.app.spoke.database.db.execute(
        sql`select next_run_at from agent_schedules where agent_id = ${agent.id}`,
      )) as unknown as { rows: { next_run_at: string | Date }[] }
    ).rows;
    const at = new Date(due!.next_run_at);
    expect(at.getUTCHours()).toBe(9);
    expect(await t.app.spoke.scheduler.tick(new Date(at.getTime() - 1000))).toBe(0);
    // A second instance on the same database: both see the schedule due at the same moment.
    const other = await startPeerApp(t).catch(() => null);
    const ticks = await Promise.all([
      t.app.spoke.scheduler.tick(at),
      ...(other && t.config.databaseUrl !== 'memory://'
        ? [other.app.spoke.scheduler.tick(at)]
        : [t.app.spoke.scheduler.tick(at)]),
    ]);
    expect(ticks.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await t.app.spoke.scheduler.tick(at)).toBe(0);
    await other?.app.close();
    const runs = (await call(t, 'GET', `/api/agents/${agent.id}/runs`, user.token)).json().data
      .runs;
    expect(runs.map((r: { trigger: string }) => r.trigger)).toEqual(['schedule']);
    const [next] = (
      (await t.app.spoke.database.db.execute(
        sql`select next_run_at from agent_schedules where agent_id = ${agent.id}`,
      )) as unknown as { rows: { next_run_at: string | Date }[] }
    ).rows;
    expect(new Date(next!.next_run_at).getTime() - at.getTime()).toBe(24 * 3600 * 1000);
  });
});

describe('webhooks', () => {
  it('start a run with the body as input when the call is signed, once', async () => {
    const user = await register(t.app);
    const created = await createAgent(t, user.token, CLOCK);
    expect(created.webhook).toBeNull();
    const patched = await call(t, 'PATCH', `/api/agents/${created.id}`, user.token, {
      spec: { trigger: { type: 'webhook' } },
    });
    const agent = patched.json().data.agent as typeof created;
    const { url, secret } = agent.webhook!;
    expect(secret).toMatch(/^whsec_/);
    const path = new URL(url).pathname;
    const body = JSON.stringify({ event: 'deploy.finished', status: 'failed' });
    const hook = (headers: Record<string, string>, payload = body) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    expect((await hook({})).statusCode).toBe(401);
    expect((await hook({ 'x-spoke-signature': 'sha256=00' })).statusCode).toBe(401);
    // The secret itself is no credential: it would be replayable forever.
    const bare = await hook({ authorization: `Bearer ${secret}` });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().error.message).toMatch(/^Sign the call: send X-Spoke-Timestamp/);
    const signed = await hook(signedHook(secret!, body));
    expect(signed.statusCode, signed.body).toBe(202);
    const run = await finishedRun(t, user.token, signed.json().data.run_id);
    expect(run).toMatchObject({
      trigger: 'webhook',
      input: { event: 'deploy.finished', status: 'failed' },
    });
    const text = await hook(
      { ...signedHook(secret!, 'plain text'), 'content-type': 'text/plain' },
      'plain text',
    );
    expect(text.statusCode, text.body).toBe(202);
    const plain = await finishedRun(t, user.token, text.json().data.run_id);
    expect(plain.input).toBe('plain text');
    const broken = await hook(signedHook(secret!, '{not json'), '{not json');
    expect(broken.statusCode).toBe(400);
    const tampered = await hook(signedHook(secret!, body), '{"tampered": true}');
    expect(tampered.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/hooks/00000000-0000-4000-8000-000000000000',
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    const rotated = (
      await call(t, 'POST', `/api/agents/${agent.id}/webhook/rotate`, user.token)
    ).json().data.agent;
    expect(rotated.webhook.secret).not.toBe(secret);
    const old = JSON.stringify({ after: 'rotation' });
    expect((await hook(signedHook(secret!, old), old)).statusCode).toBe(401);
  });
});
