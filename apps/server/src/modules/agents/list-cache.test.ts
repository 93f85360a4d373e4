import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AgentListItem } from '@spoke/shared';
import { autoResponder, startOpenAITestServer, type OpenAITestServer } from '@spoke/agents/testing';
import { agents, runs } from '../../db/schema.ts';
import { register, startPeerApp, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, createAgent, finishedRun } from './agent-test-kit.ts';

// On the embedded database the agent list is kept between requests (list-cache.ts); without
// that (AGENT_LIST_CACHE_MS=0, or PostgreSQL) pages rendered before are found by a digest of
// their values. Either way every change must show in the very next list.
let t: TestApp;
let model: OpenAITestServer;

beforeAll(async () => {
  model = await startOpenAITestServer({ fallback: autoResponder({ timezone: 'UTC' }) });
});
afterAll(async () => {
  await model.close();
});

const CLOCK = 'When I ask, tell me the current time in UTC';

async function list(token: string, query = ''): Promise<AgentListItem[]> {
  const res = await call(t, 'GET', `/api/agents${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.agents as AgentListItem[];
}
const listed = async (token: string, id: string) => (await list(token)).find((a) => a.id === id);

describe.each([
  { agentListCacheMs: 60_000, kept: 'lists kept' },
  { agentListCacheMs: 0, kept: 'no lists kept' },
])('the agent list right after a change ($kept)', ({ agentListCacheMs }) => {
  beforeAll(async () => {
    t = await startTestApp({
      agentListCacheMs,
      llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers requests that arrive together with the same, current page', async () => {
    const user = await register(t.app);
    const agent = await createAgent(t, user.token, CLOCK);
    const together = async () =>
      Promise.all(Array.from({ length: 20 }, () => listed(user.token, agent.id)));
    expect((await together()).map((a) => a?.status)).toEqual(Array(20).fill('active'));
    const [paused] = await Promise.all([
      call(t, 'POST', `/api/agents/${agent.id}/pause`, user.token),
      together(),
    ]);
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await together()).map((a) => a?.status)).toEqual(Array(20).fill('paused'));
  });

  it('shows agents created, edited, paused, resumed and deleted', async () => {
    const user = await register(t.app);
    expect(await list(user.token)).toEqual([]);
    const agent = await createAgent(t, user.token, CLOCK);
    expect((await list(user.token)).map((a) => a.id)).toEqual([agent.id]);

    const renamed = await call(t, 'PATCH', `/api/agents/${agent.id}`, user.token, {
      spec: { name: 'Talking clock' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await listed(user.token, agent.id))?.spec.name).toBe('Talking clock');

    await call(t, 'POST', `/api/agents/${agent.id}/pause`, user.token);
    expect((await listed(user.token, agent.id))?.status).toBe('paused');
    await call(t, 'POST', `/api/agents/${agent.id}/resume`, user.token);
    expect((await listed(user.token, agent.id))?.status).toBe('active');

    const second = await createAgent(t, user.token, CLOCK);
    expect((await list(user.token, '?limit=1')).map((a) => a.id)).toEqual([second.id]);
    expect(await call(t, 'DELETE', `/api/agents/${second.id}`, user.token)).toMatchObject({
      statusCode: 200,
    });
    expect((await list(user.token, '?limit=1')).map((a) => a.id)).toEqual([agent.id]);
    expect((await list(user.token)).map((a) => a.id)).toEqual([agent.id]);
  });

  it('shows a run from the moment it is queued, and how it ended', async () => {
    const user = await register(t.app);
    const agent = await createAgent(t, user.token, CLOCK);
    expect(await listed(user.token, agent.id)).toMatchObject({
      last_run_status: null,
      usage: { messages: 0, integration_credits: 0 },
    });
    const started = await call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, {
      input: 'What time is it?',
    });
    expect(started.statusCode, started.body).toBe(202);
    const during = await listed(user.token, agent.id);
    expect(['queued', 'running', 'succeeded']).toContain(during?.last_run_status);
    expect(during?.usage.messages).toBe(1);

    const run = await finishedRun(t, user.token, started.json().data.run.id);
    expect(run.status).toBe('succeeded');
    const after = await listed(user.token, agent.id);
    expect(after?.last_run_status).toBe('succeeded');
    expect(after?.usage).toEqual({ messages: 1, integration_credits: 1 });
    expect(after?.last_run_at).not.toBeNull();
  });

  it('shows a run failed by the recovery of abandoned runs', async () => {
    const user = await register(t.app);
    const agent = await createAgent(t, user.token, CLOCK);
    const db = t.app.spoke.database.db;
    // A run an instance that died had claimed, long past its deadline.
    await db.insert(runs).values({
      agentId: agent.id,
      userId: user.user.id,
      trigger: 'manual',
      status: 'running',
      messages: 1,
      deadlineAt: new Date(Date.now() - 60_000),
    });
    // Whether the list kept the row above or not, the recovery must show in it.
    await list(user.token);
    expect(await t.app.spoke.runs.recoverAbandoned()).toBeGreaterThanOrEqual(1);
    expect((await listed(user.token, agent.id))?.last_run_status).toBe('failed');
  });

  it('shows credentials stored and removed as connections of the agent', async () => {
    const user = await register(t.app);
    const agent = await createAgent(t, user.token, CLOCK);
    const spec = {
      integrations: [
        ...agent.spec.integrations,
        { id: 'brave-search', why: 'Search the web', config: [] },
      ],
    };
    const edited = await call(t, 'PATCH', `/api/agents/${agent.id}`, user.token, { spec });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await listed(user.token, agent.id))?.connections['brave-search']).toBe(false);
    const saved = await call(t, 'PUT', '/api/integrations/brave-search/credentials', user.token, {
      values: { BRAVE_API_KEY: 'brave-key' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await listed(user.token, agent.id))?.connections['brave-search']).toBe(true);
    await call(t, 'DELETE', '/api/integrations/brave-search/credentials', user.token);
    expect((await listed(user.token, agent.id))?.connections['brave-search']).toBe(false);
  });

  it('shows agents resumed when a plan limit’s pause ends', async () => {
    const user = await register(t.app);
    const agent = await createAgent(t, user.token, CLOCK);
    const db = t.app.spoke.database.db;
    const until = new Date(Date.now() + 60_000);
    await db
      .update(agents)
      .set({ status: 'paused', pausedUntil: until })
      .where(eq(agents.id, agent.id));
    await list(user.token);
    await t.app.spoke.usage.resumeExpired(new Date(until.getTime() + 1000));
    expect(await listed(user.token, agent.id)).toMatchObject({
      status: 'active',
      paused_until: null,
    });
  });

  it('keeps each user’s list to that user', async () => {
    const ada = await register(t.app);
    const bob = await register(t.app);
    const adas = await createAgent(t, ada.token, CLOCK);
    expect((await list(ada.token)).map((a) => a.id)).toEqual([adas.id]);
    expect(await list(bob.token)).toEqual([]);
    const bobs = await createAgent(t, bob.token, CLOCK);
    expect((await list(bob.token)).map((a) => a.id)).toEqual([bobs.id]);
    expect((await list(ada.token)).map((a) => a.id)).toEqual([adas.id]);
  });
});

// Two instances share one PostgreSQL: a list kept by one shows a change made through the other
// once its AGENT_LIST_CACHE_MS has passed.
describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let other: TestApp;
  beforeAll(async () => {
    const llm = { provider: 'openai-compatible' as const, model: 'test-model', baseUrl: model.url };
    t = await startTestApp({ agentListCacheMs: 300, llm });
    other = await startPeerApp(t, { agentListCacheMs: 300, llm });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('a change made on the other instance shows once the kept list is out of date', async () => {
    const user = await register(t.app);
    const agent = await createAgent(t, user.token, CLOCK);
    expect((await listed(user.token, agent.id))?.status).toBe('active');
    const paused = await call(other, 'POST', `/api/agents/${agent.id}/pause`, user.token);
    expect(paused.statusCode, paused.body).toBe(200);
    await expect
      .poll(async () => (await listed(user.token, agent.id))?.status, { timeout: 5000 })
      .toBe('paused');
    // And the instance that made the change shows it at once.
    const resumed = await call(t, 'POST', `/api/agents/${agent.id}/resume`, user.token);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await listed(user.token, agent.id))?.status).toBe('active');
  });
});
