import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Agent, AgentPlan } from '@spoke/shared';
import { localServer, type LocalServer } from '@spoke/agents/testing/builtins';
import {
  startOpenAITestServer,
  type OpenAITestServer,
  startItemsServer,
  type ItemsServer,
} from '@spoke/agents/testing';
import { register, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, createAgent, finishedRun, signedHook, withLinearAt } from './agent-test-kit.ts';

// Agents whose plans run tool steps with no model configured, against a local status endpoint
// and a local webhook receiver (private networks allowed for the test).
let bare: TestApp;
let status: LocalServer;
let receiver: LocalServer;

beforeAll(async () => {
  status = await localServer((_req, res) =>
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ state: 'ok', checked: 3 })),
  );
  receiver = await localServer((_req, res) => res.writeHead(204).end());
  bare = await startTestApp({ allowPrivateNetworks: true });
});
afterAll(async () => {
  await bare.close();
  await Promise.all([status.close(), receiver.close()]);
});

const hourly = () =>
  `every hour, fetch ${status.url}/api/status and send what it returns to our webhook at ${receiver.url}/in`;

async function runsOf(t: TestApp, token: string, agent: Agent) {
  return (await call(t, 'GET', `/api/agents/${agent.id}/runs`, token)).json().data.runs as {
    id: string;
    trigger: string;
    status: string;
  }[];
}

describe('a plan of tool steps, with no model configured', () => {
  it('runs on "Run now" and records each step with its real result', async () => {
    const user = await register(bare.app);
    const agent = await createAgent(bare, user.token, hourly());
    expect(agent.spec.plan?.steps.map((s) => s.kind)).toEqual(['tool', 'tool']);
    const received = receiver.received.length;
    const res = await call(bare, 'POST', `/api/agents/${agent.id}/runs`, user.token, {});
    expect(res.statusCode, res.body).toBe(202);
    const run = await finishedRun(bare, user.token, res.json().data.run.id);
    expect(run.status, run.error).toBe('succeeded');
    expect(
      run.steps.map((s: { type: string; plan_step: string; tool: string }) => [
        s.type,
        s.plan_step,
        s.tool,
      ]),
    ).toEqual([
      ['tool', 'fetch', 'http-request.http_request'],
      ['tool', 'send', 'webhook.send_webhook'],
    ]);
    expect(run.steps[0].result).toMatchObject({ status: 200, body: { state: 'ok', checked: 3 } });
    expect(run.steps[1].arguments).toEqual({
      url: `${receiver.url}/in`,
      payload: { state: 'ok', checked: 3 },
    });
    expect(run.usage).toMatchObject({ messages: 1, integration_credits: 2 });
    expect(receiver.received.slice(received).map((r) => JSON.parse(r.body))).toEqual([
      { state: 'ok', checked: 3 },
    ]);
  });

  it('runs on its schedule, once per due time', async () => {
    const user = await register(bare.app);
    const agent = await createAgent(bare, user.token, hourly());
    const [due] = (
      (await bare.app.spoke.database.db.execute(
        sql`select next_run_at from agent_schedules where agent_id = ${agent.id}`,
      )) as unknown as { rows: { next_run_at: string | Date }[] }
    ).rows;
    const at = new Date(due!.next_run_at);
    // (Other agents of this file run hourly too: the tick starts each due agent once.)
    await Promise.all([bare.app.spoke.scheduler.tick(at), bare.app.spoke.scheduler.tick(at)]);
    expect(await bare.app.spoke.scheduler.tick(at)).toBe(0);
    await bare.app.spoke.runs.idle();
    const runs = await runsOf(bare, user.token, agent);
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([['schedule', 'succeeded']]);
    const run = await finishedRun(bare, user.token, runs[0]!.id);
    expect(run.steps.map((s: { error: string | null }) => s.error)).toEqual([null, null]);
  });

  it('runs when its webhook is called, with the body as the plan’s input', async () => {
    const user = await register(bare.app);
    const agent = await createAgent(
      bare,
      user.token,
      `When our webhook is called, forward the body to our webhook at ${receiver.url}/relay`,
    );
    expect(agent.spec.plan?.steps).toEqual([
      expect.objectContaining({
        tool: 'webhook.send_webhook',
        args: expect.objectContaining({ payload: '{{input}}' }),
      }),
    ]);
    const body = JSON.stringify({ event: 'deploy.finished', status: 'failed' });
    const res = await bare.app.inject({
      method: 'POST',
      url: new URL(agent.webhook!.url).pathname,
      headers: { 'content-type': 'application/json', ...signedHook(agent.webhook!.secret!, body) },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finishedRun(bare, user.token, res.json().data.run_id);
    expect(run.status, run.error).toBe('succeeded');
    const relayed = receiver.received.filter((r) => r.url === '/relay');
    expect(relayed.map((r) => JSON.parse(r.body))).toEqual([
      { event: 'deploy.finished', status: 'failed' },
    ]);
  });

  it('refuses a plan that needs the model before anything runs, naming the steps', async () => {
    const user = await register(bare.app);
    const agent = await createAgent(
      bare,
      user.token,
      `fetch ${status.url}/api/status, summarise it in one line and post it to our webhook at ${receiver.url}/in`,
    );
    expect(agent.spec.plan?.steps.map((s) => `${s.id}:${s.kind}`)).toEqual([
      'fetch:tool',
      'summary:model',
      'send:tool',
    ]);
    const before = { status: status.received.length, receiver: receiver.received.length };
    const res = await call(bare, 'POST', `/api/agents/${agent.id}/runs`, user.token, {});
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({
      code: 'MODEL_NOT_CONFIGURED',
      message: expect.stringContaining('needs a language model for step "summary"'),
    });
    expect(await runsOf(bare, user.token, agent)).toEqual([]);
    const billing = (await call(bare, 'GET', '/api/account/billing', user.token)).json().data;
    expect(billing.usage.messages_this_period).toBe(0);
    expect(status.received.length).toBe(before.status);
    expect(receiver.received.length).toBe(before.receiver);
  });

  it('dry-runs the plan: reads for real, shows what it would send, records no run', async () => {
    const user = await register(bare.app);
    const agent = await createAgent(bare, user.token, hourly());
    const before = { status: status.received.length, receiver: receiver.received.length };
    const res = await call(bare, 'POST', `/api/agents/${agent.id}/runs`, user.token, {
      dry_run: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json().data;
    expect(dry.plan_run.status).toBe('succeeded');
    expect(dry.plan_run.steps).toEqual([
      expect.objectContaining({
        plan_step: 'fetch',
        result: expect.objectContaining({ status: 200, body: { state: 'ok', checked: 3 } }),
      }),
      expect.objectContaining({
        plan_step: 'send',
        arguments: { url: `${receiver.url}/in`, payload: { state: 'ok', checked: 3 } },
        skipped: expect.stringMatching(/^Not sent/),
      }),
    ]);
    expect(status.received.length - before.status).toBe(1);
    expect(receiver.received.length).toBe(before.receiver);
    expect(await runsOf(bare, user.token, agent)).toEqual([]);
    const billing = (await call(bare, 'GET', '/api/account/billing', user.token)).json().data;
    expect(billing.usage).toMatchObject({ messages_this_period: 0, integration_credits_used: 1 });
  });

  it('saves an edited plan only when it is valid, with each mistake at its field', async () => {
    const user = await register(bare.app);
    const agent = await createAgent(bare, user.token, hourly());
    const plan = agent.spec.plan!;
    const broken = {
      steps: [
        { ...plan.steps[0], args: { method: 'FETCH' } },
        { ...plan.steps[1], args: { url: `${receiver.url}/in`, payload: '{{steps.nope}}' } },
      ],
    };
    const refused = await call(bare, 'PATCH', `/api/agents/${agent.id}`, user.token, {
      spec: { plan: broken },
    });
    expect(refused.statusCode).toBe(422);
    const fields = refused.json().error.fields as Record<string, string>;
    expect(fields).toMatchObject({
      'spec.plan.steps.0.args.url': 'is required',
      'spec.plan.steps.0.args.method': 'must be equal to one of the allowed values',
      'spec.plan.steps.1.args.payload': 'steps.nope: there is no step nope',
    });
    const still = (await call(bare, 'GET', `/api/agents/${agent.id}`, user.token)).json().data
      .agent as Agent;
    expect(still.spec.plan).toEqual(plan);

    const edited: AgentPlan = {
      steps: [
        plan.steps[0]!,
        {
          id: 'send',
          kind: 'tool',
          tool: 'webhook.send_webhook',
          args: { url: `${receiver.url}/edited`, payload: { state: '{{steps.fetch.body.state}}' } },
        },
      ],
    };
    const saved = await call(bare, 'PATCH', `/api/agents/${agent.id}`, user.token, {
      spec: { plan: edited },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call(bare, 'POST', `/api/agents/${agent.id}/runs`, user.token, {});
    const run = await finishedRun(bare, user.token, res.json().data.run.id);
    expect(run.status, run.error).toBe('succeeded');
    const last = receiver.received.at(-1)!;
    expect([last.url, JSON.parse(last.body)]).toEqual(['/edited', { state: 'ok' }]);
  });
});

describe('a new description for an agent', () => {
  it('shows what would change, saves nothing until applied, then keeps both in step', async () => {
    const user = await register(bare.app);
    const agent = await createAgent(bare, user.token, hourly());
    expect(agent.prompt).toBe(hourly());
    const prompt = `every day at 9, fetch ${status.url}/api/status, summarise it in one line and post it to our webhook at ${receiver.url}/daily`;
    const res = await call(bare, 'POST', `/api/agents/${agent.id}/recompile`, user.token, {
      prompt,
      timezone: 'UTC',
    });
    expect(res.statusCode, res.body).toBe(200);
    const proposed = res.json().data;
    expect(proposed.changes).toEqual(
      expect.arrayContaining([
        'Runs every day at 9:00 (UTC) instead of every hour (UTC)',
        'Plan step added: "summary" (language model: "Summarise it in one line")',
        'Plan step changed: "send" (tool: webhook.send_webhook)',
      ]),
    );
    const unchanged = (await call(bare, 'GET', `/api/agents/${agent.id}`, user.token)).json().data
      .agent as Agent;
    expect([unchanged.prompt, unchanged.spec]).toEqual([agent.prompt, agent.spec]);

    const applied = await call(bare, 'PATCH', `/api/agents/${agent.id}`, user.token, {
      spec: proposed.spec,
      prompt,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const saved = applied.json().data.agent as Agent;
    expect(saved.prompt).toBe(prompt);
    expect(saved.spec.plan).toEqual(proposed.spec.plan);
    expect(saved.spec.trigger).toMatchObject({ cron: '0 9 * * *' });

    const vague = await call(bare, 'POST', `/api/agents/${agent.id}/recompile`, user.token, {
      prompt: 'asdf qwer',
    });
    expect(vague.statusCode).toBe(422);
    expect(vague.json().error.code).toBe('DESCRIPTION_TOO_VAGUE');
    const other = await register(bare.app);
    expect(
      (await call(bare, 'POST', `/api/agents/${agent.id}/recompile`, other.token, { prompt }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a plan with a language step, with a model configured', () => {
  let model: OpenAITestServer;
  let t: TestApp;
  beforeAll(async () => {
    model = await startOpenAITestServer();
    t = await startTestApp({
      allowPrivateNetworks: true,
      llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('says on /api/ready that a model is set up', async () => {
    expect((await t.app.inject('/api/ready')).json().data.model).toBe('configured');
  });

  it('calls the model once, for that step only', async () => {
    const user = await register(t.app);
    // Compiling asks the model first; its answer is no spec, so the embedded compiler is used.
    model.reply({ text: 'not a spec' });
    const agent = await createAgent(
      t,
      user.token,
      `fetch ${status.url}/api/status, summarise it in one line and post it to our webhook at ${receiver.url}/in`,
    );
    expect(agent.compiled_by).toBe('embedded');
    const asked = model.requests.length;
    model.reply({ text: 'All 3 checks are ok.', usage: { input: 30, output: 6 } });
    const res = await call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, {});
    expect(res.statusCode, res.body).toBe(202);
    const run = await finishedRun(t, user.token, res.json().data.run.id);
    expect(run.status, run.error).toBe('succeeded');
    expect(model.requests.length - asked).toBe(1);
    expect(JSON.stringify(model.requests.at(-1)!.messages)).toContain('\\"checked\\":3');
    expect(run.steps.map((s: { type: string }) => s.type)).toEqual(['tool', 'model', 'tool']);
    expect(run.usage.tokens).toEqual({ input: 30, output: 6 });
    expect(JSON.parse(receiver.received.at(-1)!.body)).toEqual({ text: 'All 3 checks are ok.' });
  });
});

describe('a plan started by polling, with no model configured', () => {
  // Linear's server pointed at the test's own MCP server over streamable HTTP.
  let t: TestApp;
  let items: ItemsServer;
  const lookup = withLinearAt(() => items.url);
  beforeAll(async () => {
    items = await startItemsServer();
    t = await startTestApp({ allowPrivateNetworks: true }, undefined, { integrations: lookup });
  });
  afterAll(async () => {
    await t.close();
    await items.close();
  });

  async function tick(now: Date) {
    const fired = await t.app.spoke.scheduler.tick(now);
    await t.app.spoke.poller.idle();
    await t.app.spoke.runs.idle();
    return fired;
  }

  it('runs its loop over each new item, tool steps only, and counts the run like any other', async () => {
    const user = await register(t.app);
    const saved = await call(t, 'PUT', '/api/integrations/linear/credentials', user.token, {
      values: { LINEAR_API_KEY: 'lin_api_test_key_1' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await createAgent(t, user.token, 'When I ask, tell me the time in UTC');
    const plan: AgentPlan = {
      steps: [
        {
          id: 'each',
          kind: 'for_each',
          over: 'input.items',
          max: 20,
          steps: [
            {
              id: 'relay',
              kind: 'tool',
              tool: 'webhook.send_webhook',
              args: {
                url: `${receiver.url}/issues`,
                payload: { text: 'New issue: {{item.title}}', id: '{{item.id}}' },
              },
            },
          ],
        },
      ],
    };
    const patched = await call(t, 'PATCH', `/api/agents/${created.id}`, user.token, {
      spec: {
        trigger: {
          type: 'event',
          integration: 'linear',
          event: 'issue.created',
          delivery: { type: 'poll', interval_minutes: 5, tool: 'list_items', arguments: {} },
        },
        integrations: [
          { id: 'linear', why: 'watch new issues', config: ['LINEAR_API_KEY'] },
          { id: 'webhook', why: 'relay each new issue', config: [] },
        ],
        steps: [{ text: 'Relay each new Linear issue to our webhook', tools: [] }],
        plan,
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const agent = patched.json().data.agent as Agent;

    items.items = [{ id: 'i-1', title: 'Old' }];
    const first = new Date(Date.parse(agent.poll!.next_poll_at!) + 1000);
    await tick(first);
    expect(await runsOf(t, user.token, agent)).toEqual([]);
    items.items = [
      { id: 'i-3', title: 'Checkout is down' },
      { id: 'i-2', title: 'Typo on pricing' },
      { id: 'i-1', title: 'Old' },
    ];
    const received = receiver.received.length;
    await tick(new Date(first.getTime() + 5 * 60_000));

    const runs = await runsOf(t, user.token, agent);
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([['event', 'succeeded']]);
    const run = await finishedRun(t, user.token, runs[0]!.id);
    expect(run.steps.filter((s: { type: string }) => s.type === 'tool')).toHaveLength(2);
    const relayed = receiver.received.slice(received).filter((r) => r.url === '/issues');
    expect(relayed.map((r) => JSON.parse(r.body))).toEqual([
      { text: 'New issue: Checkout is down', id: 'i-3' },
      { text: 'New issue: Typo on pricing', id: 'i-2' },
    ]);
    const billing = (await call(t, 'GET', '/api/account/billing', user.token)).json().data;
    expect(billing.usage).toMatchObject({ messages_this_period: 1, integration_credits_used: 2 });
  });
});
