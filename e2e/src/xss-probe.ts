import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PAGE_BOOT_SCRIPT } from '@spoke/shared/page-boot';
import { gotoHydrated } from './browser.ts';

/**
 * Script-injection payloads for one field. Each would call `xss('<field>')` if it ever ran, so a
 * failure names the field; the first one is always there (for short fields it is the only one).
 */
export function payload(field: string, max = 2000): string {
  const vectors = [
    `<img src=x onerror=xss('${field}')>`,
    `"><svg onload=xss('${field}-svg')>`,
    `<script>xss('${field}-script')</script>`,
    `[open](javascript:xss('${field}-md'))`,
    `<a href="javascript:xss('${field}-a')">a</a>`,
    `javascript:xss('${field}-url')`,
    `<img src=y onerror=alert('${field}')>`,
  ];
  let text = vectors[0] ?? '';
  for (const vector of vectors.slice(1)) {
    if (text.length + 1 + vector.length <= max) text = `${text} ${vector}`;
  }
  return text;
}

/** The part of a field's payload that shows on a page only if it is rendered as text. */
export const shownAsText = (field: string) => `onerror=xss('${field}')`;

export interface Probe {
  page: Page;
  context: BrowserContext;
  /** Every URL the browser requested. */
  urls: string[];
  /** Open a path and prove the payloads there are inert and shown as text. */
  expectInert: (
    path: string,
    fields: string[],
    ready?: (page: Page) => Promise<void>,
  ) => Promise<void>;
  /** The same proofs on the page as it is now (after a click that opened something). */
  expectInertHere: (fields: string[], what: string) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A browser context that would let an injected payload run: the CSP is bypassed, so only the
 * app's own escaping stands between the payloads and the page, and `xss()` records any call.
 */
export async function openProbe(browser: Browser, baseUrl: string, token: string): Promise<Probe> {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript(() => {
    const fired: string[] = [];
    Object.assign(window, { __xssFired: fired, xss: (id: string) => fired.push(id) });
  });
  const page = await context.newPage();
  const urls: string[] = [];
  const dialogs: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    // An injected <img src=x> or src=y would fetch these.
    if (/\/(x|y)$/.test(new URL(request.url()).pathname))
      problems.push(`requested ${request.url()}`);
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /xss|onerror|javascript:/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  await page.goto(`${baseUrl}/no-such-page`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);

  const expectInertHere = async (fields: string[], what: string) => {
    // Give anything injected the time to load and fire.
    await page.waitForLoadState('networkidle');
    const found = await page.evaluate((boot) => {
      const shown = [
        document.body.innerText,
        ...[...document.querySelectorAll('input, textarea')].map(
          (field) => (field as HTMLInputElement).value,
        ),
      ].join('\n');
      const injected: string[] = [];
      for (const element of document.querySelectorAll('*')) {
        for (const attribute of element.attributes) {
          const name = attribute.name.toLowerCase();
          if (name.startsWith('on')) injected.push(`${element.tagName} ${name}`);
          if (
            ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name) &&
            /^\s*(javascript|vbscript|data:text\/html)/i.test(attribute.value)
          ) {
            injected.push(`${element.tagName} ${name}=${attribute.value}`);
          }
        }
      }
      for (const script of document.querySelectorAll('script')) {
        // A prerendered page's hydration data: JSON, which the browser never runs.
        if (script.id === 'prerender-data' && script.type === 'application/json') continue;
        // ... and its boot script, to the letter (the CSP allows that text alone).
        if (!script.src && script.type === 'module' && script.textContent === boot) continue;
        const src = script.getAttribute('src') ?? '';
        if (!src.startsWith('/js/')) injected.push(script.outerHTML);
      }
      for (const frame of document.querySelectorAll('iframe, object, embed')) {
        injected.push(frame.outerHTML);
      }
      const links = [...document.querySelectorAll('a[href]')].map(
        (a) => (a as HTMLAnchorElement).protocol,
      );
      return {
        shown,
        injected,
        badLinks: links.filter((protocol) => !['http:', 'https:', 'mailto:'].includes(protocol)),
        fired: (window as unknown as { __xssFired: string[] }).__xssFired,
      };
    }, PAGE_BOOT_SCRIPT);
    expect(found.fired, `${what}: payloads that ran`).toEqual([]);
    expect(dialogs, `${what}: dialogs`).toEqual([]);
    expect(found.injected, `${what}: injected markup`).toEqual([]);
    expect(found.badLinks, `${what}: links that are not http(s) or mailto`).toEqual([]);
    expect(problems, `${what}: errors`).toEqual([]);
    for (const field of fields) {
      expect(found.shown, `${what}: ${field} shown as text`).toContain(shownAsText(field));
    }
  };

  return {
    page,
    context,
    urls,
    expectInertHere,
    async expectInert(path, fields, ready) {
      // What the previous page did is its own check's business.
      dialogs.length = 0;
      problems.length = 0;
      await gotoHydrated(page, `${baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
      if (ready) await ready(page);
      await expectInertHere(fields, path);
    },
    close: () => context.close(),
  };
}
