import { BlogListSchema, envelope, type BlogPostSummary } from '@spoke/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gotoHydrated, launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const POST = 'the-spoke-cli-in-five-minutes';
let browser: Browser;
let posts: BlogPostSummary[];

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseUrl}/api/blog?page_size=50`);
  posts = envelope(BlogListSchema).parse(await res.json()).data.posts;
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(path: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `${baseUrl}${path}`);
  return { page, context };
}

function cardTitles(page: Page): Promise<string[]> {
  return page.locator('main article h2').allInnerTexts();
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

describe('blog list', () => {
  it('shows every post, newest first, with its date, author, summary, tags and reading time', async () => {
    expect(posts.length).toBeGreaterThanOrEqual(5);
    const { page, context } = await openPage('/blog');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await expect.poll(() => cardTitles(page)).toEqual(posts.map((p) => p.title));
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());

    for (const post of posts) {
      const card = page.locator('main article').filter({ hasText: post.title });
      const text = await card.innerText();
      expect(text).toContain(longDate(post.date));
      expect(text).toContain(post.author);
      expect(text).toContain(post.summary);
      expect(text).toContain(`${post.reading_minutes} min read`);
      expect(await card.getByRole('listitem').count()).toBe(post.tags.length);
      expect(await card.getByRole('link', { name: post.title }).getAttribute('href')).toBe(
        `/blog/${post.slug}`,
      );
    }
    expect(await page.title()).toBe('Blog · Spoke');
    const feed = page.getByRole('link', { name: 'RSS feed' });
    expect(await feed.getAttribute('href')).toBe('/blog/rss.xml');
    expect(
      await page.locator('head link[rel="alternate"][type="application/rss+xml"]').count(),
    ).toBe(1);
    await context.close();
  });

  it('narrows to a tag, keeps it in the URL, and "All" clears it', async () => {
    const tagged = posts.filter((p) => p.tags.includes('cli'));
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.length).toBeLessThan(posts.length);
    const { page, context } = await openPage('/blog');
    const filter = page.getByRole('navigation', { name: 'Filter posts by tag' });
    await filter.getByRole('link', { name: /^CLI/ }).click();
    await page.waitForURL(/\/blog\?tag=cli$/);
    await expect.poll(() => cardTitles(page)).toEqual(tagged.map((p) => p.title));
    expect(await filter.getByRole('link', { name: /^CLI/ }).getAttribute('aria-current')).toBe(
      'true',
    );

    await page.reload();
    await expect.poll(() => cardTitles(page)).toEqual(tagged.map((p) => p.title));

    await filter.getByRole('link', { name: 'All' }).click();
    await page.waitForURL(/\/blog$/);
    await expect.poll(() => cardTitles(page)).toEqual(posts.map((p) => p.title));
    await context.close();
  });

  it('a tag chip on a card filters the list by that tag', async () => {
    const { page, context } = await openPage('/blog');
    const card = page.locator('main article').filter({ hasText: posts[0]!.title });
    const tag = posts[0]!.tags[0]!;
    await card.getByRole('list', { name: 'Tags' }).getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/blog\\?tag=${tag}$`));
    await expect
      .poll(() => cardTitles(page))
      .toEqual(posts.filter((p) => p.tags.includes(tag)).map((p) => p.title));
    await context.close();
  });
});

describe('blog post', () => {
  it('shows the post with its metadata, heading anchors and labelled, highlighted code', async () => {
    const post = posts.find((p) => p.slug === POST)!;
    const { page, context } = await openPage(`/blog/${POST}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    expect(await page.title()).toBe(`${post.title} · Spoke`);
    const header = await page.locator('main article header').innerText();
    expect(header).toContain(longDate(post.date));
    expect(header).toContain(post.author);
    expect(header).toContain(`${post.reading_minutes} min read`);
    const tagLinks = page.locator('main article header').getByRole('link');
    expect(await tagLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      post.tags.map((t) => `/blog?tag=${t}`),
    );

    const h2 = page.locator('main article h2').first();
    const id = await h2.getAttribute('id');
    expect(id).toMatch(/^[a-z0-9-]+$/);
    const anchor = page.getByRole('link', { name: `Link to section: ${await h2.innerText()}` });
    expect(await anchor.getAttribute('href')).toBe(`#${id}`);
    await anchor.focus();
    await expect.poll(() => anchor.evaluate((a) => getComputedStyle(a).opacity)).toBe('1');

    const labels = await page.locator('[data-code-toolbar] > span:first-child').allInnerTexts();
    expect(labels).toContain('sh');
    expect(labels).toContain('text');
    const codeLanguages = await page
      .locator('pre code')
      .evaluateAll((codes) => codes.map((c) => c.className.match(/language-(\S+)/)?.[1]));
    expect(labels).toEqual(codeLanguages);
    await expect
      .poll(() => page.locator('pre code [class^="hljs-"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Back to the blog' }).first().click();
    await page.waitForURL(/\/blog$/);
    await context.close();
  });

  it("Copy puts the code on the clipboard and reads 'Copied!' for 2 seconds", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    await gotoHydrated(page, `${baseUrl}/blog/${POST}`);
    const block = page.locator('main article [data-code-toolbar]').first().locator('..');
    const copy = block.getByRole('button', { name: 'Copy', exact: true });
    await copy.waitFor();
    const code = await block.locator('pre code').evaluate((c) => c.textContent ?? '');

    // (Read before the click: the page starts its 2 seconds during it, so this bounds that start
    // from below, however late the click returns on a loaded machine.)
    const clicked = Date.now();
    await copy.click();
    await block.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(await block.getByRole('status').innerText()).toBe('Code copied to clipboard');

    await page.waitForTimeout(Math.max(0, 1500 - (Date.now() - clicked)));
    expect(await block.getByRole('button', { name: 'Copied!' }).count()).toBe(1);
    await block
      .getByRole('button', { name: 'Copy', exact: true })
      .waitFor({ timeout: Math.max(1, 3000 - (Date.now() - clicked)) });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1900);
    await context.close();
  });

  it('links to the neighbouring posts', async () => {
    const index = posts.findIndex((p) => p.slug === POST);
    const { page, context } = await openPage(`/blog/${POST}`);
    const more = page.getByRole('navigation', { name: 'More posts' });
    await more.waitFor();
    await more.getByRole('link', { name: new RegExp(posts[index + 1]!.title) }).click();
    await page.getByRole('heading', { level: 1, name: posts[index + 1]!.title }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/blog/${posts[index + 1]!.slug}`);
    await context.close();
  });

  it('an unknown slug shows "Post not found" with a link back to the blog', async () => {
    const { page, context } = await openPage('/blog/no-such-post');
    await page.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
    expect(await page.title()).toBe('Post not found · Spoke');
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await page.waitForURL(/\/blog$/);
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await context.close();
  });

  it('/app/blog/<slug> goes to /blog/<slug>', async () => {
    const { page, context } = await openPage(`/app/blog/${POST}`);
    await page.waitForURL(`${baseUrl}/blog/${POST}`);
    await page
      .getByRole('heading', { level: 1, name: posts.find((p) => p.slug === POST)!.title })
      .waitFor();
    await context.close();
  });
});

describe('RSS feed', () => {
  it('is valid RSS 2.0 with one item per post', async () => {
    const res = await fetch(`${baseUrl}/blog/rss.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await res.text();

    const { page, context } = await openPage('/blog');
    const feed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      const text = (parent: Element, tag: string) =>
        parent.getElementsByTagName(tag)[0]?.textContent ?? null;
      const channel = doc.querySelector('rss > channel');
      return {
        parserErrors: doc.getElementsByTagName('parsererror').length,
        root: doc.documentElement.nodeName,
        version: doc.documentElement.getAttribute('version'),
        channel: channel && {
          title: text(channel, 'title'),
          link: text(channel, 'link'),
          description: text(channel, 'description'),
        },
        items: [...doc.querySelectorAll('rss > channel > item')].map((item) => ({
          title: text(item, 'title'),
          link: text(item, 'link'),
          guid: text(item, 'guid'),
          pubDate: text(item, 'pubDate'),
        })),
      };
    }, xml);
    await context.close();

    expect(feed.parserErrors).toBe(0);
    expect(feed.root).toBe('rss');
    expect(feed.version).toBe('2.0');
    expect(feed.channel?.title).toBeTruthy();
    expect(feed.channel?.link).toBeTruthy();
    expect(feed.channel?.description).toBeTruthy();
    expect(feed.items).toHaveLength(posts.length);
    for (const [index, post] of posts.entries()) {
      const item = feed.items[index]!;
      expect(item.title).toBe(post.title);
      expect(item.link).toMatch(new RegExp(`/blog/${post.slug}$`));
      expect(item.guid).toBeTruthy();
      expect(new Date(item.pubDate ?? '').toISOString().slice(0, 10)).toBe(post.date);
    }
  });
});
