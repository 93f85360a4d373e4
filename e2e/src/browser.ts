import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium (or CHROME_PATH); a test never downloads a browser. */
export const chromiumPath = (): string => process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/**
 * One browser for a test file: launched before its tests, closed after them. Call it at the top
 * level of the file; the function it returns gives the browser inside a test.
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is launched before the file’s tests run');
    return browser;
  };
}

/**
 * Resolves once the app owns the page: `RootLayout` marks `<html data-hydrated>` after its first
 * render. A prerendered page shows its links, buttons and fields before they work (its script
 * loads after the first paint), so a test acts on it only after this.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** `page.goto`, then waits until the app owns the page (see `waitForHydration`). */
export async function gotoHydrated(
  page: Page,
  url: string,
  options?: Parameters<Page['goto']>[1],
): Promise<Response | null> {
  const response = await page.goto(url, options);
  await waitForHydration(page);
  return response;
}
