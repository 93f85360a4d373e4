import { PLANS, perMonthOfYearly } from '@spoke/shared';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '#web/components/page-loading.tsx';
import { setToken } from '#web/lib/auth/token-store.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw } from '#web/test/test-server.ts';

const routes = [
  { HydrateFallback: PageLoading, path: '/pricing', lazy: () => import('./pricing.tsx') },
];

suiteServer((req, res) =>
  req.path === '/api/account/me'
    ? sendJson(res, 200, { data: { user: sampleUser } })
    : sendRaw(res, 404),
);

const card = (name: string) => screen.getByRole('article', { name });
const price = (name: string) => within(card(name)).getByTestId('plan-price').textContent;
const note = (name: string) => within(card(name)).getByTestId('plan-billing-note').textContent;
const paid = PLANS.filter((plan) => plan.price && plan.price.monthly > 0);

describe('pricing page', () => {
  it('shows five plan cards at their monthly prices', async () => {
    renderRoutes(routes, '/pricing');
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    expect(document.title).toBe('Pricing · Spoke');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveProperty('checked', true);
    expect(price('Free')).toBe('$0/month');
    for (const plan of paid) {
      expect(price(plan.name)).toBe(`$${plan.price?.monthly}/month`);
      expect(note(plan.name)).toBe('billed monthly');
    }
    expect(screen.queryByText('Save 17%')).toBeNull();
    expect(within(card('Builder')).getByText('Most Popular')).toBeTruthy();
    expect(within(card('Free')).getByText('7 messages / day')).toBeTruthy();
    expect(within(card('Starter')).queryByText(/messages \/ day/)).toBeNull();
    expect(within(card('Builder')).getByText('10,000 integration credits')).toBeTruthy();
  });

  it('shows the per-month figure of the yearly price and the saving', async () => {
    renderRoutes(routes, '/pricing');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Yearly' }));
    expect(screen.getByText('Save 17%')).toBeTruthy();
    for (const plan of paid) {
      const yearly = plan.price?.yearly ?? 0;
      expect(price(plan.name)).toBe(`$${perMonthOfYearly(yearly)}/month`);
      expect(note(plan.name)).toBe(`billed $${yearly.toLocaleString('en-US')} yearly`);
    }
    expect(price('Free')).toBe('$0/month');
  });

  it('sends visitors to registration and Enterprise to sales', async () => {
    renderRoutes(routes, '/pricing');
    const link = await screen.findByRole('link', { name: 'Choose Builder' });
    expect(link.getAttribute('href')).toBe('/register');
    const enterprise = card('Enterprise');
    expect(within(enterprise).getByText('Custom pricing')).toBeTruthy();
    for (const feature of ['Unlimited messages', 'Dedicated architect', 'Premium support']) {
      expect(within(enterprise).getByText(feature)).toBeTruthy();
    }
    expect(
      within(enterprise).getByRole('link', { name: 'Contact Sales' }).getAttribute('href'),
    ).toBe('/contact?topic=sales');
  });

  it('sends a signed-in user to billing with the chosen plan and period', async () => {
    setToken('t1');
    renderRoutes(routes, '/pricing');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    await expect
      .poll(() => screen.getByRole('link', { name: 'Get Started Free' }).getAttribute('href'))
      .toBe('/app/billing');
    expect(screen.getByRole('link', { name: 'Choose Pro' }).getAttribute('href')).toBe(
      '/app/billing?plan=pro&period=monthly',
    );
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByRole('link', { name: 'Choose Builder' }).getAttribute('href')).toBe(
      '/app/billing?plan=builder&period=yearly',
    );
  });

  it('opens and closes FAQ answers from the keyboard', async () => {
    renderRoutes(routes, '/pricing');
    const user = userEvent.setup();
    const question = await screen.findByRole('button', {
      name: 'What happens when I hit the Free plan limits?',
    });
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(answer?.hidden).toBe(true);
    question.focus();
    await user.keyboard('{Enter}');
    expect(question.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: question.textContent ?? '' });
    expect(region.textContent).toContain('paused until the next billing cycle');
    await user.keyboard(' ');
    expect(question.getAttribute('aria-expanded')).toBe('false');
  });
});
