import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentSchema } from '@spoke/shared';
import { register, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, createAgent } from './agent-test-kit.ts';

// What POST /api/agents makes of descriptions written the way people write: a question back for
// one that gives nothing to build from (nothing stored), and every service it names accounted for.

let t: TestApp;
let ada: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  t = await startTestApp();
  ada = await register(t.app);
});
afterAll(async () => {
  await t.close();
});

const agentCount = async () =>
  ((await call(t, 'GET', '/api/agents', ada.token)).json().data.agents as unknown[]).length;

describe('vague descriptions', () => {
  it.each(['asdf qwer zxcv', 'help', 'make my business better', 'do the thing we talked about'])(
    '"%s" gets 422 DESCRIPTION_TOO_VAGUE with a question, and no agent',
    async (prompt) => {
      const before = await agentCount();
      const res = await call(t, 'POST', '/api/agents', ada.token, { prompt });
      expect(res.statusCode).toBe(422);
      const { error } = res.json() as {
        error: { code: string; message: string; fields: Record<string, string> };
      };
      expect(error.code).toBe('DESCRIPTION_TOO_VAGUE');
      expect(error.fields.prompt).toMatch(/\?/);
      expect(error.fields.prompt).not.toMatch(/LLM_|undefined|null/);
      expect(await agentCount()).toBe(before);
    },
  );

  it('answers the studio’s NDJSON request with the question as its only line', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: { authorization: `Bearer ${ada.token}`, accept: 'application/x-ndjson' },
      payload: { prompt: 'qwrtz bnmvc' },
    });
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      error: { code: 'DESCRIPTION_TOO_VAGUE', fields: { prompt: expect.any(String) } },
    });
  });

  it('builds short descriptions that do name a task', async () => {
    const agent = await createAgent(t, ada.token, 'translate this to German');
    expect(agent.spec.trigger).toEqual({ type: 'manual' });
  });
});

describe('named services', () => {
  it('keeps a service Spoke cannot run as unavailable, with what to do, and starts on its event', async () => {
    const agent = await createAgent(
      t,
      ada.token,
      'When someone leaves a one-star review on G2, open a Jira bug and tell #product in Slack',
    );
    expect(AgentSchema.parse(agent)).toBeTruthy();
    expect(agent.spec.integrations.map((i) => i.id).sort()).toEqual(['jira', 'slack']);
    expect(agent.spec.unavailable?.map((u) => u.name)).toEqual(['G2']);
    expect(agent.spec.unavailable?.[0]?.help).toMatch(/registry.*custom MCP server.*HTTP Request/);
    expect(agent.spec.trigger).toEqual({
      type: 'event',
      integration: 'g2',
      event: 'review.created',
      delivery: { type: 'webhook' },
    });
    expect(agent.spec.summary).toBe(
      'When someone leaves a one-star review on G2, open a Jira bug and tell #product in Slack.',
    );
    expect(agent.webhook?.url).toMatch(/\/api\/hooks\//);
  });

  it('refuses an edit that drops the unavailable service its event comes from', async () => {
    const agent = await createAgent(
      t,
      ada.token,
      'Answer the questions customers send us through Crisp',
    );
    expect(agent.spec.trigger).toMatchObject({ type: 'event', integration: 'crisp' });
    const res = await call(t, 'PATCH', `/api/agents/${agent.id}`, ada.token, {
      spec: { unavailable: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields['spec.trigger.integration']).toMatch(/listed in unavailable/);
    const stored = await call(t, 'GET', `/api/agents/${agent.id}`, ada.token);
    expect(stored.json().data.agent.spec).toEqual(agent.spec);
  });
});

describe('hostile descriptions', () => {
  it('in parallel, at the length limit, are each answered without a 5xx; only 201s store agents', async () => {
    const before = await agentCount();
    const pieces = [
      'when x%1$s then "}{" \\u0000 ',
      'Every 1st when whenever new new new -> => → ',
      'ＷＨＥＮ ｎｅｗ ｔｉｃｋｅｔ ',
      '<script>alert(1)</script> on Zendesk ',
      "Robert'); DROP TABLE agents;-- via Stripe ",
      'a'.repeat(60) + ' ',
    ];
    const prompts = Array.from({ length: 12 }, (_, i) => {
      let text = '';
      for (let k = 0; text.length < 4000; k++) text += pieces[(i + k) % pieces.length];
      return text.slice(0, 4000);
    });
    const answers = await Promise.all(
      prompts.map((prompt) => call(t, 'POST', '/api/agents', ada.token, { prompt })),
    );
    for (const res of answers) {
      expect([201, 422, 429, 503], res.body.slice(0, 200)).toContain(res.statusCode);
      if (res.statusCode === 503) expect(res.headers['retry-after']).toBeDefined();
      if (res.statusCode === 201)
        expect(AgentSchema.safeParse(res.json().data.agent).success).toBe(true);
    }
    const created = answers.filter((res) => res.statusCode === 201).length;
    expect(await agentCount()).toBe(before + created);
    // The server still reads an ordinary description afterwards.
    const after = await call(t, 'POST', '/api/agents', ada.token, {
      prompt:
        'Every weekday at 9, summarise new Zendesk tickets and post them to #support in Slack',
    });
    expect([201, 429]).toContain(after.statusCode);
  });
});
