import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PLANS, YEARLY_SAVING_PERCENT } from '@spoke/shared';
import { gotoHydrated, launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const priced = PLANS.filter((plan) => plan.price !== null);

async function figures(page: Page) {
  const out: Record<string, [string | null, string | null]> = {};
  for (const plan of priced) {
    const c = card(page, plan.name);
    out[plan.name] = [
      await c.getByTestId('plan-price').textContent(),
      await c.getByTestId('plan-billing-note').textContent(),
    ];
  }
  return out;
}

describe('pricing page', () => {
  it('shows every plan monthly and yearly, with the saving', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await gotoHydrated(page, `${baseUrl}/pricing`);
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(6);
    expect(await card(page, 'Builder').getByText('Most Popular').count()).toBe(1);
    expect(await page.getByText(`Save ${YEARLY_SAVING_PERCENT}%`, { exact: true }).count()).toBe(0);

    const monthly = await figures(page);
    const yearlyLabel = page.getByText('Yearly', { exact: true });
    await yearlyLabel.click();
    expect(await page.getByRole('radio', { name: 'Yearly' }).isChecked()).toBe(true);
    expect(await page.getByText('Save 17%', { exact: true }).isVisible()).toBe(true);
    const yearly = await figures(page);

    for (const plan of priced) {
      const { monthly: m, yearly: y } = plan.price ?? { monthly: 0, yearly: 0 };
      if (m === 0) {
        expect(monthly[plan.name]).toEqual(['$0/month', 'Free forever']);
        expect(yearly[plan.name]).toEqual(['$0/month', 'Free forever']);
        continue;
      }
      expect(monthly[plan.name]).toEqual([`${usd(m)}/month`, 'billed monthly']);
      expect(yearly[plan.name]).toEqual([
        `${usd(Math.round(y / 12))}/month`,
        `billed ${usd(y)} yearly`,
      ]);
    }
    expect(await card(page, 'Free').getByText('7 messages / day').count()).toBe(1);
    expect(await page.getByText(/messages \/ day/).count()).toBe(1);

    // Back to monthly with the keyboard.
    await page.getByRole('radio', { name: 'Yearly' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    expect(await page.getByText('Save 17%', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends Enterprise to sales and plans to registration', async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, `${baseUrl}/pricing`);
    const enterprise = card(page, 'Enterprise');
    await enterprise.waitFor();
    expect(await enterprise.getByText('Custom pricing').count()).toBe(1);
    for (const feature of ['Unlimited messages', 'Dedicated architect', 'Premium support']) {
      expect(await enterprise.getByText(feature).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Choose Pro' }).getAttribute('href')).toBe(
      '/register',
    );
    await enterprise.getByRole('link', { name: 'Contact Sales' }).click();
    await page.waitForURL(/\/contact\?topic=sales$/);
    await page.close();
  });

  it('opens and closes FAQ answers from the keyboard', async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, `${baseUrl}/pricing`);
    const question = page.getByRole('button', {
      name: 'What happens when I hit the Free plan limits?',
    });
    const answer = page.getByRole('region', {
      name: 'What happens when I hit the Free plan limits?',
    });
    await question.waitFor();
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    expect(await answer.isVisible()).toBe(false);
    await question.focus();
    await page.keyboard.press('Enter');
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    expect(await answer.innerText()).toContain(
      'your agents are paused until the next billing cycle',
    );
    const controls = await question.getAttribute('aria-controls');
    expect(await answer.getAttribute('id')).toBe(controls);
    await page.keyboard.press('Space');
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    expect(await answer.isVisible()).toBe(false);
    // The next question is one Tab away.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'What counts as a message?',
    );
    await page.close();
  });
});
