import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gotoHydrated, launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const docsDir = path.resolve(import.meta.dirname, '../../content/docs');

const TABS = [
  'overview',
  'installation',
  'quick-start',
  'commands',
  'api',
  'registry',
  'enterprise',
];
const DEMO_COMMANDS = [
  'spoke init my-workspace',
  'spoke discover github --limit 5',
  'spoke install io.github.modelcontextprotocol/server-filesystem',
  'spoke tools filesystem',
  'spoke serve --http 8080',
  'spoke export --client claude-desktop',
];

/** A tab's chapter and section files, read the way an editor sees them. */
function tabContent(tab: string) {
  const field = (text: string, key: string) =>
    new RegExp(`^${key}:\\s*(.+)$`, 'm')
      .exec(text)?.[1]
      ?.trim()
      .replace(/^"(.*)"$/, '$1');
  const chapter = readFileSync(path.join(docsDir, tab, '_chapter.md'), 'utf8');
  const sections = readdirSync(path.join(docsDir, tab))
    .filter((name) => /^\d+-.+\.md$/.test(name))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(docsDir, tab, name), 'utf8');
      return { id: name.replace(/^\d+-|\.md$/g, ''), title: field(text, 'title') };
    });
  return {
    title: field(chapter, 'title'),
    icon: field(chapter, 'icon'),
    description: field(chapter, 'description'),
    sections,
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(url: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await gotoHydrated(page, `${baseUrl}${url}`);
  return { page, context, errors };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

describe('docs home', () => {
  it('is public and shows the stat cards, chapter cards without ratings and the two buttons', async () => {
    const { page, context, errors } = await openPage('/app/docs');
    await h1(page).filter({ hasText: 'Spoke CLI Documentation' }).waitFor();
    expect(pathOf(page)).toBe('/app/docs');
    expect(await page.title()).toBe('Documentation · Spoke');

    const stats = await page
      .getByTestId('stat-card')
      .evaluateAll((cards) =>
        cards.map((card) => [
          card.querySelector('dt')?.textContent,
          card.querySelector('dd')?.textContent,
        ]),
      );
    expect(stats).toEqual([
      ['Startup time', '< 200 ms'],
      ['Workspace creation', '< 5 s'],
      ['Server install', '< 30 s'],
      ['Memory use', '< 50 MB'],
    ]);

    const cards = page.getByTestId('chapter-card');
    expect(await cards.count()).toBe(TABS.length);
    for (const [i, tab] of TABS.entries()) {
      const { title, description, sections } = tabContent(tab);
      const card = cards.nth(i);
      expect(await card.getAttribute('href')).toBe(`/app/docs/${tab}`);
      expect(await card.getByRole('heading').innerText()).toBe(title);
      expect(await card.getByTestId('section-count').innerText()).toBe(
        `${sections.length} sections`,
      );
      // What the chapter is and holds, and nothing made up: no star rating.
      expect(await card.evaluate((el) => el.textContent)).toBe(
        `${title}${description}${sections.length} sections`,
      );
    }

    const main = page.locator('main');
    const github = main.getByRole('link', { name: /GitHub/ });
    expect(await github.getAttribute('href')).toBe('https://github.com/spoke-dev/spoke');
    expect(await github.getAttribute('target')).toBe('_blank');
    expect(await github.getAttribute('rel')).toBe('noopener noreferrer');
    await main.getByRole('link', { name: 'Quick Start', exact: true }).click();
    await page.waitForURL(/\/app\/docs\/quick-start$/);
    await h1(page)
      .filter({ hasText: tabContent('quick-start').title })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('types the CLI demo under normal motion', async () => {
    const { page, context } = await openPage('/app/docs');
    const text = page.getByTestId('cli-demo-text');
    await text.waitFor();
    const seen: string[] = [];
    const start = Date.now();
    while (Date.now() - start < 2500) {
      seen.push(await text.innerText());
      await page.waitForTimeout(100);
    }
    const lengths = seen.map((value) => value.length);
    expect(Math.max(...lengths)).toBeGreaterThan(Math.min(...lengths));
    for (const value of seen) expect(DEMO_COMMANDS[0]!.startsWith(value)).toBe(true);
    // 23 characters at 50-80 ms each: the first command is whole well within 2.5 s.
    expect(seen).toContain(DEMO_COMMANDS[0]);
    await context.close();
  });

  it('shows every command, still, under reduced motion', async () => {
    const { page, context } = await openPage('/app/docs', { reducedMotion: 'reduce' });
    const demo = page.getByTestId('cli-demo');
    await demo.waitFor();
    expect(await demo.getAttribute('data-animated')).toBe('false');
    const first = await demo.innerText();
    for (const command of DEMO_COMMANDS) expect(first).toContain(command);
    await page.waitForTimeout(500);
    expect(await demo.innerText()).toBe(first);
    await context.close();
  });
});

describe('docs tabs', () => {
  it.each(TABS)(
    '/app/docs/%s shows its icon, title, description and section cards',
    async (tab) => {
      const { page, context, errors } = await openPage(`/app/docs/${tab}`);
      const { title, icon, description, sections } = tabContent(tab);
      await h1(page).filter({ hasText: title! }).waitFor();
      expect(await page.title()).toBe(`${title} · Docs · Spoke`);
      const iconBox = page.getByTestId('tab-icon');
      expect(await iconBox.getAttribute('data-icon')).toBe(icon);
      expect(await iconBox.locator('svg').count()).toBe(1);
      await page.getByText(description!, { exact: true }).waitFor();

      const cards = page.getByTestId('section-card');
      expect(await cards.count()).toBe(sections.length);
      for (const [i, section] of sections.entries()) {
        const card = cards.nth(i);
        expect(await card.getAttribute('href')).toBe(`/app/docs/${tab}/${section.id}`);
        expect(await card.getByRole('heading').innerText()).toBe(section.title);
        expect(await card.innerText()).toContain('Read Article →');
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a section without a description reads "Learn more about this topic"', async () => {
    const { page, context } = await openPage('/app/docs/quick-start');
    const card = page.getByTestId('section-card').filter({ hasText: 'Next steps' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Learn more about this topic');
    const described = page
      .getByTestId('section-card')
      .filter({ hasText: 'Learn more about this topic' });
    expect(await described.count()).toBe(1);
    await context.close();
  });
});

describe('docs section page', () => {
  it('shows the title, content, a labelled code block, the way back and its neighbours', async () => {
    const { page, context, errors } = await openPage('/app/docs/commands/servers');
    await h1(page).filter({ hasText: 'Servers' }).waitFor();
    expect(await page.title()).toBe('Servers · Docs · Spoke');
    const article = page.locator('article');
    expect(await article.innerText()).toContain('spoke discover');
    const toolbar = article.locator('[data-code-toolbar]').first();
    await toolbar.waitFor();
    expect((await toolbar.innerText()).split('\n')[0]).toMatch(/^[a-z]+$/);
    expect(await toolbar.getByRole('button', { name: 'Copy' }).count()).toBe(1);

    const pager = page.getByRole('navigation', { name: 'Previous and next' });
    expect(await pager.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe(
      '/app/docs/commands/workspaces',
    );
    expect(await pager.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe(
      '/app/docs/commands/running-and-serving',
    );

    await page.getByRole('link', { name: 'Back to Documentation' }).click();
    await page.waitForURL(/\/app\/docs\/commands$/);
    await h1(page).filter({ hasText: 'Commands' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links the last section of a tab to the first of the next', async () => {
    const { page, context } = await openPage('/app/docs/overview/platform-and-cli');
    const next = page
      .getByRole('navigation', { name: 'Previous and next' })
      .getByRole('link', { name: /Next/ });
    const first = tabContent('installation').sections[0]!;
    expect(await next.getAttribute('href')).toBe(`/app/docs/installation/${first.id}`);
    await next.click();
    await h1(page).filter({ hasText: first.title! }).waitFor();
    await context.close();
  });

  it('jumps to a heading from the table of contents, and to the hash on arrival', async () => {
    const { page, context } = await openPage('/app/docs/commands/servers', {
      viewport: { width: 1440, height: 900 },
    });
    const toc = page.getByRole('navigation', { name: 'On this page' }).filter({ visible: true });
    await toc.getByRole('link', { name: 'spoke install', exact: true }).click();
    await page.waitForURL(/#spoke-install$/);
    const heading = page.locator('h2#spoke-install');
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await heading.boundingBox())!.y).toBeLessThan(300);

    await gotoHydrated(page, `${baseUrl}/app/docs/commands/servers#spoke-update`);
    const update = page.locator('h2#spoke-update');
    await expect.poll(async () => (await update.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await update.boundingBox())!.y).toBeLessThan(300);
    await context.close();
  });

  it('copies a code block to the clipboard and says Copied! for 2 seconds', async () => {
    const { page, context } = await openPage('/app/docs/quick-start/create-a-workspace');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const block = page.locator('article [data-code-toolbar]').first().locator('..');
    const copy = block.getByRole('button', { name: 'Copy' });
    await copy.waitFor();
    const code = await block.locator('pre code').innerText();
    // (Read before the click: the page starts its 2 seconds during it, so this bounds that start
    // from below, however late the click returns on a loaded machine.)
    const clicked = Date.now();
    await copy.click();
    await block.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code.trimEnd());
    await page.waitForTimeout(Math.max(0, 1500 - (Date.now() - clicked)));
    expect(await block.getByRole('button', { name: 'Copied!' }).count()).toBe(1);
    await block
      .getByRole('button', { name: 'Copy', exact: true })
      .waitFor({ timeout: Math.max(1, 3000 - (Date.now() - clicked)) });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1900);
    await context.close();
  });
});

describe('docs paths', () => {
  it('an unknown tab is Coming Soon, with a way back', async () => {
    const { page, context } = await openPage('/app/docs/billing');
    await h1(page).filter({ hasText: 'Coming Soon' }).waitFor();
    await page
      .getByText('This documentation section is being crafted with care. Check back soon!')
      .waitFor();
    await page.getByRole('link', { name: 'Back to Documentation' }).click();
    await page.waitForURL(/\/app\/docs$/);
    await h1(page).filter({ hasText: 'Spoke CLI Documentation' }).waitFor();
    await context.close();
  });

  it.each(['/app/docs/api/nope', '/app/docs/a/b/c', '/app/docs/billing/plans'])(
    '%s redirects to /app/docs',
    async (url) => {
      const { page, context } = await openPage(url);
      await page.waitForURL(/\/app\/docs$/);
      await h1(page).filter({ hasText: 'Spoke CLI Documentation' }).waitFor();
      await context.close();
    },
  );

  it('/app/docs/docs maps to the overview tab, and /docs to /app/docs', async () => {
    const { page, context } = await openPage('/app/docs/docs');
    await page.waitForURL(/\/app\/docs\/overview$/);
    await h1(page)
      .filter({ hasText: tabContent('overview').title! })
      .waitFor();
    await gotoHydrated(page, `${baseUrl}/app/docs/docs/what-is-spoke`);
    await page.waitForURL(/\/app\/docs\/overview\/what-is-spoke$/);
    await gotoHydrated(page, `${baseUrl}/docs`);
    await page.waitForURL(/\/app\/docs$/);
    await h1(page).filter({ hasText: 'Spoke CLI Documentation' }).waitFor();
    await context.close();
  });

  it('serves the same pages under /dev, keeping the reader there', async () => {
    const { page, context, errors } = await openPage('/dev/commands/servers');
    await h1(page).filter({ hasText: 'Servers' }).waitFor();
    expect(await page.locator('article').innerText()).toContain('spoke discover');
    expect(
      await page.getByRole('link', { name: 'Back to Documentation' }).getAttribute('href'),
    ).toBe('/dev/commands');
    // Content links are written as /app/docs/...; followed from /dev, they stay under /dev.
    await page
      .locator('article')
      .getByRole('link', { name: 'Running and serving' })
      .first()
      .click();
    await page.waitForURL(/\/dev\/commands\/running-and-serving$/);
    await h1(page).filter({ hasText: 'Running and serving' }).waitFor();
    await gotoHydrated(page, `${baseUrl}/dev`);
    await h1(page).filter({ hasText: 'Spoke CLI Documentation' }).waitFor();
    await gotoHydrated(page, `${baseUrl}/dev/billing`);
    await h1(page).filter({ hasText: 'Coming Soon' }).waitFor();
    await gotoHydrated(page, `${baseUrl}/dev/a/b/c`);
    await page.waitForURL(/\/dev$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('docs search', () => {
  it('"/" focuses the box, results highlight the match, Enter opens the section', async () => {
    const { page, context, errors } = await openPage('/app/docs');
    await h1(page).waitFor();
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search documentation' });
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('lockfile');
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBeGreaterThan(1);
    expect((await options.first().locator('mark').first().innerText()).toLowerCase()).toBe(
      'lockfile',
    );
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    const title = (await options.nth(1).locator('p').first().innerText()).trim();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/docs\/[^/]+\/[^/]+$/);
    await h1(page).filter({ hasText: title }).waitFor();

    await page.keyboard.press('/');
    await page.keyboard.type('qqqzzz');
    await page.getByText('No results for “qqqzzz”').waitFor();
    await page.keyboard.press('Escape');
    expect(await box.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
