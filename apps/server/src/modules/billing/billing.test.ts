import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingSchema } from '@spoke/shared';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/account/billing', () => {
  it('shows the Free plan, the current period from sign-up, and zero usage', async () => {
    const u = await register(t.app);
    const res = await t.app.inject({ url: '/api/account/billing', headers: bearer(u.token) });
    const billing = BillingSchema.parse(res.json().data);
    expect(billing).toMatchObject({
      plan: 'free',
      usage: { messages_this_period: 0, messages_today: 0, integration_credits_used: 0 },
      limits: { monthly_messages: 25, daily_messages: 7, integration_credits: 500 },
    });
    const start = Date.parse(billing.period.start);
    expect(Date.now() - start).toBeLessThan(60_000);
    expect(Date.parse(billing.period.end)).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/account/billing' })).statusCode).toBe(401);
  });
});
