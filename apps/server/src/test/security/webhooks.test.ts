import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@spoke/shared';
import { autoResponder, startOpenAITestServer, type OpenAITestServer } from '@spoke/agents/testing';
import { call, createAgent, signedHook } from '../../modules/agents/agent-test-kit.ts';
import { createReplayGuard } from '../../modules/agents/hook-signature.ts';
import { register, startTestApp, type TestApp } from '../harness.ts';

// Finding 7: an inbound call is accepted once, within 5 minutes of its timestamp, and only
// when signed with the agent's inbound secret, never with the one its own deliveries carry.

let t: TestApp;
let model: OpenAITestServer;
let agent: Agent;
let token: string;

beforeAll(async () => {
  (globalThis as Record<string, unknown>).AI_SDK_LOG_WARNINGS = false;
  model = await startOpenAITestServer({ fallback: autoResponder({}) });
  t = await startTestApp({
    llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url },
  });
  const user = await register(t.app);
  token = user.token;
  const created = await createAgent(t, token, 'When a webhook arrives, summarise it');
  const patched = await call(t, 'PATCH', `/api/agents/${created.id}`, token, {
    spec: {
      integrations: [
        ...created.spec.integrations,
        { id: 'webhook', why: 'forward the summary', config: [] },
      ],
    },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  agent = patched.json().data.agent as Agent;
});
afterAll(async () => {
  await t.app.spoke.runs.idle();
  await t.close();
  await model.close();
});

const hook = (headers: Record<string, string>, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/hooks/${agent.id}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
const runCount = async () => {
  const { rows } = (await t.app.spoke.database.db.execute(
    sql`select count(*)::int as n from runs where agent_id = ${agent.id}`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
};
const now = () => Math.floor(Date.now() / 1000);

describe('inbound webhook calls', () => {
  it('have an inbound secret and a different signing secret for deliveries', () => {
    expect(agent.webhook?.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(agent.webhook_signing_secret).toMatch(/^whsig_[A-Za-z0-9_-]{43}$/);
    expect(agent.webhook_signing_secret).not.toBe(agent.webhook!.secret);
  });

  it('are refused when replayed, even with the signature spelt differently', async () => {
    const body = JSON.stringify({ n: 'replayed' });
    const headers = signedHook(agent.webhook!.secret!, body);
    expect((await hook(headers, body)).statusCode).toBe(202);
    const before = await runCount();
    const again = await hook(headers, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'CONFLICT',
      message: 'This signed call was received before: sign each call anew.',
    });
    const upper = {
      ...headers,
      'x-spoke-signature': headers['x-spoke-signature']!.toUpperCase().replace('SHA256', 'sha256'),
    };
    expect((await hook(upper, body)).statusCode).toBe(409);
    const padded = { ...headers, 'x-spoke-timestamp': ` ${headers['x-spoke-timestamp']} ` };
    expect((await hook(padded, body)).statusCode).toBe(409);
    expect(await runCount()).toBe(before);
  });

  it('are refused when the timestamp is over 5 minutes old or ahead, or not a number', async () => {
    const secret = agent.webhook!.secret!;
    const before = await runCount();
    // Each stamp is taken right before its request, with a margin: a slow request must not
    // carry a stamp across the 5-minute line.
    for (const offset of [-330, 330, -86_400, null]) {
      const at = offset === null ? 0 : now() + offset;
      const body = JSON.stringify({ at });
      const res = await hook(signedHook(secret, body, at), body);
      expect(res.statusCode, String(at)).toBe(401);
      expect(res.json().error.message).toMatch(/more than 5 minutes away/);
    }
    for (const stamp of ['1e9', '-1', '0x10', `${now()}.5`, '１７００']) {
      const body = '{}';
      const mac = createHmac('sha256', secret).update(`${stamp}.${body}`).digest('hex');
      const res = await hook(
        { 'x-spoke-timestamp': stamp, 'x-spoke-signature': `sha256=${mac}` },
        body,
      );
      expect(res.statusCode, stamp).toBe(401);
    }
    // Within the window either way: accepted.
    for (const offset of [-270, 270]) {
      const at = now() + offset;
      const body = JSON.stringify({ within: at });
      expect((await hook(signedHook(secret, body, at), body)).statusCode).toBe(202);
    }
    expect(await runCount()).toBe(before + 2);
  });

  it('are refused when signed with the signing secret, the old body scheme or as bearer', async () => {
    const body = JSON.stringify({ forged: true });
    const before = await runCount();
    const outbound = await hook(signedHook(agent.webhook_signing_secret!, body), body);
    expect(outbound.statusCode).toBe(401);
    expect(outbound.json().error.message).toBe('Wrong webhook signature.');
    const bodyOnly = `sha256=${createHmac('sha256', agent.webhook!.secret!).update(body).digest('hex')}`;
    expect((await hook({ 'x-spoke-signature': bodyOnly }, body)).statusCode).toBe(401);
    const bearer = await hook({ authorization: `Bearer ${agent.webhook!.secret}` }, body);
    expect(bearer.statusCode).toBe(401);
    expect(await runCount()).toBe(before);
  });

  it('sent 20 times at once start exactly one run', async () => {
    const body = JSON.stringify({ n: 'parallel' });
    const headers = signedHook(agent.webhook!.secret!, body);
    const before = await runCount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => hook(headers, body)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([202, ...Array<number>(19).fill(409)]);
    expect(await runCount()).toBe(before + 1);
  });

  it('replayed on another instance are refused by the database', async () => {
    const body = JSON.stringify({ n: 'elsewhere' });
    const headers = signedHook(agent.webhook!.secret!, body);
    expect((await hook(headers, body)).statusCode).toBe(202);
    // Another instance: its own memory, the same database.
    const other = createReplayGuard(t.app.spoke.database.db);
    const signature = headers['x-spoke-signature']!.slice('sha256='.length);
    await expect(other.once(agent.id, signature, new Date())).rejects.toMatchObject({
      status: 409,
    });
    const fresh = 'f'.repeat(64);
    await expect(other.once(agent.id, fresh, new Date())).resolves.toBeUndefined();
  });

  it('signed with a rotated-away secret are refused; the signing secret is unchanged', async () => {
    const old = agent.webhook!.secret!;
    const rotated = (await call(t, 'POST', `/api/agents/${agent.id}/webhook/rotate`, token)).json()
      .data.agent as Agent;
    expect(rotated.webhook!.secret).not.toBe(old);
    expect(rotated.webhook_signing_secret).toBe(agent.webhook_signing_secret);
    const body = JSON.stringify({ n: 'rotated' });
    expect((await hook(signedHook(old, body), body)).statusCode).toBe(401);
    expect((await hook(signedHook(rotated.webhook!.secret!, body), body)).statusCode).toBe(202);
    agent = rotated;
  });
});
