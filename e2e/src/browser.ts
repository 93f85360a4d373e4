import { chromium, type Browser } from 'playwright-core';

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
