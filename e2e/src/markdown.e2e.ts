import { BlogListSchema, envelope } from '@spoke/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gotoHydrated, launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function blogSlugs(): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/blog?page_size=50`);
  return envelope(BlogListSchema)
    .parse(await res.json())
    .data.posts.map((p) => p.slug);
}

// The payload corpus itself is proven inert in jsdom (components/markdown/xss-corpus.test.tsx):
// no page renders arbitrary Markdown yet. Here the real renderer runs over the real posts in
// Chromium, under the real CSP, and must leave nothing active behind.
describe('Markdown in the browser', () => {
  it('renders every blog post with nothing that runs script and no unsafe address', async () => {
    const slugs = await blogSlugs();
    expect(slugs.length).toBeGreaterThanOrEqual(5);
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });

    for (const slug of slugs) {
      await gotoHydrated(page, `${baseUrl}/blog/${slug}`);
      await page.locator('main article h1').waitFor();
      await page.locator('main article [data-code-toolbar]').first().waitFor();
      const found = await page.evaluate(() => {
        const allowed = new Set(['http:', 'https:', 'irc:', 'ircs:', 'mailto:', 'xmpp:']);
        const body = document.querySelector('main article');
        const issues: string[] = [];
        if ((window as { __xss?: unknown }).__xss !== undefined) issues.push('window.__xss set');
        if (!body) return ['no article'];
        const active = body.querySelectorAll(
          'script, iframe, object, embed, style, form, base, meta, link, input, textarea',
        );
        for (const el of active) issues.push(`<${el.localName}>`);
        for (const el of body.querySelectorAll('*')) {
          for (const { name, value } of el.attributes) {
            if (/^on/i.test(name) || name === 'style') issues.push(`${name} on <${el.localName}>`);
            if ((name === 'href' || name === 'src') && value !== '') {
              const protocol = new URL(value, location.href).protocol;
              if (!allowed.has(protocol)) issues.push(`${name}=${value}`);
            }
          }
        }
        return issues;
      });
      problems.push(...found.map((issue) => `${slug}: ${issue}`));
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the landing page loads neither the Markdown renderer nor the highlighter', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (/^\/js\/[^/]+\.js$/.test(new URL(response.url()).pathname)) {
        bodies.push(response.text());
      }
    });
    // Strings only the renderer's chunk and the highlighter's chunk contain.
    const loaded = async () => {
      const scripts = await Promise.all(bodies);
      return {
        count: scripts.length,
        renderer: scripts.some((s) => s.includes('Link to section: ')),
        highlighter: scripts.some((s) => s.includes('ignoreIllegals')),
      };
    };

    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const landing = await loaded();
    expect(landing.count).toBeGreaterThan(0);
    expect(landing).toMatchObject({ renderer: false, highlighter: false });

    bodies = [];
    await page.goto(`${baseUrl}/blog/the-spoke-cli-in-five-minutes`, { waitUntil: 'networkidle' });
    expect(await loaded()).toMatchObject({ renderer: true, highlighter: true });
    await context.close();
  });
});
