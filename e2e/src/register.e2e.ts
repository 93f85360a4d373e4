import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { COMMON_PASSWORD_MESSAGE } from '@spoke/shared';
import { sampleRegistration } from '@spoke/shared/testing';
import { launchBrowser } from './browser.ts';
import { linkFor } from './outbox.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openWizard(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('First name').waitFor();
  return { page, errors };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** The message a field points at with aria-describedby, or null. */
function errorOf(page: Page, label: string) {
  return field(page, label).evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });
}

async function stepShown(page: Page) {
  const bar = page.getByRole('progressbar', { name: 'Registration progress' });
  return {
    now: await bar.getAttribute('aria-valuenow'),
    text: await bar.getAttribute('aria-valuetext'),
    visible: await page.getByText(/^Step \d of 3$/).textContent(),
  };
}

type Account = ReturnType<typeof sampleRegistration>;

/** How long the session of `token` lasts, in days from now. */
async function sessionDays(token: string | null): Promise<number> {
  const res = await fetch(`${baseUrl}/api/account/sessions`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await res.json()) as {
    data: { sessions: { current: boolean; expires_at: string }[] };
  };
  const current = data.sessions.find((session) => session.current);
  if (!current) throw new Error('no current session');
  return (Date.parse(current.expires_at) - Date.now()) / 86_400_000;
}

async function fillStep1(page: Page, account: Account) {
  await field(page, 'First name').fill(account.firstName);
  await field(page, 'Last name').fill(account.lastName);
  await field(page, 'Email').fill(account.email);
  await field(page, 'Username').fill(account.username);
  await button(page, 'Continue').click();
  await field(page, 'Password').waitFor();
}

async function fillStep2(page: Page, account: Account) {
  await field(page, 'Password').fill(account.password);
  await field(page, 'Confirm password').fill(account.confirmPassword);
  await button(page, 'Continue').click();
  await field(page, 'Role').waitFor();
}

async function fillStep3(page: Page) {
  await field(page, 'Role').selectOption('developer');
  await field(page, 'Team size').selectOption('2-10');
  await field(page, 'Primary use case').selectOption('automation');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
}

describe('registration wizard', () => {
  it('validates each step with the spec messages before moving on', async () => {
    const { page, errors } = await openWizard();
    expect(await stepShown(page)).toEqual({
      now: '1',
      text: 'Step 1 of 3',
      visible: 'Step 1 of 3',
    });

    await button(page, 'Continue').click();
    expect(await errorOf(page, 'First name')).toBe('First name is required');
    expect(await errorOf(page, 'Last name')).toBe('Last name is required');
    expect(await errorOf(page, 'Email')).toBe('Email is required');
    expect(await errorOf(page, 'Username')).toBe('Username is required');
    expect((await stepShown(page)).now).toBe('1');

    // An error goes as soon as its field is edited; the others stay.
    await field(page, 'First name').fill('Ada');
    expect(await errorOf(page, 'First name')).toBeNull();
    expect(await errorOf(page, 'Last name')).toBe('Last name is required');

    await field(page, 'Last name').fill('Lovelace');
    await field(page, 'Email').fill('ada@invalid');
    await field(page, 'Username').fill('ad');
    await button(page, 'Continue').click();
    expect(await errorOf(page, 'Email')).toBe('Please enter a valid email address');
    expect(await errorOf(page, 'Username')).toBe('Username must be at least 3 characters');

    await field(page, 'Email').fill(`ada.${Date.now()}@example.com`);
    await field(page, 'Username').fill(`ada${Date.now()}`);
    await button(page, 'Continue').click();
    await field(page, 'Password').waitFor();
    expect((await stepShown(page)).now).toBe('2');

    await button(page, 'Continue').click();
    expect(await errorOf(page, 'Password')).toBe('Password is required');
    expect(await errorOf(page, 'Confirm password')).toBe('Please confirm your password');
    await field(page, 'Password').fill('short');
    await field(page, 'Confirm password').fill('shorter');
    await button(page, 'Continue').click();
    expect(await errorOf(page, 'Password')).toBe('Password must be at least 8 characters');
    expect(await errorOf(page, 'Confirm password')).toBe('Passwords do not match');
    await field(page, 'Confirm password').fill('short');
    expect(await errorOf(page, 'Confirm password')).toBeNull();
    await field(page, 'Password').fill('long enough');
    await field(page, 'Confirm password').fill('long enough');
    await button(page, 'Continue').click();
    await field(page, 'Role').waitFor();
    expect((await stepShown(page)).now).toBe('3');

    await button(page, 'Create Account').click();
    expect(await errorOf(page, 'Role')).toBe('Please select your role');
    expect(await errorOf(page, 'Team size')).toBe('Please select team size');
    expect(await errorOf(page, 'Primary use case')).toBe('Please select primary use case');
    expect(await page.getByText('You must agree to the terms', { exact: true }).count()).toBe(1);
    await field(page, 'Role').selectOption('designer');
    expect(await errorOf(page, 'Role')).toBeNull();
    expect(page.url()).toMatch(/\/register$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('measures password strength by length, four bars, one per two characters', async () => {
    const { page } = await openWizard();
    await fillStep1(page, sampleRegistration());
    const seen: [number, string | null, number][] = [];
    for (const length of [0, 1, 4, 6, 8]) {
      await field(page, 'Password').fill('x'.repeat(length));
      const filled = await page
        .getByTestId('password-strength-bar')
        .evaluateAll((bars) => bars.filter((bar) => bar.dataset.filled === 'true').length);
      seen.push([length, await page.getByTestId('password-strength-label').textContent(), filled]);
    }
    expect(seen).toEqual([
      [0, 'Enter a password', 0],
      [1, 'Weak', 0],
      [4, 'Fair', 2],
      [6, 'Good', 3],
      [8, 'Strong', 4],
    ]);
    expect(await page.getByTestId('password-strength-bar').count()).toBe(4);
    await page.close();
  });

  it('keeps every value going back, with the newsletter ticked by default', async () => {
    const { page } = await openWizard();
    const account = sampleRegistration();
    await fillStep1(page, account);
    await fillStep2(page, account);
    expect(
      await page.getByRole('checkbox', { name: 'Send me product news and tips' }).isChecked(),
    ).toBe(true);
    await fillStep3(page);
    await button(page, 'Back').click();
    expect(await field(page, 'Password').inputValue()).toBe(account.password);
    expect(await field(page, 'Confirm password').inputValue()).toBe(account.password);
    await button(page, 'Back').click();
    expect(await field(page, 'Email').inputValue()).toBe(account.email);
    expect(await field(page, 'Username').inputValue()).toBe(account.username);
    expect(await button(page, 'Back').count()).toBe(0);
    await button(page, 'Continue').click();
    await button(page, 'Continue').click();
    expect(await field(page, 'Role').inputValue()).toBe('developer');
    expect(
      await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).isChecked(),
    ).toBe(true);
    await page.close();
  });

  it('creates the account, remembered when asked, and proves the address from the mail', async () => {
    const { page, errors } = await openWizard();
    const account = sampleRegistration();
    await fillStep1(page, account);
    await fillStep2(page, account);
    await fillStep3(page);
    const remember = page.getByRole('checkbox', { name: 'Remember me', exact: true });
    expect(await remember.isChecked()).toBe(false);
    await remember.check();
    await button(page, 'Create Account').click();
    await page.waitForURL(/\/app\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await fetch(`${baseUrl}/api/account/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    const body = (await me.json()) as {
      data: { user: { email: string; username: string; email_verified: boolean } };
    };
    expect(body.data.user).toMatchObject({
      email: account.email,
      username: account.username,
      email_verified: false,
    });
    expect(await sessionDays(token)).toBeGreaterThan(29);

    // The banner asks for the address on every signed-in screen until the link is followed.
    const banner = page.getByRole('status').filter({ hasText: 'Confirm your e-mail address' });
    expect(await banner.textContent()).toBe(
      `Confirm your e-mail address: we sent a link to ${account.email}.`,
    );
    await page.goto(`${baseUrl}/app/settings`);
    await banner.waitFor();

    const link = await linkFor(account.email, '/verify-email');
    await page.goto(link);
    await page.getByText('Your e-mail address is confirmed', { exact: false }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL(/\/app\/dashboard$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('verify-email-banner').count()).toBe(0);
    const after = await fetch(`${baseUrl}/api/account/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await after.json()) as typeof body).data.user.email_verified).toBe(true);

    // The link worked once: followed again, signed out, it is refused and changes nothing.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByRole('alert').waitFor();
    expect(await again.getByRole('alert').textContent()).toBe(
      'This verification link is invalid or has expired. Please request a new one.',
    );
    const signIn = again.getByRole('main').getByRole('link', { name: 'Sign in', exact: true });
    expect(await signIn.getAttribute('href')).toBe('/login');
    await again.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives a short session without Remember me', async () => {
    const { page } = await openWizard();
    const account = sampleRegistration();
    await fillStep1(page, account);
    await fillStep2(page, account);
    await fillStep3(page);
    await button(page, 'Create Account').click();
    await page.waitForURL(/\/app\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(await sessionDays(token)).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('refuses a common password with the server message, from a list loaded on its own', async () => {
    const { page } = await openWizard();
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text().catch(() => ''));
    });
    await page.reload();
    await field(page, 'First name').waitFor();
    const holdsList = async () =>
      (await Promise.all(scripts)).some((text) => text.includes('qwertyuiop'));
    expect(await holdsList()).toBe(false);

    await fillStep1(page, sampleRegistration());
    await field(page, 'Password').fill('Password1');
    await field(page, 'Confirm password').fill('Password1');
    await expect
      .poll(() => page.getByTestId('password-strength-label').textContent())
      .toBe('Too common');
    expect(await holdsList()).toBe(true);
    await button(page, 'Continue').click();
    await expect.poll(() => errorOf(page, 'Password')).toBe(COMMON_PASSWORD_MESSAGE);
    expect((await stepShown(page)).now).toBe('2');
    await field(page, 'Password').fill('Password1 of my own');
    expect(await page.getByTestId('password-strength-label').textContent()).toBe('Strong');
    await page.close();
  });

  it('sends a reused e-mail back to step 1 with the field marked', async () => {
    const taken = sampleRegistration();
    const created = await fetch(`${baseUrl}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(taken),
    });
    expect(created.status).toBe(201);

    const { page } = await openWizard();
    const again = sampleRegistration({ email: taken.email });
    await fillStep1(page, again);
    await fillStep2(page, again);
    await fillStep3(page);
    await button(page, 'Create Account').click();
    await page
      .getByText('This information is already in use. Please try different details.')
      .waitFor();
    expect((await stepShown(page)).now).toBe('1');
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf(page, 'Email')).toBeTruthy();
    expect(await field(page, 'Username').getAttribute('aria-invalid')).toBeNull();
    expect(await field(page, 'Email').inputValue()).toBe(taken.email);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.close();
  });

  it('offers no Google sign-up where the server has no Google client', async () => {
    const page = await browser.newPage();
    const methods = page.waitForResponse((r) => r.url().endsWith('/api/auth/methods'));
    await page.goto(`${baseUrl}/register`);
    expect(await (await methods).json()).toEqual({ data: { google: false } });
    await page.getByLabel('First name').waitFor();
    // A moment for the page to render the answer before the button is checked as absent.
    await page.waitForTimeout(250);
    expect(await page.getByRole('button', { name: /Google/ }).count()).toBe(0);
    expect(await page.getByText('or sign up with e-mail').count()).toBe(0);
    // Going to /api/auth/google anyway still ends on the explanation.
    await page.goto(`${baseUrl}/api/auth/google`);
    await page.waitForURL(/\/login\?error=google_unavailable$/);
    await page
      .getByText('Google sign-in is not configured on this server.', { exact: false })
      .waitFor();
    await page.close();
  });
});
