import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');
/** Gzipped JavaScript the landing page may load before it is usable. */
const BUDGET_BYTES = 80 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('bundle budget', () => {
  it('ships at most 80 KB of gzipped JavaScript on the first load of /', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/js\/[^/]+\.js$/.test(pathname)) scripts.set(pathname, response.body());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });

    const sizes = await Promise.all(
      [...scripts.keys()].sort().map(async (file) => {
        const built = path.join(dist, file);
        // The served bytes stand in only when a newer build has replaced the file meanwhile.
        const source = existsSync(built) ? readFileSync(built) : await scripts.get(file);
        return { file, gzip: gzipSync(source ?? '', { level: 9 }).length };
      }),
    );
    await context.close();
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    for (const { file, gzip } of sizes) {
      console.log(`${(gzip / 1024).toFixed(1).padStart(7)} KB  ${file}`);
    }
    console.log(
      `${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped JS for / (budget ${BUDGET_BYTES / 1024} KB)`,
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
