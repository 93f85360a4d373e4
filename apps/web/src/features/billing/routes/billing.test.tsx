import { FREE_LIMIT_RULE } from '@spoke/shared';
import { screen, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../../test/render-app.tsx';
import { suiteServer } from '../../../test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '../../../test/test-server.ts';

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
let billing: unknown = FREE;
let failures = 0;

function api(req: RecordedRequest, res: ServerResponse) {
  if (req.path === '/api/account/me') return sendJson(res, 200, { data: { user: sampleUser } });
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
  failures = 0;
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
    expect(plans.getByText(/an administrator changes plans/)).toBeTruthy();
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
