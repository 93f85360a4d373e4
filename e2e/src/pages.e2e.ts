import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminSession } from './app-session.ts';
import { gotoHydrated, launchBrowser, waitForHydration } from './browser.ts';
import { CONTENT_PAGES, pagesDir } from './content-pages.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Title and first section heading, read from the page's file the way an editor sees it. */
function expected(slug: string) {
  const text = readFileSync(path.join(pagesDir, `${slug}.md`), 'utf8');
  const title = /^title:\s*(.+)$/m.exec(text)?.[1]?.trim();
  const section = /^## (.+)$/m.exec(text)?.[1]?.trim();
  if (!title || !section) throw new Error(`content/pages/${slug}.md has no title or section`);
  return { title, section };
}

async function openPage(url: string) {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await gotoHydrated(page, `${baseUrl}${url}`);
  return { page, errors };
}

async function fieldError(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  const described = (await field.getAttribute('aria-describedby'))?.split(' ')[0];
  if (!described) return '';
  return (await page.locator(`[id="${described}"]`).textContent()) ?? '';
}

describe('content pages', () => {
  it.each(CONTENT_PAGES)('/%s renders its Markdown and sets the document title', async (slug) => {
    const { title, section } = expected(slug);
    const { page, errors } = await openPage(`/${slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('heading', { level: 2, name: section }).first().waitFor();
    const words = (await page.locator('article').innerText()).split(/\s+/).length;
    expect(words).toBeGreaterThan(200);
    expect(await page.title()).toBe(`${title} · Spoke`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers the Free plan question in the FAQ', async () => {
    const { page } = await openPage('/faq');
    const question = page.getByRole('heading', {
      name: 'What happens when I hit the Free plan limits?',
    });
    await question.waitFor();
    const answer = page
      .locator('h3 + p')
      .filter({ hasText: 'paused until the next billing cycle' });
    expect(await answer.count()).toBe(1);
    await page.close();
  });

  it('still shows the not-found page for an unknown path', async () => {
    const { page } = await openPage('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.close();
  });
});

describe('contact form', () => {
  it('shows every validation message and sends nothing', async () => {
    const { page, errors } = await openPage('/contact');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) requests.push(request.method());
    });
    const send = page.getByRole('button', { name: 'Send message' });
    await send.click();
    expect(await fieldError(page, 'Name')).toBe('Name is required');
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    expect(await fieldError(page, 'Topic')).toBe('Please choose a topic');
    expect(await fieldError(page, 'Message')).toBe('Message is required');

    await page.getByLabel('Email', { exact: true }).fill('grace@');
    await page.getByLabel('Message', { exact: true }).fill('Too short');
    await send.click();
    expect(await fieldError(page, 'Email')).toBe('Please enter a valid email address');
    expect(await fieldError(page, 'Message')).toBe('Message must be at least 10 characters');

    await page.getByLabel('Name', { exact: true }).fill('n'.repeat(101));
    await page.getByLabel('Email', { exact: true }).fill(`${'a'.repeat(250)}@example.com`);
    await page.getByLabel('Message', { exact: true }).fill('m'.repeat(5001));
    await send.click();
    expect(await fieldError(page, 'Name')).toBe('Name is too long');
    expect(await fieldError(page, 'Email')).toBe('Email is too long');
    expect(await fieldError(page, 'Message')).toBe('Message must be at most 5000 characters');

    // Editing a field clears its message straight away.
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    expect(await fieldError(page, 'Name')).toBe('');
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('preselects the topic from ?topic=sales', async () => {
    const { page } = await openPage('/contact?topic=sales');
    const topic = page.getByLabel('Topic', { exact: true });
    await topic.waitFor();
    expect(await topic.inputValue()).toBe('sales');
    expect(await topic.locator('option:checked').textContent()).toBe('Sales');
    await page.close();
  });

  it('sends a message that an admin can then read', async () => {
    const text = `Hello from the browser test ${Date.now().toString(36)}: please call me back.`;
    const { page, errors } = await openPage('/contact?topic=press');
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    expect(await page.getByText('grace@example.com').count()).toBe(1);

    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();

    const { token } = await adminSession();
    const res = await fetch(`${baseUrl}/api/admin/contact-messages?limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { messages: { name: string; email: string; topic: string; message: string }[] };
    };
    expect(body.data.messages.find((m) => m.message === text)).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      topic: 'press',
    });
  });

  it('before the app has loaded, holds the form: nothing to type that hydrating would drop, nothing sent natively', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The page (with its inline boot script) loads; the app's scripts wait until the form has
    // been tried.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/js\/[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const opened: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) opened.push(frame.url());
    });
    await page.goto(`${baseUrl}/contact`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => {
      document.addEventListener('submit', () => {
        document.documentElement.dataset.submitted = 'true';
      });
    });
    const form = page.getByRole('region', { name: 'Contact form' });
    const send = page.getByRole('button', { name: 'Send message' });
    const name = page.getByLabel('Name', { exact: true });
    expect(await form.locator('input, select, textarea, button').count()).toBe(5);
    expect(await form.locator(':enabled').count()).toBe(0);
    // A click on the (disabled) button submits nothing: natively, a GET that would put the
    // message in the address.
    await send.click({ force: true });
    const html = page.locator('html');
    expect(await html.getAttribute('data-submitted')).toBeNull();
    expect(await html.getAttribute('data-hydrated')).toBeNull();

    release();
    await waitForHydration(page);
    await name.fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Topic', { exact: true }).selectOption('support');
    await page.getByLabel('Message', { exact: true }).fill('Typed once the app had loaded.');
    await send.click();
    await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    expect(await page.getByText('ada@example.com').count()).toBe(1);
    // Only the page's own address: no native submission's `/contact?name=…` in between.
    expect(new Set(opened)).toEqual(new Set([`${baseUrl}/contact`]));
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('status page', () => {
  it('shows an operational service with the version the API reports', async () => {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as {
      data: { version: string };
    };
    const { page, errors } = await openPage('/status');
    await page.getByText('All systems operational').waitFor();
    expect(await page.getByText(health.data.version, { exact: true }).count()).toBe(1);
    expect(await page.getByText('Last checked').count()).toBe(1);
    expect(await page.title()).toBe('Status · Spoke');

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    expect(await page.getByText('All systems operational').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
