import { expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sampleRegistration } from '@spoke/shared/testing';

const baseUrl = inject('baseUrl');
const adminEmail = inject('adminEmail');

export interface Session {
  token: string;
  id: string;
  email: string;
  password: string;
  username: string;
}

export function accountPost(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}/api/account/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export function apiGet(path: string, token: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

async function sessionFrom(response: Response, password: string): Promise<Session> {
  expect(response.ok).toBe(true);
  const { data } = (await response.json()) as {
    data: { token: string; user: { id: string; email: string; username: string } };
  };
  return { ...data.user, token: data.token, password };
}

/** A new account, registered through the API. */
export async function registerUser(): Promise<Session> {
  const account = sampleRegistration();
  return sessionFrom(await accountPost('register', account), account.password);
}

/** Another sign-in of the same account: a second session, as from another device. */
export async function signInAgain(session: Session, userAgent?: string): Promise<Session> {
  const answer = await accountPost(
    'login',
    { email: session.email, password: session.password },
    userAgent ? { 'user-agent': userAgent } : {},
  );
  return sessionFrom(answer, session.password);
}

// Another suite may have registered the admin first, with the same sample password.
export async function adminSession(): Promise<Session> {
  const account = sampleRegistration({ email: adminEmail });
  const registered = await accountPost('register', account);
  const answer =
    registered.status === 409
      ? await accountPost('login', { email: adminEmail, password: account.password })
      : registered;
  return sessionFrom(answer, account.password);
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors in the page. */
  errors: string[];
}

/** A fresh browser context at `path`, already holding `session` when one is given. */
export async function openPage(
  browser: Browser,
  path: string,
  { session, width = 1280 }: { session?: Session; width?: number } = {},
): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (session) {
    // Any page of the origin gives access to its storage.
    await page.goto(`${baseUrl}/no-such-page`);
    await page.evaluate((token) => localStorage.setItem('token', token), session.token);
  }
  await page.goto(`${baseUrl}${path}`);
  return { page, context, errors };
}

/**
 * Describes an agent in the dashboard's studio on `page` (already on /app/dashboard), waits for
 * the created agent's card and returns the agent's id from its link.
 */
export async function createAgentInStudio(page: Page, prompt: string): Promise<string> {
  const studio = page.getByRole('region', { name: 'Agent studio' });
  await studio.getByLabel('Describe your agent').fill(prompt);
  await studio.getByRole('button', { name: 'Create Agent' }).click();
  const card = studio.getByRole('article');
  await card.waitFor();
  const href = await card.getByRole('link', { name: 'Open agent page' }).getAttribute('href');
  const id = href?.split('/').pop() ?? '';
  expect(id).not.toBe('');
  return id;
}
