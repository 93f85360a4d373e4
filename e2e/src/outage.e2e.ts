import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { CLIENT_ERROR_MESSAGES } from '@spoke/shared';
import { openPage as open, registerUser, type Session } from './app-session.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const UNREACHABLE = CLIENT_ERROR_MESSAGES.CONNECTION_ERROR;

let browser: Browser;
let session: Session;
beforeAll(async () => {
  browser = await launchBrowser();
  session = await registerUser({ verified: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Every call to the API fails as if nothing listened, the pages and their files still load. */
const API = '**/api/**';
const refuseApi = (page: Page) => page.route(API, (route) => route.abort('connectionrefused'));

/** The page is the app's, at `path`, and not the browser's own error page. */
async function expectAppAt(page: Page, path: string, width: number) {
  expect(page.url()).toBe(`${baseUrl}${path}`);
  // The site's top bar or the app's frame is there, with its brand.
  expect(await page.getByRole('link', { name: 'Spoke', exact: true }).first().isVisible()).toBe(
    true,
  );
  // Nothing sticks out sideways, on a phone either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** Counts the documents the tab loads from now on: a reload is one. */
function countLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  return loads;
}

describe.each([1440, 390])('with the server unreachable, at %i px', (width) => {
  it('a reload keeps the user signed in, says so with a retry, and goes on once it answers', async () => {
    const { page, context, errors } = await open(browser, '/app/dashboard', { session, width });
    const welcome = page.getByRole('heading', { level: 1, name: /^Welcome, / });
    await welcome.waitFor();

    await refuseApi(page);
    await page.reload();
    const notice = page.locator('section', {
      has: page.getByRole('heading', { level: 1, name: 'Your account could not be loaded' }),
    });
    await notice.waitFor();
    expect(await notice.getByRole('alert').innerText()).toBe(UNREACHABLE);
    expect(await notice.getByText('You are still signed in.').isVisible()).toBe(true);
    await expectAppAt(page, '/app/dashboard', width);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(session.token);
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    await page.unroute(API);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await welcome.waitFor();
    await expectAppAt(page, '/app/dashboard', width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['Settings', '/app/settings', 'Settings'],
    ['Docs', '/app/docs', 'Spoke CLI Documentation'],
  ])(
    'opening %s offline shows the error in the app, and Retry loads it once back online',
    async (link, path, title) => {
      const { page, context, errors } = await open(browser, '/app/dashboard', { session, width });
      await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
      const loads = countLoads(page);

      await context.setOffline(true);
      if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: link }).click();
      const failed = page.getByRole('alert').filter({
        has: page.getByRole('heading', { name: 'This page could not be loaded' }),
      });
      await failed.getByText(UNREACHABLE).waitFor();
      await expectAppAt(page, path, width);
      // No reload: it would have replaced the app with the browser's error page.
      await page.waitForTimeout(500);
      expect(loads).toEqual([]);

      // Still offline: Retry keeps the app where it is.
      await failed.getByRole('button', { name: 'Retry' }).click();
      await failed.getByRole('button', { name: 'Retry', exact: true }).waitFor();
      await failed.getByText(UNREACHABLE).waitFor();
      expect(loads).toEqual([]);

      await context.setOffline(false);
      await failed.getByRole('button', { name: 'Retry', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(loads).toEqual([`${baseUrl}${path}`]);
      await expectAppAt(page, path, width);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('signing in with the server unreachable', () => {
  it('says the server cannot be reached, on the sign-in page', async () => {
    const { page, context, errors } = await open(browser, '/login');
    const loads = countLoads(page);
    await page.getByLabel(/email/i).waitFor();
    await context.setOffline(true);
    // The first keystroke fetches the code that signs in: it fails, and nothing reloads.
    await page.getByLabel(/email/i).fill(session.email);
    await page.getByLabel(/^password$/i).fill(session.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: UNREACHABLE }).waitFor();
    await expectAppAt(page, '/login', 1280);
    expect(loads).toEqual([]);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
