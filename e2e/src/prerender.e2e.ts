import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { parseFrontMatter } from '@spoke/shared';
import { registerUser, type Session } from './app-session.ts';
import { browserForFile } from './browser.ts';

const baseUrl = inject('baseUrl');
const content = path.resolve(import.meta.dirname, '../../content');
const browser = browserForFile();

/** A content file's front matter, as an editor wrote it. */
function frontMatter(file: string): Record<string, unknown> {
  const text = readFileSync(path.join(content, file), 'utf8');
  return parseFrontMatter(text, file).data as Record<string, unknown>;
}

const post = frontMatter('blog/introducing-spoke.md');
const about = frontMatter('pages/about.md');
const section = frontMatter('docs/overview/01-what-is-spoke.md');

/** One page of each kind the build prerenders, with its heading and some of its text. */
const PAGES: { path: string; heading: string | RegExp; text: string | RegExp }[] = [
  { path: '/', heading: /\S/, text: /Spoke/ },
  { path: '/pricing', heading: 'Pricing', text: /Free/ },
  { path: '/about', heading: String(about.title), text: String(about.description) },
  { path: '/contact', heading: 'Contact us', text: /a person will read it/ },
  { path: '/status', heading: 'System status', text: /Live status of the Spoke API/ },
  { path: '/app/docs', heading: 'Spoke CLI Documentation', text: /Quick Start/ },
  { path: '/app/docs/quick-start', heading: 'Quick Start', text: /spoke/ },
  {
    path: '/app/docs/overview/what-is-spoke',
    heading: String(section.title),
    text: /Spoke/,
  },
  { path: '/dev/commands', heading: 'Commands', text: /spoke/ },
  { path: '/blog', heading: 'Blog', text: String(post.title) },
  { path: '/blog/introducing-spoke', heading: String(post.title), text: String(post.summary) },
];

interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, and uncaught errors (React reports hydration errors so). */
  problems: string[];
}

async function open(
  path: string,
  {
    javaScript = true,
    session,
    width = 1280,
  }: {
    javaScript?: boolean;
    session?: Session;
    width?: number;
  } = {},
): Promise<Watched> {
  const context = await browser().newContext({
    javaScriptEnabled: javaScript,
    viewport: { width, height: 800 },
  });
  if (session) {
    await context.addInitScript((token) => localStorage.setItem('token', token), session.token);
  }
  // The page's own heading element, before any script of the page runs: hydration keeps it,
  // where a fresh render would replace it.
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as { prerenderedHeading?: Element | null }).prerenderedHeading =
          document.querySelector('main h1');
      }
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  const response = await page.goto(`${baseUrl}${path}`);
  expect(response?.status(), path).toBe(200);
  return { page, context, problems };
}

/** Resolves once React owns the page: the menu button opens the menu (at phone width). */
async function hydrated(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect
    // On a busy machine hydration can take seconds.
    .poll(
      async () => {
        await menu.click();
        return menu.getAttribute('aria-expanded');
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe('true');
  await menu.click();
}

async function keptHeading(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      (window as { prerenderedHeading?: Element | null }).prerenderedHeading ===
      document.querySelector('main h1'),
  );
}

describe('prerendered public pages', () => {
  it.each(PAGES)(
    '$path shows its heading and text without JavaScript',
    async ({ path, heading, text }) => {
      const { page, context } = await open(path, { javaScript: false });
      const h1 = page.locator('main h1');
      await expect.poll(() => h1.count()).toBe(1);
      const headingText = (await h1.textContent())?.trim() ?? '';
      if (typeof heading === 'string') expect(headingText).toBe(heading);
      else expect(headingText).toMatch(heading);
      const main = (await page.locator('main').textContent()) ?? '';
      if (typeof text === 'string') expect(main).toContain(text);
      else expect(main).toMatch(text);
      // Not a placeholder: the page's own content, and the page's own tab title.
      expect(main).not.toMatch(/Loading\.\.\./);
      expect(main.length).toBeGreaterThan(150);
      if (path !== '/') expect(await page.title()).toMatch(/ · Spoke$/);
      await context.close();
    },
  );

  it.each(PAGES)('$path hydrates signed out without an error or warning', async ({ path }) => {
    const { page, context, problems } = await open(path, { width: 390 });
    await hydrated(page);
    expect(await keptHeading(page), 'the prerendered heading is still the one shown').toBe(true);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hydrates signed in without an error; the navbar then shows the account control', async () => {
    const session = await registerUser();
    for (const path of ['/', '/pricing', '/app/docs/quick-start', '/blog/introducing-spoke']) {
      const { page, context, problems } = await open(path, { session });
      await page.getByRole('button', { name: 'Profile' }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      expect(await keptHeading(page), path).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      await context.close();
    }
  });

  it('navigates in the page from a prerendered page to another page and into the app', async () => {
    const session = await registerUser();
    const { page, context, problems } = await open('/pricing', { session });
    await page.getByRole('button', { name: 'Profile' }).waitFor();
    // A full page load would lose this.
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    const samePage = () =>
      page.evaluate(() => (window as { samePage?: boolean }).samePage === true);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Documentation' })
      .click();
    await page.waitForURL(`${baseUrl}/app/docs`);
    await page.getByRole('heading', { level: 1, name: 'Spoke CLI Documentation' }).waitFor();
    expect(await samePage()).toBe(true);

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await samePage()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a page the build did not prerender still renders in the browser (signed out, /login)', async () => {
    const { page, context, problems } = await open('/login');
    const html = await (await fetch(`${baseUrl}/login`)).text();
    expect(html).not.toContain('id="prerender-data"');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * Every element's computed style, in document order, as `index tag property: value` lines, with
 * its animations held at their start (a pulsing dot is otherwise caught at another opacity).
 */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    return [...document.querySelectorAll('body, body *')].flatMap((element, index) => {
      const style = getComputedStyle(element);
      return [...style].map(
        (property) =>
          `${index} ${element.tagName} ${property}: ${style.getPropertyValue(property)}`,
      );
    });
  });
}

describe('a prerendered page before its first paint', () => {
  it.each(PAGES)('$path fetches nothing beside its HTML before it paints', async ({ path }) => {
    const { page, context, problems } = await open(path, { width: 390 });
    await hydrated(page);
    const early = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      if (!paint) return null;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < paint.startTime)
        .map((entry) => entry.name);
    });
    expect(early, 'requests started before the first contentful paint').toEqual([]);
    // The app then runs as ever: its whole stylesheets are linked before it starts.
    const linked = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-href]')].map((style) => {
        const href = (style as HTMLElement).dataset.href!;
        return document.querySelector(`link[rel="stylesheet"][href="${href}"]`) !== null;
      }),
    );
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.every(Boolean)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  // The page carries the rules it uses; the whole stylesheets arrive after it has painted. Were
  // a rule it needs left out, the page would change then (a shift, a colour, a font).
  it.each(PAGES)(
    '$path looks the same before and after its whole stylesheets arrive',
    async ({ path }) => {
      for (const width of [1440, 390]) {
        const context = await browser().newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        // The page without its boot script: it stays as the build wrote it.
        await page.route(`${baseUrl}${path}`, async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace(
            /<script type="module" data-app="[^"]+">[\s\S]*?<\/script>/,
            '',
          );
          await route.fulfill({ response, body: html });
        });
        await page.goto(`${baseUrl}${path}`);
        const before = await computedStyles(page);
        const sheets = await page.evaluate(async () => {
          const styles = [...document.querySelectorAll('style[data-href]')];
          await Promise.all(
            styles.map(
              (style) =>
                new Promise((resolve, reject) => {
                  const link = document.createElement('link');
                  link.rel = 'stylesheet';
                  link.href = (style as HTMLElement).dataset.href!;
                  link.onload = resolve;
                  link.onerror = reject;
                  document.head.append(link);
                }),
            ),
          );
          return styles.length;
        });
        expect(sheets, `${path} at ${width} px: inline style elements`).toBeGreaterThan(0);
        const after = await computedStyles(page);
        const had = new Set(before);
        const has = new Set(after);
        const changed = [
          ...before.filter((line) => !has.has(line)).map((line) => `- ${line}`),
          ...after.filter((line) => !had.has(line)).map((line) => `+ ${line}`),
        ];
        expect(
          changed.slice(0, 10),
          `${path} at ${width} px: styles the stylesheets changed`,
        ).toEqual([]);
        await context.close();
      }
    },
  );
});
