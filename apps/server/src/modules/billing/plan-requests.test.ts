import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, scaleLimits } from '../../config/rate-limits.ts';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';

const ADMIN = 'boss@requests.example.com';
let t: TestApp;
let admin: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  t = await startTestApp({
    adminEmails: [ADMIN],
    rateLimits: {
      ...scaleLimits(DEFAULT_RATE_LIMITS, 1000),
      billingPerUser: { points: 3, durationSec: 3600 },
    },
  });
  admin = await register(t.app, { email: ADMIN });
  expect(admin.user.is_admin).toBe(true);
});
afterAll(async () => {
  await t.close();
});

const ask = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/billing/plan-requests',
    headers: bearer(token),
    payload: body,
  });
const status = async (token: string) =>
  (await t.app.inject({ url: '/api/account/billing/upgrade', headers: bearer(token) })).json().data;
const plan = async (token: string) =>
  (await t.app.inject({ url: '/api/account/billing', headers: bearer(token) })).json().data.plan;
const decide = (token: string, id: string, action: string, body?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/plan-requests/${id}/${action}`,
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  });
const pending = async () =>
  (await t.app.inject({ url: '/api/admin/plan-requests', headers: bearer(admin.token) })).json()
    .data.requests as { id: string; plan: string; user: { email: string } }[];

function mailsTo(address: string): string[] {
  const outbox = path.join(t.config.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox);
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((m) => m.includes(`To: ${address}`));
}

describe('plan requests without Stripe', () => {
  it('says the mode is request, with no request yet', async () => {
    const u = await register(t.app);
    expect(await status(u.token)).toEqual({
      mode: 'request',
      plan: 'free',
      subscription: null,
      request: null,
    });
  });

  it('request → admin approves → the plan changes, the user is told on the page and by mail', async () => {
    const u = await register(t.app);
    const res = await ask(u.token, { plan: 'pro', period: 'yearly' });
    expect(res.statusCode, res.body).toBe(201);
    const { request, replaced } = res.json().data;
    expect(request).toMatchObject({
      plan: 'pro',
      period: 'yearly',
      from_plan: 'free',
      status: 'pending',
    });
    expect(replaced).toBeNull();
    expect((await status(u.token)).request).toMatchObject({ id: request.id, status: 'pending' });
    expect(mailsTo(ADMIN).some((m) => m.includes(u.user.email))).toBe(true);

    const listed = await pending();
    expect(listed.find((r) => r.id === request.id)).toMatchObject({
      plan: 'pro',
      user: { email: u.user.email, plan: 'free' },
    });
    const approved = await decide(admin.token, request.id, 'approve', { note: 'Welcome aboard' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await plan(u.token)).toBe('pro');
    expect((await status(u.token)).request).toMatchObject({
      status: 'approved',
      note: 'Welcome aboard',
    });
    expect((await pending()).some((r) => r.id === request.id)).toBe(false);
    const mail = mailsTo(u.user.email).find((m) => m.includes('approved'));
    expect(mail).toContain('Welcome aboard');
    // Decided once: a second decision is refused and changes nothing.
    expect((await decide(admin.token, request.id, 'decline')).statusCode).toBe(409);
    expect(await plan(u.token)).toBe('pro');
  });

  it('decline keeps the plan and shows the note', async () => {
    const u = await register(t.app);
    const { request } = (await ask(u.token, { plan: 'elite' })).json().data;
    const declined = await decide(admin.token, request.id, 'decline', {
      note: 'Talk to sales first',
    });
    expect(declined.statusCode).toBe(200);
    expect(await plan(u.token)).toBe('free');
    expect((await status(u.token)).request).toMatchObject({
      plan: 'elite',
      status: 'declined',
      note: 'Talk to sales first',
    });
    expect(
      mailsTo(u.user.email).some(
        (m) => m.includes('declined') && m.includes('Talk to sales first'),
      ),
    ).toBe(true);
  });

  it('a second request replaces the pending one: one pending request per user', async () => {
    const u = await register(t.app);
    const first = (await ask(u.token, { plan: 'starter' })).json().data.request;
    const second = await ask(u.token, { plan: 'builder', period: 'monthly' });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.replaced).toMatchObject({ id: first.id, status: 'withdrawn' });
    const mine = (await pending()).filter((r) => r.user.email === u.user.email);
    expect(mine.map((r) => r.plan)).toEqual(['builder']);
    // The replaced one can no longer be approved.
    expect((await decide(admin.token, first.id, 'approve')).statusCode).toBe(409);
    expect(await plan(u.token)).toBe('free');
  });

  it('a user withdraws their pending request', async () => {
    const u = await register(t.app);
    await ask(u.token, { plan: 'starter' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/billing/plan-requests/pending',
      headers: bearer(u.token),
    });
    expect(res.json().data.request.status).toBe('withdrawn');
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/billing/plan-requests/pending',
      headers: bearer(u.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('a non-admin cannot list, approve or decline, not even their own request', async () => {
    const u = await register(t.app);
    const { request } = (await ask(u.token, { plan: 'pro' })).json().data;
    expect((await decide(u.token, request.id, 'approve')).statusCode).toBe(403);
    expect((await decide(u.token, request.id, 'decline')).statusCode).toBe(403);
    expect((await decide('nope', request.id, 'approve')).statusCode).toBe(401);
    const list = await t.app.inject({ url: '/api/admin/plan-requests', headers: bearer(u.token) });
    expect(list.statusCode).toBe(403);
    expect(await plan(u.token)).toBe('free');
    expect((await status(u.token)).request.status).toBe('pending');
  });

  it('an admin may approve their own request', async () => {
    const { request } = (await ask(admin.token, { plan: 'starter' })).json().data;
    expect((await decide(admin.token, request.id, 'approve')).statusCode).toBe(200);
    expect(await plan(admin.token)).toBe('starter');
  });

  it('refuses the current plan, Enterprise, unknown plans and unknown requests', async () => {
    const u = await register(t.app);
    expect((await ask(u.token, { plan: 'free' })).statusCode).toBe(422);
    expect((await ask(u.token, { plan: 'enterprise' })).statusCode).toBe(422);
    expect((await ask(u.token, { plan: 'gold' })).statusCode).toBe(422);
    expect((await ask(u.token, { plan: 'pro', period: 'weekly' })).statusCode).toBe(422);
    expect(
      (await decide(admin.token, '00000000-0000-4000-8000-000000000000', 'approve')).statusCode,
    ).toBe(404);
    expect((await decide(admin.token, 'not-a-uuid', 'approve')).statusCode).toBe(404);
    expect((await ask('nope', { plan: 'pro' })).statusCode).toBe(401);
  });

  it('limits requests per user', async () => {
    const u = await register(t.app);
    for (const p of ['starter', 'builder', 'pro']) {
      expect((await ask(u.token, { plan: p })).statusCode).toBe(201);
    }
    const res = await ask(u.token, { plan: 'elite' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('refuses checkout and portal: there is no Stripe here', async () => {
    const u = await register(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/billing/checkout',
      headers: bearer(u.token),
      payload: { plan: 'pro' },
    });
    expect(res.statusCode).toBe(409);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(hook.statusCode).toBe(404);
  });
});
