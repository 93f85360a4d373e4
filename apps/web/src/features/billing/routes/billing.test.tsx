import { FREE_LIMIT_RULE } from '@spoke/shared';
import { screen, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';

const FREE = {
  plan: 'free',
  period: { start: '2026-03-04T10:00:00.000Z', end: '2026-04-04T10:00:00.000Z' },
  usage: { messages_this_period: 0, messages_today: 0, integration_credits_used: 0 },
  limits: { monthly_messages: 25, daily_messages: 7, integration_credits: 500 },
};
const ENTERPRISE = {
  ...FREE,
  plan: 'enterprise',
  limits: { monthly_messages: null, daily_messages: null, integration_credits: null },
};
const REQUEST_MODE = { mode: 'request', plan: 'free', subscription: null, request: null };
let billing: unknown = FREE;
let upgrade: Record<string, unknown> = REQUEST_MODE;
let failures = 0;
let posted: RecordedRequest[] = [];

function api(req: RecordedRequest, res: ServerResponse) {
  if (req.path === '/api/account/me') return sendJson(res, 200, { data: { user: sampleUser } });
  if (req.path === '/api/account/billing/upgrade') return sendJson(res, 200, { data: upgrade });
  if (req.path === '/api/account/billing/plan-requests' && req.method === 'POST') {
    posted.push(req);
    const request = {
      id: 'r1',
      ...(JSON.parse(req.body) as object),
      from_plan: 'free',
      status: 'pending',
      note: null,
      created_at: '2026-03-10T10:00:00.000Z',
      decided_at: null,
    };
    upgrade = { ...REQUEST_MODE, request };
    return sendJson(res, 201, { data: { request, replaced: null } });
  }
  if (req.path === '/api/account/billing') {
    if (failures > 0) {
      failures -= 1;
      return sendRaw(res, 404);
    }
    return sendJson(res, 200, { data: billing });
  }
  sendRaw(res, 404);
}

suiteServer(api);
afterEach(() => {
  billing = FREE;
  upgrade = REQUEST_MODE;
  failures = 0;
  posted = [];
});

async function openBilling() {
  const view = renderSignedIn('/app/billing');
  await screen.findByRole('heading', { level: 1, name: 'Pricing & Billing' });
  return view;
}

describe('billing page', () => {
  it('shows the plan, the period, usage against the limits and the limit rule', async () => {
    await openBilling();
    const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
    expect(plan.getByText('Free')).toBeTruthy();
    expect(plan.getByText('Mar 4, 2026')).toBeTruthy();
    expect(plan.getByText('Apr 4, 2026')).toBeTruthy();
    expect(plan.getByText('0 / 25')).toBeTruthy();
    expect(plan.getByText('0 / 7')).toBeTruthy();
    expect(plan.getByText('0 / 500')).toBeTruthy();
    expect(plan.getByRole('meter', { name: 'Messages this period' })).toBeTruthy();
    expect(plan.getByText(FREE_LIMIT_RULE)).toBeTruthy();
  });

  it('lists every plan with the current one marked and Contact Sales for Enterprise', async () => {
    await openBilling();
    const plans = within(await screen.findByRole('region', { name: 'Plans' }));
    const cards = plans.getAllByRole('listitem').filter((item) => item.querySelector('h3'));
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual([
      'Free',
      'Starter',
      'Builder',
      'Pro',
      'Elite',
      'Enterprise',
    ]);
    const current = cards.filter((card) => card.getAttribute('aria-current') === 'true');
    expect(current.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Free']);
    expect(within(current[0] as HTMLElement).getByText('Current plan')).toBeTruthy();
    expect(plans.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe(
      '/contact?topic=sales',
    );
    expect(plans.getByText(/approved by an administrator/)).toBeTruthy();
    // Every other plan but Enterprise can be requested; the current one cannot.
    expect(plans.getAllByRole('button', { name: /^Request / }).map((b) => b.textContent)).toEqual([
      'Request Starter',
      'Request Builder',
      'Request Pro',
      'Request Elite',
    ]);
  });

  it('requests a plan and period, then shows the pending request', async () => {
    const { user } = await openBilling();
    const plans = within(await screen.findByRole('region', { name: 'Plans' }));
    await user.click(plans.getByRole('radio', { name: 'Yearly' }));
    await user.click(plans.getByRole('button', { name: 'Request Pro' }));
    const status = within(await screen.findByRole('region', { name: 'Plan request' }));
    expect(status.getByText('Plan request pending')).toBeTruthy();
    expect(status.getByText(/You asked for Pro, billed yearly/)).toBeTruthy();
    expect(posted.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { plan: 'pro', period: 'yearly' },
    ]);
    expect(plans.getByText('Requested')).toBeTruthy();
  });

  it('shows a declined request with the administrator’s note', async () => {
    upgrade = {
      ...REQUEST_MODE,
      request: {
        id: 'r2',
        plan: 'elite',
        period: 'monthly',
        from_plan: 'free',
        status: 'declined',
        note: 'Talk to sales first',
        created_at: '2026-03-10T10:00:00.000Z',
        decided_at: '2026-03-11T10:00:00.000Z',
      },
    };
    await openBilling();
    const status = within(await screen.findByRole('region', { name: 'Plan request' }));
    expect(status.getByText(/was declined; your plan stays Free/)).toBeTruthy();
    expect(status.getByText(/Talk to sales first/)).toBeTruthy();
  });

  it('offers the plan chosen on the pricing page', async () => {
    const view = renderSignedIn('/app/billing?plan=builder&period=yearly');
    const choice = within(await screen.findByRole('region', { name: 'Your choice' }));
    expect(choice.getByText('You chose Builder, billed yearly.')).toBeTruthy();
    await view.user.click(choice.getByRole('button', { name: 'Request Builder' }));
    await screen.findByRole('region', { name: 'Plan request' });
    expect(posted.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { plan: 'builder', period: 'yearly' },
    ]);
  });

  it('after checkout, says it is confirming until the webhook changed the plan', async () => {
    upgrade = { mode: 'checkout', plan: 'free', subscription: null, request: null };
    renderSignedIn('/app/billing?checkout=success&session_id=cs_test_1');
    expect((await screen.findByText('Confirming your payment…')).textContent).toBeTruthy();
    // The webhook arrives: the next poll shows the new plan.
    upgrade = { mode: 'checkout', plan: 'pro', subscription: { status: 'active' }, request: null };
    billing = { ...FREE, plan: 'pro' };
    expect(
      await screen.findByText('Payment confirmed: you are on the Pro plan now.', undefined, {
        timeout: 6000,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeTruthy();
  });

  it('says a cancelled checkout changed nothing', async () => {
    upgrade = { mode: 'checkout', plan: 'free', subscription: null, request: null };
    renderSignedIn('/app/billing?checkout=cancelled');
    expect(
      await screen.findByText(
        'Checkout cancelled: nothing was charged and your plan is unchanged.',
      ),
    ).toBeTruthy();
    const plans = within(await screen.findByRole('region', { name: 'Plans' }));
    expect(plans.getByRole('button', { name: 'Choose Pro' })).toBeTruthy();
  });

  it('shows Unlimited where the plan has no limit', async () => {
    billing = ENTERPRISE;
    await openBilling();
    const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
    expect(plan.getByText('Enterprise')).toBeTruthy();
    expect(plan.getAllByText('0 / Unlimited')).toHaveLength(2);
    // No daily allowance on this plan, so no daily line.
    expect(plan.queryByText('Messages today')).toBeNull();
  });

  it('shows the catalogue message and tries again on request', async () => {
    failures = 1;
    const { user } = await openBilling();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The requested resource was not found.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your plan' })).toBeTruthy();
  });
});
