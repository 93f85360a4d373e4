import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const pending = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight, so `settle` knows when its data has arrived. */
export function trackRequests(page: Page): void {
  const inFlight = new Set<unknown>();
  pending.set(page, inFlight);
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
}

async function networkQuiet(page: Page): Promise<void> {
  const inFlight = pending.get(page);
  if (!inFlight) return page.waitForLoadState('networkidle');
  // Quiet for two checks in a row: a request that starts after another ends is seen too.
  let quietChecks = 0;
  await expect
    .poll(
      () => {
        quietChecks = inFlight.size === 0 ? quietChecks + 1 : 0;
        return quietChecks >= 2;
      },
      { interval: 50, timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Waits until a screen has loaded: no request in flight, a level-one heading on screen, nothing
 * busy or "Loading", and no transition half-way (colours mid-fade would skew contrast).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('h1').first().waitFor();
  await networkQuiet(page);
  await expect
    .poll(
      () =>
        page.locator('[aria-busy="true"], [role="status"]:text-matches("loading", "i")').count(),
      { interval: 50 },
    )
    .toBe(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Every axe-core violation on the page, whatever its impact, one line each. */
export async function violations(page: Page): Promise<string[]> {
  // The pages have no frames: axe runs in the page itself, without a helper page per check.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
}

/** Settles the screen and asserts axe-core finds nothing; `what` names it in a failure. */
export async function expectNoViolations(page: Page, what: string): Promise<void> {
  await settle(page);
  expect(await violations(page), what).toEqual([]);
}
