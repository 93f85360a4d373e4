import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, registerUser } from './app-session.ts';
import { browserForFile } from './browser.ts';

// Moving between pages: where each one opens, what its tab is called, and what the server
// answers for an address no page has.
const baseUrl = inject('baseUrl');

const browser = browserForFile();

const WIDTHS = [1440, 390];

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls `target` into view, as a reader would before clicking it; returns the position. */
async function scrollTo(page: Page, target: Locator): Promise<number> {
  await target.scrollIntoViewIfNeeded();
  const y = await scrollY(page);
  expect(y).toBeGreaterThan(300);
  return y;
}

/** Waits until the window is back at `y`, give or take the pixel rounding. */
async function expectScrollNear(page: Page, y: number) {
  await expect.poll(async () => Math.abs((await scrollY(page)) - y)).toBeLessThanOrEqual(2);
}

/** How far below the top of the window `target` sits: small once the page has scrolled to it. */
const topOf = (target: Locator) =>
  target.evaluate((element) => Math.round(element.getBoundingClientRect().top));

const footer = (page: Page) => page.getByRole('contentinfo');

describe.each(WIDTHS)('scroll position at %i px', (width) => {
  it('opens every new page at its top, and back and forward return to the place left', async () => {
    const { page, context, errors } = await openPage(browser(), '/', { width });
    const seePricing = page.getByRole('link', { name: 'See pricing' });
    const onLanding = await scrollTo(page, seePricing);
    await seePricing.click();
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    expect(await scrollY(page)).toBe(0);

    const security = footer(page).getByRole('link', { name: 'Security', exact: true });
    const onPricing = await scrollTo(page, security);
    await security.click();
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await page.waitForURL(`${baseUrl}/pricing`);
    await expectScrollNear(page, onPricing);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await expectScrollNear(page, onLanding);
    await page.goForward();
    await page.waitForURL(`${baseUrl}/pricing`);
    await expectScrollNear(page, onPricing);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a registry server from a card low on the list at the top of its page', async () => {
    const { page, context, errors } = await openPage(browser(), '/app/workspace/registry', {
      session: await registerUser(),
      width,
    });
    const links = page.getByRole('list', { name: 'Servers' }).getByRole('link');
    await links.first().waitFor();
    const last = links.last();
    const onList = await scrollTo(page, last);
    const name = new URL(`${baseUrl}${await last.getAttribute('href')}`).pathname;
    await last.click();
    await page.waitForURL(`${baseUrl}${name}`);
    await page.getByRole('link', { name: 'Back to Registry' }).waitFor();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await page.waitForURL(`${baseUrl}/app/workspace/registry`);
    await expectScrollNear(page, onList);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a link with a #hash to the element it names', async () => {
    const { page, context, errors } = await openPage(browser(), '/security', { width });
    const link = page.locator('article').getByRole('link', { name: 'Running the platform' });
    await scrollTo(page, link);
    await link.click();
    await page.waitForURL(
      `${baseUrl}/app/docs/enterprise/running-the-platform#sandboxed-integrations`,
    );
    const heading = page.locator('[id="sandboxed-integrations"]');
    await heading.waitFor();
    // Just below the sticky top bar, where the heading's scroll margin puts it.
    await expect.poll(() => topOf(heading)).toBeGreaterThanOrEqual(0);
    await expect.poll(() => topOf(heading)).toBeLessThan(200);
    expect(await scrollY(page)).toBeGreaterThan(300);
    expect(errors).toEqual([]);
    await context.close();
  });
});

// The outline beside a long page shows on wide screens only. The tab's first page and the places
// a plain #link adds are entries the router did not make: each keeps a position of its own.
it('follows the outline’s #links, and back returns to where the reader was', async () => {
  const { page, context, errors } = await openPage(browser(), '/security', { width: 1440 });
  const onPage = await scrollTo(page, page.getByRole('heading', { level: 2, name: 'Agents' }));
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'MCP servers and the spoke tool' })
    .click();
  await page.waitForURL(`${baseUrl}/security#mcp-servers-and-the-spoke-tool`);
  const heading = page.locator('[id="mcp-servers-and-the-spoke-tool"]');
  await expect.poll(() => topOf(heading)).toBeLessThan(200);
  expect(await topOf(heading)).toBeGreaterThanOrEqual(0);

  await page.goBack();
  await page.waitForURL(`${baseUrl}/security`);
  await expectScrollNear(page, onPage);
  expect(errors).toEqual([]);
  await context.close();
});

describe('document titles', () => {
  it.each([
    ['/pricing', 'Pricing · Spoke'],
    ['/login', 'Sign in · Spoke'],
    ['/register', 'Create your account · Spoke'],
    ['/forgot-password', 'Forgot password · Spoke'],
    ['/reset-password', 'Reset password · Spoke'],
    ['/no-such-page', 'Page not found · Spoke'],
  ])('%s is titled "%s"', async (path, title) => {
    const { page, context } = await openPage(browser(), path);
    await page.waitForFunction((expected) => document.title === expected, title);
    await context.close();
  });

  it('follows the page when moving within the app', async () => {
    const { page, context } = await openPage(browser(), '/login');
    await page.waitForFunction(() => document.title === 'Sign in · Spoke');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForFunction(() => document.title === 'Forgot password · Spoke');
    await page.goBack();
    await page.waitForFunction(() => document.title === 'Sign in · Spoke');
    await context.close();
  });
});

describe('status of page addresses', () => {
  it('answers an address no page has with 404 and the app, which shows Not Found', async () => {
    for (const path of ['/no-such-page', '/app/no-such-screen', '/pricing/more']) {
      const answer = await fetch(`${baseUrl}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(await answer.text(), path).toContain('<div id="root">');

      const { page, context, errors } = await openPage(browser(), path);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('answers a blog post that does not exist with 404, and the app says so', async () => {
    expect((await fetch(`${baseUrl}/blog/no-such-post`)).status).toBe(404);
    const { page, context } = await openPage(browser(), '/blog/no-such-post');
    await page.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
    await context.close();
  });

  it('answers 200 at the addresses of pages, dynamic segments included', async () => {
    const paths = [
      '/',
      '/pricing',
      '/login?next=%2Fapp%2Fsettings',
      '/blog/the-spoke-cli-in-five-minutes',
      '/app/agents/4f1c2a9e-0000-4000-8000-000000000000',
      '/app/workspace/registry/io.github.example%2Fserver',
      '/app/docs/commands/workspaces',
      '/dev/commands',
      '/security',
    ];
    for (const path of paths) {
      const answer = await fetch(`${baseUrl}${path}`);
      expect(answer.status, path).toBe(200);
      await answer.arrayBuffer();
    }
  });
});
