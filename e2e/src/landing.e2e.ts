import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gotoHydrated, launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const FIRST_PROMPT =
  'Every weekday at 9am, summarise new Zendesk tickets and post the summary to our #support channel in Slack';
const FIRST_COMMAND = 'spoke init my-workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const promptText = (page: Page) => page.getByTestId('prompt-demo-text').innerText();
const commandText = (page: Page) => page.getByTestId('terminal-demo-text').innerText();

interface Frame {
  at: number;
  prompt: number;
  command: string;
  output: boolean;
}

/** Reads both demos every 50 ms until `done` says enough was seen. */
async function sampleFrames(page: Page, done: (frames: Frame[]) => boolean, limitMs = 20_000) {
  const frames: Frame[] = [];
  const start = Date.now();
  while (!done(frames) && Date.now() - start < limitMs) {
    const [prompt, command, output] = await Promise.all([
      promptText(page),
      commandText(page),
      page.getByText('Created spoke.json (workspace my-workspace, template basic)').count(),
    ]);
    frames.push({ at: Date.now() - start, prompt: prompt.length, command, output: output > 0 });
    await page.waitForTimeout(50);
  }
  return frames;
}

describe('landing page', () => {
  it('makes the three claims and links to registration and the docs', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await gotoHydrated(page, baseUrl);
    await page.getByRole('heading', { level: 1, name: /plain language/ }).waitFor();
    const claims = await page
      .locator('dl > div')
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('dt')?.textContent,
          item.querySelector('dd')?.textContent,
        ]),
      );
    expect(claims).toEqual([
      ['Builders', '250k+'],
      ['Built-in integrations', '50+'],
      ['Lines of code', '0'],
    ]);
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    expect(await hero.getByRole('link', { name: 'Start building' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(await hero.getByRole('link', { name: 'Read the docs' }).getAttribute('href')).toBe(
      '/app/docs',
    );
    for (const area of ['DevOps Automation', 'Customer Support', 'Analytics & Reporting']) {
      expect(await page.getByRole('heading', { name: area }).count()).toBe(1);
    }
    await hero.getByRole('link', { name: 'Start building' }).click();
    await page.waitForURL(/\/register$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('types the samples out, holds them, erases them and moves on', async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, baseUrl);
    await page.getByTestId('prompt-demo-text').waitFor();
    // The terminal's first command is short: it is typed, held with its output, and erased
    // long before the first prompt is.
    const frames = await sampleFrames(page, (seen) => {
      const peak = Math.max(0, ...seen.map((f) => f.prompt));
      const last = seen.at(-1);
      return peak > 20 && last !== undefined && last.prompt < peak - 10;
    });
    const prompts = frames.map((f) => f.prompt);
    const peak = Math.max(...prompts);
    const peakAt = prompts.indexOf(peak);
    expect(peak).toBe(FIRST_PROMPT.length);
    // Grows without ever shrinking up to the full sample, then shrinks.
    expect(prompts.slice(0, peakAt + 1)).toEqual(
      [...prompts.slice(0, peakAt + 1)].sort((a, b) => a - b),
    );
    expect(prompts.at(-1)).toBeLessThan(peak);
    // 50-80 ms per character while typing (timers only ever run late, so only a floor is firm).
    const firstFull = frames.find((f) => f.prompt === peak);
    const firstTen = frames.find((f) => f.prompt >= 10);
    if (!firstFull || !firstTen) throw new Error('typing was not observed');
    const perChar = (firstFull.at - firstTen.at) / (peak - firstTen.prompt);
    expect(perChar).toBeGreaterThan(45);
    expect(perChar).toBeLessThan(150);
    // Held about 2 s at full length.
    const atPeak = frames.filter((f) => f.prompt === peak);
    const heldFor = (atPeak.at(-1)?.at ?? 0) - (atPeak[0]?.at ?? 0);
    expect(heldFor).toBeGreaterThan(1500);
    expect(heldFor).toBeLessThan(3000);

    const commands = frames.map((f) => f.command);
    expect(commands).toContain(FIRST_COMMAND);
    expect(frames.some((f) => f.command === FIRST_COMMAND && f.output)).toBe(true);
    const typedAt = commands.indexOf(FIRST_COMMAND);
    expect(commands.slice(typedAt).some((c) => c.length < FIRST_COMMAND.length)).toBe(true);
    await page.close();
  });

  it('shows the first samples whole and still under reduced motion', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await gotoHydrated(page, baseUrl);
    // The prerendered page holds the demo before the app has hydrated it; then it is whole.
    await expect.poll(() => promptText(page), { timeout: 15_000 }).toBe(FIRST_PROMPT);
    expect(await commandText(page)).toBe(FIRST_COMMAND);
    await page.waitForTimeout(1500);
    expect(await promptText(page)).toBe(FIRST_PROMPT);
    expect(await commandText(page)).toBe(FIRST_COMMAND);
    await context.close();
  });

  it('reads each example once to assistive technology, not as it is typed', async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, baseUrl);
    await page.getByTestId('prompt-demo-text').waitFor();
    expect(
      await page.getByText(`Example agent description: ${FIRST_PROMPT}`, { exact: true }).count(),
    ).toBe(1);
    const hidden = await page
      .getByTestId('prompt-demo-text')
      .evaluate((el) => el.closest('[aria-hidden="true"]') !== null);
    expect(hidden).toBe(true);
    expect(
      await page.locator('main [aria-live="polite"], main [aria-live="assertive"]').count(),
    ).toBe(0);
    await page.close();
  });
});
