import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser, type Session } from './app-session.ts';
import { browserForFile, gotoHydrated } from './browser.ts';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

// Pages whose content arrives after the first paint: registry, server and workspace data, the
// pricing plans, the docs, and the landing's typed demo. Each must hold its shape while it loads.
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/pricing', signedIn: false },
  { path: '/app/docs', signedIn: false },
  { path: '/app/workspace/registry', signedIn: true },
  { path: '/app/workspace/registry/dev.spoke.catalog/github', signedIn: true },
  { path: '/app/workspace', signedIn: true },
] as const;
const WIDTHS = [1440, 390] as const;
const LIMIT = 0.05;

let session: Session;
beforeAll(async () => {
  session = await registerUser({ verified: true });
});

declare global {
  interface Window {
    __shifts: { value: number; sources: string[] }[];
  }
}

/** Collects every layout shift not caused by input, from the first paint on. */
function observeShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map((source) => {
        const node = source.node;
        if (!(node instanceof Element)) return node?.nodeName ?? '?';
        return `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 4).join('.')}`;
      });
      window.__shifts.push({ value: entry.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function shiftsOf(page: Page) {
  // Until the brand font is in and swapped, and the data has come: their shifts count.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  expect(
    await page.evaluate(() => document.fonts.check('600 16px "Plus Jakarta Sans Variable"')),
  ).toBe(true);
  await page.waitForTimeout(1000);
  return page.evaluate(() => window.__shifts);
}

describe('cumulative layout shift', () => {
  for (const width of WIDTHS) {
    for (const { path, signedIn } of PAGES) {
      it(`stays under ${LIMIT} on ${path} at ${width} px`, async () => {
        const context = await browser().newContext({ viewport: { width, height: 900 } });
        if (signedIn) {
          await context.addInitScript(
            (token) => localStorage.setItem('token', token),
            session.token,
          );
        }
        await context.addInitScript(observeShifts);
        const page = await context.newPage();
        await gotoHydrated(page, `${baseUrl}${path}`);
        const shifts = await shiftsOf(page);
        await context.close();
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        console.log(
          `CLS ${total.toFixed(4)}  ${path} @ ${width}px`,
          shifts.map((shift) => `${shift.value.toFixed(4)} ${shift.sources.join(' ')}`),
        );
        expect(total).toBeLessThan(LIMIT);
      });
    }
  }
});

describe('brand identity', () => {
  it('sets text in the brand typeface and draws the registry’s integrations with their logos', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((token) => localStorage.setItem('token', token), session.token);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/app/workspace/registry?q=github`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'GitHub', exact: true }) });
    await card.waitFor();
    expect(await card.locator('[data-logo]').first().getAttribute('data-logo')).toBe('GitHub');
    expect(await card.locator('[data-logo] svg path').first().getAttribute('d')).toMatch(/^M12/);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toMatch(/^"Plus Jakarta Sans Variable"/);
    await context.close();
  });
});
