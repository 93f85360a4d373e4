import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FREE_LIMIT_RULE } from '@spoke/shared';
import {
  adminSession,
  apiGet,
  openPage as open,
  registerUser,
  signInAgain,
} from './app-session.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; rv:125.0) Gecko/20100101 Firefox/125.0';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const openPage = (path: string, options?: Parameters<typeof open>[2]) =>
  open(browser, path, options);
const region = (page: Page, name: string) => page.getByRole('region', { name });
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

async function meStatus(token: string): Promise<number> {
  return (await apiGet('/api/account/me', token)).status;
}

describe('dashboard', () => {
  it('welcomes the user, shows the agent studio panel and the usage summary', async () => {
    const { page, context, errors } = await openPage('/app/dashboard', {
      session: await registerUser(),
    });
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' }).waitFor();
    const studio = region(page, 'Agent studio');
    // Blank prompt: the studio's button waits for a description.
    expect(await studio.getByRole('button', { name: 'Create Agent' }).isDisabled()).toBe(true);
    const usage = region(page, 'Usage');
    await usage.getByText('0 / 25').waitFor();
    expect(await usage.getByText('0 / 7').count()).toBe(1);
    expect(await usage.getByText('0 / 500').count()).toBe(1);
    expect(await usage.innerText()).toContain('Free');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('settings', () => {
  it('updates the profile, and refuses a username already taken', async () => {
    const other = await registerUser();
    const { page, context, errors } = await openPage('/app/settings', {
      session: await registerUser(),
    });
    const profile = region(page, 'Profile');
    await profile.getByLabel('Display name').fill('Countess of Lovelace');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Profile saved.').waitFor();

    await profile.getByLabel('Username').fill(other.username);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile
      .getByRole('alert')
      .getByText('This information is already in use. Please try different details.')
      .waitFor();
    expect(await profile.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');

    await page.goto(`${baseUrl}/app/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Countess of Lovelace' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the password and stays signed in with the new token', async () => {
    const session = await registerUser();
    const elsewhere = await signInAgain(session);
    const { page, context, errors } = await openPage('/app/settings', { session });
    const password = region(page, 'Password');

    await password.getByLabel('Current password').fill('not my password');
    await password.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await password.getByLabel('Confirm new password').fill('a brand new secret');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Current password is incorrect').waitFor();

    await password.getByLabel('Current password').fill(session.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await password
      .getByText('Password changed. Your other sessions have been signed out.')
      .waitFor();

    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect(token).not.toBe(session.token);
    expect(await meStatus(token ?? '')).toBe(200);
    expect(await meStatus(session.token)).toBe(401);
    expect(await meStatus(elsewhere.token)).toBe(401);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/app/settings`);
    const newLogin = await fetch(`${baseUrl}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: session.email, password: 'a brand new secret' }),
    });
    expect(newLogin.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists sessions with this device marked and revokes another one', async () => {
    const session = await registerUser();
    const elsewhere = await signInAgain(session, FIREFOX_ON_WINDOWS);
    const { page, context } = await openPage('/app/settings', { session });
    const sessions = region(page, 'Your sessions');
    await sessions.getByText('This device', { exact: true }).waitFor();
    const rows = sessions.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('This device');
    expect(await rows.nth(1).innerText()).toContain('Firefox on Windows');

    await sessions.getByRole('button', { name: 'Revoke Firefox on Windows' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await meStatus(elsewhere.token)).toBe(401);
    expect(await meStatus(session.token)).toBe(200);

    await sessions.getByRole('button', { name: 'Revoke this device (signs you out)' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await storedToken(page)).toBeNull();
    expect(await meStatus(session.token)).toBe(401);
    await context.close();
  });
});

describe('billing', () => {
  it('shows the plan, usage against the limits, the period and the plans', async () => {
    const session = await registerUser();
    const { page, context, errors } = await openPage('/app/billing', { session });
    const plan = region(page, 'Your plan');
    await plan.getByText('0 / 25').waitFor();
    const text = await plan.innerText();
    expect(text).toContain('Free');
    expect(text).toContain('0 / 7');
    expect(text).toContain('0 / 500');
    expect(text).toContain(FREE_LIMIT_RULE);

    const billing = (await (await apiGet('/api/account/billing', session.token)).json()) as {
      data: { period: { start: string; end: string } };
    };
    const times = await plan
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')));
    expect(times).toEqual([billing.data.period.start, billing.data.period.end]);

    const plans = region(page, 'Plans');
    const current = plans.locator('[aria-current="true"]');
    expect(await current.locator('h3').innerText()).toBe('Free');
    expect(await current.innerText()).toContain('Current plan');
    expect(await plans.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe(
      '/contact?topic=sales',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('admin', () => {
  it('denies a non-admin', async () => {
    const { page, context } = await openPage('/app/admin', { session: await registerUser() });
    await page
      .getByText("Access denied. You don't have permission to perform this action.")
      .waitFor();
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await context.close();
  });

  it('finds a user, grants admin and changes the plan', async () => {
    const target = await registerUser({ verified: true });
    const admin = await adminSession();
    const { page, context, errors } = await openPage('/app/admin', { session: admin });
    const list = page.getByRole('list', { name: 'Users' });
    await list.waitFor();

    await page.getByLabel('Search users').fill(target.username);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    const row = list.getByRole('listitem').first();
    expect(await row.innerText()).toContain(target.email);

    await row.getByRole('button', { name: `Grant admin for ${target.username}` }).click();
    await row.getByRole('button', { name: `Revoke admin for ${target.username}` }).waitFor();
    await row.getByLabel(/Plan/).selectOption('pro');
    await expect
      .poll(async () => {
        const body = (await (await apiGet('/api/account/billing', target.token)).json()) as {
          data: { plan: string };
        };
        return body.data.plan;
      })
      .toBe('pro');
    const me = (await (await apiGet('/api/account/me', target.token)).json()) as {
      data: { user: { is_admin: boolean } };
    };
    expect(me.data.user.is_admin).toBe(true);

    // The admin's own account comes from ADMIN_EMAILS: its admin right is locked here.
    await page.getByLabel('Search users').fill(admin.email);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    const own = list.getByRole('listitem').first();
    expect(
      await own.getByRole('button', { name: `Revoke admin for ${admin.username}` }).isDisabled(),
    ).toBe(true);
    expect(await own.innerText()).toContain('ADMIN_EMAILS');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists contact messages, newest first', async () => {
    const stamp = Date.now().toString(36);
    for (const name of [`First ${stamp}`, `Second ${stamp}`]) {
      const sent = await fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          email: 'visitor@example.com',
          topic: 'sales',
          message: 'We would like to talk about a plan for our team.',
        }),
      });
      expect(sent.ok).toBe(true);
    }
    const { page, context } = await openPage('/app/admin', { session: await adminSession() });
    await page.getByRole('tab', { name: 'Contact messages' }).click();
    const list = page.getByRole('list', { name: 'Contact messages' });
    await list.waitFor();
    const text = await list.innerText();
    expect(text.indexOf(`Second ${stamp}`)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(`Second ${stamp}`)).toBeLessThan(text.indexOf(`First ${stamp}`));
    const first = list.getByRole('listitem').first();
    await first.getByRole('button', { name: 'Read full message' }).click();
    expect(
      await first.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await context.close();
  });
});
