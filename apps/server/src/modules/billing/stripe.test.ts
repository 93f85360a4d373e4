import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig, type AppConfig } from '../../config.ts';
import { ConfigError } from '../../config/config-error.ts';
import { type StripeConfig } from '../../config/stripe.ts';
import { stripeCustomers, users } from '../../db/schema.ts';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  startStripeStandIn,
  stripeSignature,
  type StripeStandIn,
} from './testing/stripe-stand-in.ts';

const SECRET_KEY = 'sk_test_standin';
const WEBHOOK_SECRET = 'whsec_test_standin';
const PRICES: StripeConfig['prices'] = {
  starter: { monthly: 'price_starter_m', yearly: 'price_starter_y' },
  builder: { monthly: 'price_builder_m', yearly: 'price_builder_y' },
  pro: { monthly: 'price_pro_m', yearly: 'price_pro_y' },
  elite: { monthly: 'price_elite_m', yearly: 'price_elite_y' },
};

let stripe: StripeStandIn;
let t: TestApp;
let base: string;

beforeAll(async () => {
  stripe = await startStripeStandIn({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    // Stripe knows one more price than the server sells.
    prices: [...Object.values(PRICES).flatMap((p) => [p.monthly, p.yearly]), 'price_other'],
  });
  const stripeConfig: AppConfig['stripe'] = {
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: stripe.url,
    prices: PRICES,
  };
  t = await startTestApp({ stripe: stripeConfig, appUrl: 'http://app.test' });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  stripe.setWebhookUrl(`${base}/api/billing/stripe/webhook`);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function planOf(userId: string): Promise<string> {
  const [row] = await t.app.spoke.database.db
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, userId));
  return row?.plan ?? '(none)';
}

async function billingPlan(token: string): Promise<string> {
  const res = await t.app.inject({ url: '/api/account/billing', headers: bearer(token) });
  return res.json().data.plan;
}

async function checkout(token: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/billing/checkout',
    headers: bearer(token),
    payload: body as Record<string, unknown>,
  });
}

/** A user who went through checkout for `plan` and paid: subscribed, on that plan. */
async function subscribedUser(plan = 'pro', period = 'monthly') {
  const u = await register(t.app);
  const res = await checkout(u.token, { plan, period });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = new URL(res.json().data.url).pathname.split('/').pop() as string;
  await stripe.pay(sessionId);
  expect(await planOf(u.user.id)).toBe(plan);
  const [row] = await t.app.spoke.database.db
    .select()
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, u.user.id));
  return { ...u, customer: row!.customerId, subscription: row!.subscriptionId as string };
}

describe('checkout', () => {
  it('says the mode is checkout', async () => {
    const u = await register(t.app);
    const res = await t.app.inject({
      url: '/api/account/billing/upgrade',
      headers: bearer(u.token),
    });
    expect(res.json().data).toEqual({
      mode: 'checkout',
      plan: 'free',
      subscription: null,
      request: null,
    });
  });

  it('creates a subscription session with the configured price, one customer per user', async () => {
    const u = await register(t.app);
    const before = stripe.requests.length;
    const first = await checkout(u.token, { plan: 'pro', period: 'yearly' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await checkout(u.token, { plan: 'builder', period: 'monthly' });
    expect(second.statusCode).toBe(200);
    const calls = stripe.requests.slice(before);
    const customerCalls = calls.filter((c) => c.path === '/v1/customers');
    expect(customerCalls).toHaveLength(1);
    expect(customerCalls[0]!.body).toMatchObject({
      email: u.user.email,
      metadata: { user_id: u.user.id },
    });
    const sessionCalls = calls.filter((c) => c.path === '/v1/checkout/sessions');
    expect(sessionCalls.map((c) => c.body)).toMatchObject([
      {
        mode: 'subscription',
        client_reference_id: u.user.id,
        metadata: { user_id: u.user.id },
        line_items: [{ price: 'price_pro_y', quantity: '1' }],
        success_url:
          'http://app.test/app/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.test/app/billing?checkout=cancelled',
      },
      { line_items: [{ price: 'price_builder_m' }] },
    ]);
    const customer = stripe.requests.length && sessionCalls[0]!.body.customer;
    expect(sessionCalls[1]!.body.customer).toBe(customer);
    expect(first.json().data.url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    // Nothing is paid yet: the plan has not changed.
    expect(await planOf(u.user.id)).toBe('free');
  });

  it('takes no price from the client, and sells no Free or Enterprise checkout', async () => {
    const u = await register(t.app);
    const withPrice = await checkout(u.token, { plan: 'starter', price: 'price_other' });
    expect(withPrice.statusCode).toBe(200);
    const last = stripe.requests.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(last.body.line_items).toEqual([{ price: 'price_starter_m', quantity: '1' }]);
    expect((await checkout(u.token, { plan: 'enterprise' })).statusCode).toBe(422);
    expect((await checkout(u.token, { plan: 'free' })).statusCode).toBe(422);
    expect((await checkout(u.token, { plan: 'gold' })).statusCode).toBe(422);
  });

  it('needs a signed-in user', async () => {
    expect((await checkout('nope', { plan: 'pro' })).statusCode).toBe(401);
  });

  it('refuses a second subscription while one is active', async () => {
    const u = await subscribedUser('starter');
    const res = await checkout(u.token, { plan: 'pro' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/Manage subscription/);
  });

  it('refuses plan requests: checkout is the way here', async () => {
    const u = await register(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/billing/plan-requests',
      headers: bearer(u.token),
      payload: { plan: 'pro' },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('webhook', () => {
  it('upgrades on a paid checkout (good signature), and the session sees it', async () => {
    const u = await subscribedUser('elite', 'yearly');
    expect(await billingPlan(u.token)).toBe('elite');
    const status = await t.app.inject({
      url: '/api/account/billing/upgrade',
      headers: bearer(u.token),
    });
    expect(status.json().data).toMatchObject({ plan: 'elite', subscription: { status: 'active' } });
    // The server looked the subscription up to read its price.
    expect(stripe.requests.some((c) => c.path === `/v1/subscriptions/${u.subscription}`)).toBe(
      true,
    );
    expect(stripe.deliveries.slice(-2).map((d) => d.status)).toEqual([200, 200]);
  });

  it('changes nothing for a bad signature or a stale timestamp (400)', async () => {
    const u = await subscribedUser('pro');
    const sub = stripe.subscriptions.get(u.subscription)!;
    const ended = { ...sub, status: 'canceled' };
    const wrongSecret = await stripe.sendEvent('customer.subscription.deleted', ended, {
      secret: 'whsec_wrong',
    });
    expect(wrongSecret.status).toBe(400);
    const stale = await stripe.sendEvent('customer.subscription.deleted', ended, {
      t: Math.floor(Date.now() / 1000) - 301,
    });
    expect(stale.status).toBe(400);
    const unsigned = await fetch(`${base}/api/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: wrongSecret.payload,
    });
    expect(unsigned.status).toBe(400);
    // A good signature over other bytes than those sent.
    const tampered = await fetch(`${base}/api/billing/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(wrongSecret.payload, WEBHOOK_SECRET),
      },
      body: wrongSecret.payload.replace('"canceled"', '"active"'),
    });
    expect(tampered.status).toBe(400);
    expect(await planOf(u.user.id)).toBe('pro');
  });

  it('applies an event once: a replay changes nothing', async () => {
    const u = await subscribedUser('starter');
    const sub = stripe.subscriptions.get(u.subscription)!;
    const upgraded = {
      ...sub,
      items: { ...(sub.items as object), data: [{ id: 'si_x', price: { id: 'price_builder_m' } }] },
    };
    const first = await stripe.sendEvent('customer.subscription.updated', upgraded);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ result: 'applied' });
    expect(await planOf(u.user.id)).toBe('builder');
    // An admin moves the user meanwhile; the same event delivered again must not undo it.
    await t.app.spoke.database.db
      .update(users)
      .set({ plan: 'elite' })
      .where(eq(users.id, u.user.id));
    const again = await stripe.sendEvent('customer.subscription.updated', upgraded, {
      eventId: first.event.id,
      t: first.event.created,
    });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ result: 'duplicate' });
    expect(await planOf(u.user.id)).toBe('elite');
  });

  it('ignores an event older than the last one applied', async () => {
    const u = await subscribedUser('pro');
    const sub = stripe.subscriptions.get(u.subscription)!;
    const old = await stripe.sendEvent('customer.subscription.deleted', sub, {
      t: Math.floor(Date.now() / 1000) - 120,
    });
    expect(old.status).toBe(200);
    expect(await planOf(u.user.id)).toBe('pro');
  });

  it('changes nothing for a price the server does not sell', async () => {
    const u = await subscribedUser('pro');
    const sub = stripe.subscriptions.get(u.subscription)!;
    const other = {
      ...sub,
      items: { ...(sub.items as object), data: [{ id: 'si_y', price: { id: 'price_other' } }] },
    };
    const res = await stripe.sendEvent('customer.subscription.updated', other);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ result: 'ignored' });
    expect(await planOf(u.user.id)).toBe('pro');
  });

  it('changes nothing for an unknown user or customer', async () => {
    const u = await register(t.app);
    const res = await checkout(u.token, { plan: 'pro' });
    const session = stripe.sessions.get(new URL(res.json().data.url).pathname.split('/').pop()!)!;
    const sub = stripe.subscription(session.customer as string, 'price_pro_m', {});
    // Completed checkout naming someone else (no such user), and one with a stranger's customer.
    const stranger = await stripe.sendEvent('checkout.session.completed', {
      ...session,
      status: 'complete',
      subscription: sub.id,
      client_reference_id: '00000000-0000-4000-8000-000000000000',
      metadata: { user_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(stranger.status).toBe(200);
    const otherCustomer = await stripe.sendEvent('checkout.session.completed', {
      ...session,
      status: 'complete',
      subscription: sub.id,
      customer: 'cus_someone_else',
    });
    expect(otherCustomer.status).toBe(200);
    const unknownCustomer = await stripe.sendEvent('customer.subscription.updated', {
      ...sub,
      customer: 'cus_nobody',
    });
    expect(unknownCustomer.status).toBe(200);
    expect(await planOf(u.user.id)).toBe('free');
  });

  it('answers 200 to events of other types and ignores them', async () => {
    const res = await stripe.sendEvent('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ result: 'ignored' });
  });

  it('moves the user back to Free when the subscription is deleted', async () => {
    const u = await subscribedUser('builder', 'yearly');
    const res = await stripe.cancel(u.subscription);
    expect(res.status).toBe(200);
    expect(await planOf(u.user.id)).toBe('free');
    expect(await billingPlan(u.token)).toBe('free');
    const status = await t.app.inject({
      url: '/api/account/billing/upgrade',
      headers: bearer(u.token),
    });
    expect(status.json().data.subscription).toEqual({ status: 'canceled' });
    // Free again, the user may check out anew.
    expect((await checkout(u.token, { plan: 'starter' })).statusCode).toBe(200);
  });
});

describe('billing portal', () => {
  it('opens a portal session for the user’s customer, back to the billing page', async () => {
    const u = await subscribedUser('pro');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/billing/portal',
      headers: bearer(u.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    expect(stripe.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      body: { customer: u.customer, return_url: 'http://app.test/app/billing' },
    });
  });

  it('has nothing to manage before a first checkout', async () => {
    const u = await register(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/billing/portal',
      headers: bearer(u.token),
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('configuration', () => {
  const full = {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: 'http://127.0.0.1:12111',
    STRIPE_PRICE_STARTER_MONTHLY: 'a',
    STRIPE_PRICE_STARTER_YEARLY: 'b',
    STRIPE_PRICE_BUILDER_MONTHLY: 'c',
    STRIPE_PRICE_BUILDER_YEARLY: 'd',
    STRIPE_PRICE_PRO_MONTHLY: 'e',
    STRIPE_PRICE_PRO_YEARLY: 'f',
    STRIPE_PRICE_ELITE_MONTHLY: 'g',
    STRIPE_PRICE_ELITE_YEARLY: 'h',
  };

  it('is off without keys and on with keys and every price', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig(full).stripe).toMatchObject({
      secretKey: SECRET_KEY,
      apiUrl: 'http://127.0.0.1:12111',
      prices: { pro: { monthly: 'e', yearly: 'f' }, elite: { yearly: 'h' } },
    });
  });

  it('names what is missing when Stripe is half configured', () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, STRIPE_PRICE_PRO_YEARLY: _price, ...partial } = full;
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(/STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO_YEARLY/);
  });
});
