import { expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sampleRegistration } from '@spoke/shared/testing';
import { gotoHydrated } from './browser.ts';
import { linkFor } from './outbox.ts';

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

/** Follows the verification link the server mailed to the session's address. */
export async function proveEmail(session: Session): Promise<void> {
  const me = await apiGet('/api/account/me', session.token);
  const { data } = (await me.json()) as { data: { user: { email_verified: boolean } } };
  if (data.user.email_verified) return;
  const link = new URL(await linkFor(session.email, '/verify-email'));
  const token = link.searchParams.get('token');
  const verified = await accountPost('verify-email', { token });
  expect(verified.status, await verified.text()).toBe(200);
}

/**
 * A new account, registered through the API: its address is not proven (the signed-in screens
 * show the banner asking for it) unless `verified` is asked for.
 */
export async function registerUser({ verified = false } = {}): Promise<Session> {
  const account = sampleRegistration();
  const session = await sessionFrom(await accountPost('register', account), account.password);
  if (verified) await proveEmail(session);
  return session;
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
  // Admin rights need a proven address.
  const session = await sessionFrom(answer, account.password);
  await proveEmail(session);
  return session;
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
  await gotoHydrated(page, `${baseUrl}${path}`);
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
