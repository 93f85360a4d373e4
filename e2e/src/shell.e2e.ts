import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, openPage as open, registerUser } from './app-session.ts';
import { gotoHydrated, launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const openPage = (path: string, options?: Parameters<typeof open>[2]) =>
  open(browser, path, options);
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function menuEntries(page: Page): Promise<string[]> {
  await mainNav(page).getByRole('button', { name: 'Profile' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu.getByRole('menuitem').allInnerTexts();
}

describe('navbar', () => {
  it('shows a visitor the brand, Documentation, Discord, Pricing and Sign In', async () => {
    const { page, context, errors } = await openPage('/');
    const nav = mainNav(page);
    await nav.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Spoke' }).getAttribute('href')).toBe('/');
    expect(await nav.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe(
      '/app/docs',
    );
    const discord = nav.getByRole('link', { name: /Discord/ });
    expect(await discord.getAttribute('href')).toBe('https://discord.gg/spoke');
    expect(await discord.getAttribute('target')).toBe('_blank');
    expect(await discord.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await nav.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(await nav.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(await nav.getByRole('button', { name: 'Profile' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a user the Profile menu, which closes on an outside click, Escape and a choice', async () => {
    const { page, context, errors } = await openPage('/pricing', { session: await registerUser() });
    expect(await menuEntries(page)).toEqual([
      'Dashboard',
      'Pricing & Billing',
      'Settings',
      'Sign Out',
    ]);
    expect(await mainNav(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    await page.mouse.click(5, 700);
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await mainNav(page).getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menu').waitFor();
    // The menu listens for Escape once its effects have run, which is when it takes the focus:
    // a key pressed in the frame between its commit and then would reach the page.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="menu"]')))
      .toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the menu.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Profile');

    // Keyboard only: open, move to Pricing & Billing, choose it.
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    const profile = mainNav(page).getByRole('button', { name: 'Profile' });
    // Wait until the closed menu has settled before opening it again from the keyboard.
    await expect.poll(() => profile.getAttribute('aria-expanded')).toBe('false');
    await profile.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expect.poll(focused).toBe('Dashboard');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Pricing & Billing');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/app/billing`);
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds Admin to the menu of an admin', async () => {
    const { page, context } = await openPage('/pricing', { session: await adminSession() });
    expect(await menuEntries(page)).toEqual([
      'Dashboard',
      'Pricing & Billing',
      'Settings',
      'Admin',
      'Sign Out',
    ]);
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL(`${baseUrl}/app/admin`);
    await context.close();
  });

  it('signs out from the menu and lands on /login', async () => {
    const session = await registerUser();
    const { page, context } = await openPage('/pricing', { session });
    await mainNav(page).getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const me = await fetch(`${baseUrl}/api/account/me`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.status).toBe(401);
    await context.close();
  });

  it('takes the scrolled style after 50 px of scroll', async () => {
    const { page, context } = await openPage('/');
    const header = page.locator('header').first();
    await mainNav(page).waitFor();
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    const shadow = await header.evaluate((element) => getComputedStyle(element).boxShadow);
    expect(shadow).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false');
    await context.close();
  });

  it('opens a menu of the same links at 390 px', async () => {
    const { page, context, errors } = await openPage('/', {
      width: 390,
      session: await registerUser(),
    });
    const button = page.getByRole('button', { name: 'Menu' });
    await button.waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Documentation' }).isVisible()).toBe(
      false,
    );
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    const controls = await button.getAttribute('aria-controls');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`#${controls}`);
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'Documentation',
      'Discord\n(opens in a new tab)',
      'Pricing',
      'Dashboard',
      'Pricing & Billing',
      'Settings',
    ]);
    expect(await menu.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL(`${baseUrl}/pricing`);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    // Nothing may stick out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

const appNav = (page: Page) => page.getByRole('navigation', { name: 'App' });
const APP_LINKS = ['Dashboard', 'Agents', 'Workspace', 'Registry', 'Settings', 'Billing', 'Docs'];

describe('app shell', () => {
  it('gives every signed-in page a side bar with each part of the app, and no site chrome', async () => {
    const { page, context, errors } = await openPage('/app/dashboard', {
      session: await registerUser(),
    });
    const nav = appNav(page);
    await nav.waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(APP_LINKS);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    const current = () => nav.locator('[aria-current="page"]').allInnerTexts();
    expect(await current()).toEqual(['Dashboard']);

    for (const [label, path, heading] of [
      ['Agents', '/app/agents', 'Autonomous Agent'],
      ['Workspace', '/app/workspace', 'Workspace'],
      ['Registry', '/app/workspace/registry', 'Registry'],
      ['Settings', '/app/settings', 'Settings'],
      ['Billing', '/app/billing', 'Pricing & Billing'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The side bar stays, and marks where the user is (Workspace only on its own page).
      expect(await current()).toEqual([label]);
    }
    // The docs are public pages: they open with the site's chrome.
    await nav.getByRole('link', { name: 'Docs' }).click();
    await page.waitForURL(`${baseUrl}/app/docs`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${baseUrl}/app/billing`);
    await nav.waitFor();

    await nav.getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/app/dashboard`);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds Admin for an admin', async () => {
    const { page, context } = await openPage('/app/settings', { session: await adminSession() });
    // The frame is drawn while the session is read; Admin joins once the user is known.
    await appNav(page).getByRole('link', { name: 'Admin' }).waitFor();
    expect(await appNav(page).getByRole('link').allInnerTexts()).toEqual([...APP_LINKS, 'Admin']);
    await appNav(page).getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL(`${baseUrl}/app/admin`);
    await context.close();
  });

  it('folds into a menu at 390 px that closes on a choice and on Escape', async () => {
    const { page, context, errors } = await openPage('/app/dashboard', {
      width: 390,
      session: await registerUser(),
    });
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    expect(await appNav(page).count()).toBe(0);
    const button = page.getByRole('button', { name: 'Menu' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await appNav(page).getByRole('link').allInnerTexts()).toEqual(APP_LINKS);
    await appNav(page).getByRole('link', { name: 'Agents' }).click();
    await page.waitForURL(`${baseUrl}/app/agents`);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await appNav(page).count()).toBe(0);

    // Escape at once, before the page had a frame to paint the menu: it still closes it.
    await button.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Menu',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('footer', () => {
  it('links the Platform, Resources and Company pages and the legal pages', async () => {
    const { page, context } = await openPage('/');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    for (const section of ['Platform', 'Resources', 'Company', 'Legal']) {
      expect(await footer.getByRole('navigation', { name: section }).count()).toBe(1);
    }
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of [
      '/app/docs',
      '/pricing',
      '/app/docs/quick-start',
      '/app/docs/commands',
      '/blog',
      '/help',
      '/faq',
      '/community',
      '/status',
      '/about',
      '/careers',
      '/press',
      '/contact',
      '/security',
      '/privacy',
      '/terms',
      '/cookies',
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()} Spoke`);
    await footer.getByRole('link', { name: 'Terms' }).click();
    await page.waitForURL(`${baseUrl}/terms`);
    await context.close();
  });
});

describe('routes and guards', () => {
  it.each([
    ['/app/blog', '/blog'],
    ['/app/blog/hello-world', '/blog/hello-world'],
    ['/docs', '/app/docs'],
  ])('redirects %s to %s', async (from, to) => {
    const { page, context } = await openPage(from);
    await page.waitForURL(`${baseUrl}${to}`);
    await context.close();
  });

  it('redirects /dashboard, /admin, /app and /app/profile for a signed-in admin', async () => {
    const { page, context } = await openPage('/dashboard', { session: await adminSession() });
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    for (const [from, to] of [
      ['/admin', '/app/admin'],
      ['/app', '/app/dashboard'],
      ['/app/profile', '/app/settings'],
    ] as const) {
      await gotoHydrated(page, `${baseUrl}${from}`);
      await page.waitForURL(`${baseUrl}${to}`);
    }
    await context.close();
  });

  it('shows the documentation to a visitor under /app/docs and /dev', async () => {
    const { page, context } = await openPage('/app/docs/quick-start');
    await page.getByRole('heading', { level: 1, name: 'Quick Start' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/app/docs/quick-start`);
    expect(await page.title()).toBe('Quick Start · Docs · Spoke');
    await gotoHydrated(page, `${baseUrl}/dev/commands`);
    await page.getByRole('heading', { level: 1, name: 'Commands' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/dev/commands`);
    await context.close();
  });

  it('sends a visitor from /app to /login and back to the asked page after signing in', async () => {
    const session = await registerUser();
    const { page, context } = await openPage('/app/billing');
    await page.waitForURL(`${baseUrl}/login?next=${encodeURIComponent('/app/billing')}`);
    await page.getByLabel(/email/i).fill(session.email);
    await page.getByLabel(/^password$/i).fill(session.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/billing`);
    await page.getByRole('heading', { level: 1, name: 'Pricing & Billing' }).waitFor();
    await context.close();
  });

  it('sends a signed-in user away from /login and /register', async () => {
    const { page, context } = await openPage('/login', { session: await registerUser() });
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await page.goto(`${baseUrl}/register`);
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await context.close();
  });

  it('shows Loading... while the session is checked', async () => {
    const session = await registerUser();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/no-such-page`);
    await page.evaluate((token) => localStorage.setItem('token', token), session.token);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/account/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/app/dashboard`);
    await page.getByText('Loading...').first().waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await context.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page, context } = await openPage('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await context.close();
  });

  it('reloads once when a page file is missing, then offers a retry', async () => {
    const { page, context } = await openPage('/app/dashboard', { session: await registerUser() });
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    let blocked = 0;
    await page.route(/\/js\/settings-[^/]+\.js$/, async (route) => {
      blocked += 1;
      await route.abort();
    });
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    // Exactly one automatic reload, onto the page that was asked for.
    expect(loads).toEqual([`${baseUrl}/app/settings`]);
    expect(blocked).toBeGreaterThanOrEqual(2);

    await page.unroute(/\/js\/settings-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('spoke.chunk-reloaded')))
      .toBeNull();
    await context.close();
  });
});
