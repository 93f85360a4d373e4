import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sampleRegistration } from '@spoke/shared/testing';
import { launchBrowser } from './browser.ts';
import { mailText } from './mail-text.ts';

const baseUrl = inject('baseUrl');
const outbox = path.join(inject('dataDir'), 'outbox');
const SENT = 'If an account exists for that e-mail, we sent a link to reset your password.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The reset link of the newest message to `email` in the server's outbox. */
async function resetLinkFor(email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mailText(raw));
      if (link) return link[0];
    }
    if (Date.now() > deadline) {
      const seen = await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(path.join(outbox, file), 'utf8');
          return `${file}: ${/^To: .*$/m.exec(raw)?.[0] ?? 'no To line'}`;
        }),
      );
      throw new Error(`no reset mail for ${email} in ${outbox}; it holds:\n${seen.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function register() {
  const account = sampleRegistration();
  const res = await fetch(`${baseUrl}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(res.status).toBe(201);
  return account;
}

async function requestReset(page: Page, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(/\/forgot-password$/);
  // The login form has an Email field too: wait until the reset form has replaced it.
  await page.getByRole('button', { name: 'Send reset link' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText(SENT).waitFor();
}

describe('password reset', () => {
  it('confirms a request without telling whether the account exists', async () => {
    const page = await browser.newPage();
    await requestReset(page, `nobody.${Date.now()}@example.com`);
    expect(await page.getByRole('status').textContent()).toBe(SENT);
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.waitForURL(/\/login$/);
    await page.close();
  });

  it('resets the password from the mailed link, once', async () => {
    const account = await register();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await requestReset(page, account.email);
    const link = await resetLinkFor(account.email);
    expect(new URL(link).origin).toBe(baseUrl);

    await page.goto(link);
    const password = page.getByLabel('New password', { exact: true });
    await password.fill('short');
    expect(await page.getByTestId('password-strength-label').textContent()).toBe('Fair');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    expect(await page.getByText('Passwords do not match').count()).toBe(1);

    const fresh = 'a brand new passphrase';
    await password.fill(fresh);
    await page.getByLabel('Confirm new password').fill(fresh);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset.', { exact: false }).waitFor();

    // The old password is gone, the new one works.
    const login = (pw: string) =>
      fetch(`${baseUrl}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: pw }),
      });
    expect((await login(account.password)).status).toBe(401);
    await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/app\/dashboard$/);

    // The link works once.
    const other = await browser.newPage();
    await other.goto(link);
    await other.getByLabel('New password', { exact: true }).fill('yet another one');
    await other.getByLabel('Confirm new password').fill('yet another one');
    await other.getByRole('button', { name: 'Reset Password' }).click();
    await other
      .getByText('This password reset link is invalid or has expired. Please request a new one.')
      .waitFor();
    await other.getByRole('link', { name: 'Request a new link' }).click();
    await other.waitForURL(/\/forgot-password$/);
    expect(errors).toEqual([]);
    await other.close();
    await page.close();
  });

  it('explains a reset page opened without a token', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/reset-password`);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await page.close();
  });

  it('turns away a made-up token with the server reason', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/reset-password?token=not-a-real-token`);
    await page.getByLabel('New password', { exact: true }).fill('long enough');
    await page.getByLabel('Confirm new password').fill('long enough');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page
      .getByText('This password reset link is invalid or has expired. Please request a new one.')
      .waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    await page.close();
  });
});
