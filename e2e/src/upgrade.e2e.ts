import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sampleRegistration } from '@spoke/shared/testing';
import {
  startStripeStandIn,
  type StripeStandIn,
} from '../../apps/server/src/modules/billing/testing/stripe-stand-in.ts';
import { adminSession, openPage, registerUser } from './app-session.ts';
import { browserForFile, gotoHydrated } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

const PRICES = {
  STRIPE_PRICE_STARTER_MONTHLY: 'price_e2e_starter_m',
  STRIPE_PRICE_STARTER_YEARLY: 'price_e2e_starter_y',
  STRIPE_PRICE_BUILDER_MONTHLY: 'price_e2e_builder_m',
  STRIPE_PRICE_BUILDER_YEARLY: 'price_e2e_builder_y',
  STRIPE_PRICE_PRO_MONTHLY: 'price_e2e_pro_m',
  STRIPE_PRICE_PRO_YEARLY: 'price_e2e_pro_y',
  STRIPE_PRICE_ELITE_MONTHLY: 'price_e2e_elite_m',
  STRIPE_PRICE_ELITE_YEARLY: 'price_e2e_elite_y',
};

const yourPlan = (page: Page) =>
  page.getByRole('region', { name: 'Your plan' }).locator('p.text-2xl');

// The shared server has no Stripe: plans are requested and an admin decides.
describe('plan request → admin approves (no Stripe)', () => {
  it('a user requests Pro from Pricing; an admin approves with a note; the user sees Pro', async () => {
    const user = await registerUser();
    const admin = await adminSession();
    const { page, context, errors } = await openPage(browser(), '/pricing', { session: user });
    // The prerendered page is the signed-out one until the session is read.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Profile' })
      .waitFor();
    await page.getByRole('radio', { name: 'Yearly' }).check({ force: true });
    await page.getByRole('link', { name: 'Choose Pro' }).click();
    await page.waitForURL(`${baseUrl}/app/billing?plan=pro&period=yearly`);
    const choice = page.getByRole('region', { name: 'Your choice' });
    await choice.getByText('You chose Pro, billed yearly.').waitFor();
    await choice.getByRole('button', { name: 'Request Pro' }).click();
    const status = page.getByRole('region', { name: 'Plan request' });
    await status.getByText('Plan request pending').waitFor();
    expect(await status.textContent()).toContain('You asked for Pro, billed yearly');
    expect(await yourPlan(page).textContent()).toBe('Free');

    const adminView = await openPage(browser(), '/app/admin?tab=plan-requests', {
      session: admin,
    });
    const item = adminView.page.getByRole('listitem', { name: `Request from ${user.email}` });
    await item.waitFor();
    expect(await item.textContent()).toContain('From Free to Pro, billed yearly');
    await item.getByLabel('Note to the user (optional)').fill('Enjoy the extra messages');
    await item.getByRole('button', { name: 'Approve' }).click();
    await item.waitFor({ state: 'detached' });
    expect(adminView.errors).toEqual([]);
    await adminView.context.close();

    await page.reload();
    await status.getByText('Plan request approved').waitFor();
    expect(await yourPlan(page).textContent()).toBe('Pro');
    expect(await status.textContent()).toContain(
      'Note from the administrator: Enjoy the extra messages',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

// Stripe Checkout against the local stand-in, on a server of this file's own.
describe('upgrade through Stripe Checkout', () => {
  let stripe: StripeStandIn;
  let server: RunningServer;

  beforeAll(async () => {
    stripe = await startStripeStandIn({
      secretKey: 'sk_test_e2e',
      webhookSecret: 'whsec_e2e',
      prices: Object.values(PRICES),
      // Stripe's webhook may arrive after the browser is back: the page must wait for it.
      eventDelayMs: 3000,
    });
    server = await startServer({
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_URL: stripe.url,
      ...PRICES,
    });
    stripe.setWebhookUrl(`${server.baseUrl}/api/billing/stripe/webhook`);
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  async function signedIn(path: string) {
    const account = sampleRegistration();
    const res = await fetch(`${server.baseUrl}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { token: string } };
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.baseUrl}/no-such-page`);
    await page.evaluate((token) => localStorage.setItem('token', token), data.token);
    await gotoHydrated(page, `${server.baseUrl}${path}`);
    return { page, context, errors };
  }

  it('Choose Builder → Stripe checkout → Pay → confirming → Builder; the portal cancels → Free', async () => {
    const { page, context, errors } = await signedIn('/app/billing');
    const plans = page.getByRole('region', { name: 'Plans' });
    await plans.getByRole('radio', { name: 'Yearly' }).check({ force: true });
    await plans.getByRole('button', { name: 'Choose Builder' }).click();
    await page.waitForURL(`${stripe.url}/checkout/**`);
    expect(await page.locator('[data-price]').textContent()).toBe('price_e2e_builder_y');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(`${server.baseUrl}/app/billing?checkout=success**`);
    // Back before the webhook: no success is claimed yet.
    await page.getByText('Confirming your payment…').waitFor();
    expect(await yourPlan(page).textContent()).toBe('Free');
    await page
      .getByText('Payment confirmed: you are on the Builder plan now.')
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => yourPlan(page).textContent(), { timeout: 15_000 }).toBe('Builder');
    expect(stripe.deliveries.map((d) => [d.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
    ]);

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.waitForURL(`${server.baseUrl}/app/billing`);
    await expect.poll(() => yourPlan(page).textContent(), { timeout: 15_000 }).toBe('Free');
    expect(await page.getByRole('region', { name: 'Your plan' }).textContent()).toContain(
      'Cancelled',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cancelled checkout says nothing was charged', async () => {
    const { page, context } = await signedIn('/app/billing');
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await page.waitForURL(`${stripe.url}/checkout/**`);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${server.baseUrl}/app/billing?checkout=cancelled`);
    await page
      .getByText('Checkout cancelled: nothing was charged and your plan is unchanged.')
      .waitFor();
    expect(await yourPlan(page).textContent()).toBe('Free');
    await context.close();
  });
});
