import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AgentSchema, type Agent } from '@spoke/shared';
import { MODEL_NOT_CONFIGURED_MESSAGE } from '@spoke/agents';
import { register, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, createAgent } from './agent-test-kit.ts';

let t: TestApp;
let ada: Awaited<ReturnType<typeof register>>;
let bob: Awaited<ReturnType<typeof register>>;
let admin: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['root@example.com'] });
  ada = await register(t.app);
  bob = await register(t.app);
  admin = await register(t.app, { email: 'root@example.com' });
});
afterAll(async () => {
  await t.close();
});

const DIGEST =
  'Every weekday at 9am, summarise new Zendesk tickets and post the summary to our #support channel in Slack';

describe('POST /api/agents', () => {
  it('compiles a prompt into a saved agent with the embedded compiler', async () => {
    const agent = await createAgent(t, ada.token, DIGEST, 'Europe/Berlin');
    expect(AgentSchema.parse(agent)).toBeTruthy();
    expect(agent).toMatchObject({ status: 'active', compiled_by: 'embedded', webhook: null });
    expect(agent.spec.trigger).toMatchObject({ type: 'schedule', timezone: 'Europe/Berlin' });
    expect(agent.spec.integrations.map((i) => i.id).sort()).toEqual(['slack', 'zendesk']);
    expect(agent.connections).toEqual({ slack: false, zendesk: false });
    const again = await call(t, 'GET', `/api/agents/${agent.id}`, ada.token);
    expect(again.json().data.agent).toEqual(agent);
  });

  it('streams the real phases, then the agent, when asked for NDJSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: { authorization: `Bearer ${ada.token}`, accept: 'application/x-ndjson' },
      payload: { prompt: 'When a GitHub issue is labelled bug, post it to Slack' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.slice(0, -1).map((l) => l.phase)).toEqual([
      'understanding',
      'integrations',
      'planning',
      'saving',
    ]);
    const last = lines.at(-1) as { data: { agent: Agent } };
    expect(last.data.agent.spec.trigger).toMatchObject({ type: 'event', integration: 'github' });
    expect(last.data.agent.webhook?.url).toMatch(/\/api\/hooks\/[0-9a-f-]{36}$/);
    expect(last.data.agent.webhook?.secret).toMatch(/^whsec_/);
  });

  it('refuses a blank or over-long prompt with 422 and saves nothing', async () => {
    const before = (await call(t, 'GET', '/api/agents', bob.token)).json().data.agents.length;
    for (const prompt of ['', '   ', 'x'.repeat(4001)]) {
      const res = await call(t, 'POST', '/api/agents', bob.token, { prompt });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error.fields)).toEqual(['prompt']);
    }
    expect((await call(t, 'POST', '/api/agents', undefined, { prompt: 'hi' })).statusCode).toBe(
      401,
    );
    expect((await call(t, 'GET', '/api/agents', bob.token)).json().data.agents.length).toBe(before);
  });
});

describe('reading, editing and deleting', () => {
  it('keeps agents private: 404 for others, admins may read but not change', async () => {
    const agent = await createAgent(
      t,
      ada.token,
      'Every hour check our status page and remember the result',
    );
    expect((await call(t, 'GET', `/api/agents/${agent.id}`, bob.token)).statusCode).toBe(404);
    expect(
      (await call(t, 'PATCH', `/api/agents/${agent.id}`, bob.token, { spec: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await call(t, 'DELETE', `/api/agents/${agent.id}`, bob.token)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/agents/${agent.id}/runs`, bob.token, {})).statusCode).toBe(
      404,
    );
    const read = await call(t, 'GET', `/api/agents/${agent.id}`, admin.token);
    expect(read.statusCode).toBe(200);
    expect(
      (await call(t, 'PATCH', `/api/agents/${agent.id}`, admin.token, { spec: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', '/api/agents/not-a-uuid', ada.token)).statusCode).toBe(404);
    const list = (await call(t, 'GET', '/api/agents', bob.token)).json().data.agents;
    expect(list.map((a: Agent) => a.id)).not.toContain(agent.id);
  });

  it('edits the spec, validated as a whole, and leaves it unchanged on 422', async () => {
    const agent = await createAgent(t, ada.token, DIGEST, 'Europe/Berlin');
    const ok = await call(t, 'PATCH', `/api/agents/${agent.id}`, ada.token, {
      spec: {
        name: 'Morning digest',
        trigger: {
          type: 'schedule',
          cron: '30 8 * * 1-5',
          timezone: 'Europe/Berlin',
          text: 'every weekday at 8:30',
        },
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.agent.spec.name).toBe('Morning digest');
    // The summary and the notes follow the new trigger: no word of the old one stays.
    const saved = ok.json().data.agent.spec;
    expect(saved.summary).toMatch(/^Every weekday at 8:30, /);
    expect(agent.spec.summary).toMatch(/9 ?am/i);
    expect(saved.summary).not.toMatch(/9 ?am/i);
    const firstRuns = saved.assumptions.filter((a: string) => a.startsWith('First run:'));
    expect(firstRuns).toHaveLength(1);
    expect(firstRuns[0]).toMatch(/, 08:30 \(Europe\/Berlin\)$/);
    for (const [spec, field] of [
      [
        { trigger: { type: 'schedule', cron: 'every day', timezone: 'UTC', text: 'x' } },
        'spec.trigger.cron',
      ],
      [
        { trigger: { type: 'schedule', cron: '0 9 * * *', timezone: 'Mars/Base', text: 'x' } },
        'spec.trigger.timezone',
      ],
      [{ integrations: [{ id: 'no-such-thing', why: 'x', config: [] }] }, 'spec.integrations.0.id'],
      [{ name: '' }, 'spec.name'],
      [{ category: 'Gardening' }, 'spec.category'],
    ] as const) {
      const res = await call(t, 'PATCH', `/api/agents/${agent.id}`, ada.token, { spec });
      expect(res.statusCode, JSON.stringify(spec)).toBe(422);
      expect(Object.keys(res.json().error.fields), JSON.stringify(spec)).toContain(field);
    }
    const now = (await call(t, 'GET', `/api/agents/${agent.id}`, ada.token)).json().data.agent;
    expect(now.spec.name).toBe('Morning digest');
    expect(now.spec.trigger.cron).toBe('30 8 * * 1-5');
    // A summary the owner rewrote with the trigger stays as written.
    const own = await call(t, 'PATCH', `/api/agents/${agent.id}`, ada.token, {
      spec: {
        summary: 'My own words.',
        trigger: {
          type: 'schedule',
          cron: '0 7 * * 1',
          timezone: 'Europe/Berlin',
          text: 'every Monday at 7:00',
        },
      },
    });
    expect(own.json().data.agent.spec.summary).toBe('My own words.');
  });

  it('pauses and resumes, keeping the schedule in step, and deletes', async () => {
    const agent = await createAgent(t, ada.token, DIGEST, 'UTC');
    const schedule = async () =>
      (await t.app.spoke.database.db.execute(
        sql`select next_run_at from agent_schedules where agent_id = ${agent.id}`,
      )) as unknown as { rows: unknown[] };
    expect((await schedule()).rows.length).toBe(1);
    const paused = await call(t, 'POST', `/api/agents/${agent.id}/pause`, ada.token);
    expect(paused.json().data.agent.status).toBe('paused');
    expect((await schedule()).rows.length).toBe(0);
    const resumed = await call(t, 'POST', `/api/agents/${agent.id}/resume`, ada.token);
    expect(resumed.json().data.agent.status).toBe('active');
    expect((await schedule()).rows.length).toBe(1);
    expect((await call(t, 'DELETE', `/api/agents/${agent.id}`, ada.token)).json()).toEqual({
      data: { ok: true },
    });
    expect((await call(t, 'GET', `/api/agents/${agent.id}`, ada.token)).statusCode).toBe(404);
    expect((await schedule()).rows.length).toBe(0);
  });

  it('pages the list newest first without gaps', async () => {
    const carol = await register(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.unshift(
        (
          await createAgent(
            t,
            carol.token,
            `Every day at ${i + 1}pm send me the weather by e-mail to me@example.com`,
          )
        ).id,
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        t,
        'GET',
        `/api/agents?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        carol.token,
      );
      seen.push(...res.json().data.agents.map((a: Agent) => a.id));
      cursor = res.json().data.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });
});

describe('paging', () => {
  it('loses no agent created within the same millisecond (keyset cursors in milliseconds)', async () => {
    const dave = await register(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await createAgent(t, dave.token, `Every hour check item ${i}`)).id);
    for (const [i, id] of ids.entries()) {
      await t.app.spoke.database.db.execute(
        sql`update agents set created_at = ${`2026-01-01T00:00:00.12340${i}Z`} where id = ${id}`,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        t,
        'GET',
        `/api/agents?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        dave.token,
      );
      seen.push(...res.json().data.agents.map((a: Agent) => a.id));
      cursor = res.json().data.next_cursor;
    } while (cursor && seen.length < 10);
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});

describe('runs without a model', () => {
  it('refuses with 503 MODEL_NOT_CONFIGURED, counts nothing, and still dry-runs', async () => {
    const agent = await createAgent(
      t,
      ada.token,
      'Fetch https://example.com and remember its title',
    );
    const res = await call(t, 'POST', `/api/agents/${agent.id}/runs`, ada.token, { input: 'now' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('MODEL_NOT_CONFIGURED');
    // Remembering the title is left to the model: its plan step is named.
    expect(res.json().error.message).toContain('needs a language model for step "work"');
    // An agent saved before plans runs only as a model loop.
    await t.app.spoke.database.db.execute(
      sql`update agents set spec = spec - 'plan' where id = ${agent.id}`,
    );
    const old = await call(t, 'POST', `/api/agents/${agent.id}/runs`, ada.token, { input: 'now' });
    expect(old.statusCode).toBe(503);
    expect(old.json().error.message).toBe(MODEL_NOT_CONFIGURED_MESSAGE);
    const billing = (await call(t, 'GET', '/api/account/billing', ada.token)).json().data;
    expect(billing.usage.messages_this_period).toBe(0);
    const dry = await call(t, 'POST', `/api/agents/${agent.id}/runs`, ada.token, { dry_run: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data).toMatchObject({ dry_run: true, model_configured: false });
    expect(dry.json().data.steps.length).toBeGreaterThan(0);
    expect(
      (await call(t, 'GET', `/api/agents/${agent.id}/runs`, ada.token)).json().data.runs,
    ).toEqual([]);
  });
});

describe('integration credentials', () => {
  it('are stored sealed, reported as connected, never returned', async () => {
    const agent = await createAgent(t, bob.token, DIGEST);
    const missing = await call(t, 'PUT', '/api/integrations/slack/credentials', bob.token, {
      values: {},
    });
    expect(missing.statusCode).toBe(422);
    // Each required value is asked for by what a form calls it.
    expect(missing.json().error.fields['values.SLACK_MCP_XOXB_TOKEN']).toBe(
      'Bot token is required',
    );
    const slack = (await call(t, 'GET', '/api/integrations', bob.token))
      .json()
      .data.integrations.find((i: { id: string }) => i.id === 'slack');
    expect(slack.env[0]).toMatchObject({ name: 'SLACK_MCP_XOXB_TOKEN', label: 'Bot token' });
    const values = Object.fromEntries(
      slack.env
        .filter((e: { required: boolean }) => e.required)
        .map((e: { name: string }) => [e.name, `secret-${e.name}-value`]),
    );
    const saved = await call(t, 'PUT', '/api/integrations/slack/credentials', bob.token, {
      values,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.integration.connected).toBe(true);
    expect(saved.body).not.toContain('secret-');
    const list = await call(t, 'GET', '/api/integrations', bob.token);
    expect(list.body).not.toContain('secret-');
    const agentNow = (await call(t, 'GET', `/api/agents/${agent.id}`, bob.token)).json().data.agent;
    expect(agentNow.connections.slack).toBe(true);
    const stored = (await t.app.spoke.database.db.execute(
      sql`select * from integration_credentials`,
    )) as unknown as { rows: unknown[] };
    expect(JSON.stringify(stored.rows)).not.toContain('secret-');
    const unknown = await call(t, 'PUT', '/api/integrations/slack/credentials', bob.token, {
      values: { ...values, OTHER: 'x' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(
      (await call(t, 'PUT', '/api/integrations/nope/credentials', bob.token, { values }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'DELETE', '/api/integrations/slack/credentials', bob.token)).statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'GET', `/api/agents/${agent.id}`, bob.token)).json().data.agent.connections
        .slack,
    ).toBe(false);
  });
});
