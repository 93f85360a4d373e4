import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BlogListSchema, envelope } from '@spoke/shared';
import { adminSession, createAgentInStudio, registerUser, type Session } from './app-session.ts';
import { expectNoViolations, trackRequests } from './axe-check.ts';
import { gotoHydrated, launchBrowser } from './browser.ts';
import { CONTENT_PAGES } from './content-pages.ts';

// axe-core on every screen of routes.tsx, signed out and signed in, and in its open states
// (menus, dialogs, results, errors). Any violation fails, whatever its impact.
const baseUrl = inject('baseUrl');

let browser: Browser;
let blogSlug: string;
let serverName: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const blog = await fetch(`${baseUrl}/api/blog?page_size=1`);
  const post = envelope(BlogListSchema).parse(await blog.json()).data.posts[0];
  if (!post) throw new Error('the blog has no post');
  blogSlug = post.slug;
  const registry = await fetch(`${baseUrl}/registry/v0.1/servers?limit=1`);
  const { servers } = (await registry.json()) as { servers: { server: { name: string } }[] };
  const first = servers[0];
  if (!first) throw new Error('the registry has no server');
  serverName = first.server.name;
});
afterAll(async () => {
  await browser?.close();
});

/** One browser context for a run of screens, signed in when a session is given. */
function screens(session?: Session, width = 1280) {
  let opened: { page: Page; context: BrowserContext; errors: string[] } | undefined;
  async function open(): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    trackRequests(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    if (session) {
      await page.goto(`${baseUrl}/no-such-page`);
      await page.evaluate((token) => localStorage.setItem('token', token), session.token);
    }
    return { page, context, errors };
  }
  return {
    async visit(path: string): Promise<Page> {
      opened ??= await open();
      await gotoHydrated(opened.page, `${baseUrl}${path}`);
      return opened.page;
    },
    async close() {
      expect(opened?.errors ?? []).toEqual([]);
      await opened?.context.close();
    },
  };
}

describe('axe-core, signed out', () => {
  const visitor = screens();
  afterAll(() => visitor.close());

  const paths = [
    '/',
    '/pricing',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=not-a-real-token',
    '/verify-email?token=not-a-real-token',
    '/verify-email',
    '/blog',
    ...CONTENT_PAGES.map((page) => `/${page}`),
    '/contact',
    '/status',
    '/app/docs',
    '/app/docs/commands',
    '/app/docs/commands/workspaces',
    '/dev/api',
    '/app/docs/a-tab-not-written-yet',
    '/no-such-page',
  ];
  it.each(paths)('%s', async (path) => {
    await expectNoViolations(await visitor.visit(path), path);
  });

  it('a blog post', async () => {
    await expectNoViolations(await visitor.visit(`/blog/${blogSlug}`), `/blog/${blogSlug}`);
  });

  it('the sign-in form with an error', async () => {
    const page = await visitor.visit('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').waitFor();
    await expectNoViolations(page, 'login error');
  });

  it('the registration form with invalid fields', async () => {
    const page = await visitor.visit('/register');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectNoViolations(page, 'register errors');
  });

  it('the contact form with every field in error, then sent', async () => {
    const page = await visitor.visit('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectNoViolations(page, 'contact errors');
    await page.getByLabel('Name', { exact: true }).fill('Axe Visitor');
    await page.getByLabel('Email', { exact: true }).fill('visitor@example.com');
    await page.getByLabel('Topic', { exact: true }).selectOption('sales');
    await page.getByLabel('Message', { exact: true }).fill('A message long enough to be sent.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    await expectNoViolations(page, 'contact sent');
  });

  it('the password reset request, sent', async () => {
    const page = await visitor.visit('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: /\S/ }).first().waitFor();
    await expectNoViolations(page, 'reset link sent');
  });

  it('the blog filtered by a tag', async () => {
    await expectNoViolations(await visitor.visit('/blog?tag=cli'), '/blog?tag=cli');
  });

  it('the docs search with results', async () => {
    const page = await visitor.visit('/app/docs');
    await page.getByRole('combobox', { name: 'Search documentation' }).fill('install');
    await page
      .getByRole('listbox', { name: 'Search results' })
      .getByRole('option')
      .first()
      .waitFor();
    await expectNoViolations(page, 'docs search');
  });
});

describe('axe-core, signed-out mobile', () => {
  it('the landing page and its open menu at 390 px', async () => {
    const visitor = screens(undefined, 390);
    const page = await visitor.visit('/');
    await expectNoViolations(page, '/ at 390 px');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    await expectNoViolations(page, 'mobile menu');
    // Pages with wide tables and code that scroll sideways on a phone.
    for (const path of [
      '/app/docs/commands/workspaces',
      '/pricing',
      '/cookies',
      '/press',
      `/blog/${blogSlug}`,
      '/blog/how-spoke-keeps-accounts-safe',
    ]) {
      await gotoHydrated(page, `${baseUrl}${path}`);
      await expectNoViolations(page, `${path} at 390 px`);
    }
    await visitor.close();
  });
});

describe('axe-core, signed in', () => {
  let user: Session;
  let agentId: string;
  const signedIn = (width?: number) => screens(user, width);
  beforeAll(async () => {
    user = await registerUser();
  });

  it('the dashboard, the studio and its created agent', async () => {
    const view = signedIn();
    const page = await view.visit('/app/dashboard');
    await expectNoViolations(page, 'dashboard');
    agentId = await createAgentInStudio(
      page,
      'Every hour, check the current time in Tokyo and remember it',
    );
    await expectNoViolations(page, 'studio with its created agent');
    await view.close();
  });

  it('the e-mail banner with a link sent and folded, and a dead link signed in', async () => {
    const view = signedIn();
    const page = await view.visit('/app/settings');
    const banner = page.getByTestId('verify-email-banner');
    await banner.getByRole('button', { name: 'Resend' }).click();
    await banner.getByText('Sent: check your inbox').waitFor();
    await expectNoViolations(page, 'banner, link sent');
    await banner.getByRole('button', { name: 'Hide' }).click();
    await banner.getByRole('button', { name: 'Show' }).waitFor();
    await expectNoViolations(page, 'banner folded');
    await banner.getByRole('button', { name: 'Show' }).click();
    const dead = await view.visit('/verify-email?token=not-a-real-token');
    await dead.getByRole('button', { name: 'Send a new link' }).waitFor();
    await expectNoViolations(dead, 'dead verification link, signed in');
    await view.close();
  });

  it('the empty agents list, an unknown agent, and a registry search with no match', async () => {
    const view = screens(await registerUser());
    const page = await view.visit('/app/agents');
    await page.getByText('You have no agents yet.').waitFor();
    await expectNoViolations(page, 'empty agents list');
    await expectNoViolations(await view.visit('/app/agents/no-such-agent'), 'unknown agent');
    const search = await view.visit('/app/workspace/registry?q=no-such-server-anywhere');
    await search.getByText('No servers match “no-such-server-anywhere”.').waitFor();
    await expectNoViolations(search, 'registry without a match');
    await view.close();
  });

  it('the agents list, an agent page with a dry run and a run, and the delete dialog', async () => {
    const view = signedIn();
    await expectNoViolations(await view.visit('/app/agents'), '/app/agents');
    const page = await view.visit(`/app/agents/${agentId}`);
    await expectNoViolations(page, 'agent page');
    const run = page.getByRole('region', { name: 'Run now' });
    await run.getByRole('button', { name: 'Dry run' }).click();
    await run.getByRole('region', { name: 'Dry run: what a run would do' }).waitFor();
    await run.getByRole('button', { name: 'Run now' }).click();
    const latest = page.getByRole('region', { name: 'Run history' }).getByRole('listitem').first();
    await latest.getByText('Succeeded').waitFor({ timeout: 30_000 });
    await expectNoViolations(page, 'agent page after a dry run and a run');
    await page.getByRole('button', { name: 'Delete agent' }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectNoViolations(page, 'delete confirmation');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await view.close();
  });

  it.each([
    '/app/settings',
    '/app/billing',
    '/app/admin',
    '/app/workspace/registry',
    '/app/docs',
    '/no-such-page',
    '/',
  ])('%s', async (path) => {
    const view = signedIn();
    await expectNoViolations(await view.visit(path), path);
    await view.close();
  });

  it('a registry server', async () => {
    const view = signedIn();
    const path = `/app/workspace/registry/${serverName}`;
    await expectNoViolations(await view.visit(path), path);
    await view.close();
  });

  it('the workspace with a new token shown, then listed', async () => {
    const view = signedIn();
    const page = await view.visit('/app/workspace');
    await expectNoViolations(page, 'workspace');
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByLabel('Token name').fill('axe laptop');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    await tokens.getByLabel('Your new token').waitFor();
    await expectNoViolations(page, 'workspace with its new token');
    await tokens.getByRole('button', { name: 'I have copied it' }).click();
    await tokens.getByRole('list', { name: 'API tokens' }).waitFor();
    await expectNoViolations(page, 'workspace with a token listed');
    await view.close();
  });

  it('the profile menu open', async () => {
    const view = signedIn();
    const page = await view.visit('/pricing');
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menu').waitFor();
    await expectNoViolations(page, 'profile menu');
    await view.close();
  });

  it('the mobile menu open at 390 px', async () => {
    const view = signedIn(390);
    const page = await view.visit('/app/dashboard');
    await expectNoViolations(page, 'dashboard at 390 px');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'App' }).waitFor();
    await expectNoViolations(page, 'mobile menu signed in');
    await view.close();
  });
});

describe('axe-core, admin', () => {
  it.each(['/app/admin', '/app/admin?tab=messages', '/app/admin?tab=registry'])(
    '%s',
    async (path) => {
      const sent = await fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Axe Visitor',
          email: 'visitor@example.com',
          topic: 'sales',
          message: 'We would like to talk about a plan for our team of twelve.',
        }),
      });
      expect(sent.ok).toBe(true);
      const view = screens(await adminSession());
      const page = await view.visit(path);
      await expectNoViolations(page, path);
      await view.close();
    },
  );

  it('a contact message read in full', async () => {
    const view = screens(await adminSession());
    const page = await view.visit('/app/admin?tab=messages');
    const first = page
      .getByRole('list', { name: 'Contact messages' })
      .getByRole('listitem')
      .first();
    await first.getByRole('button', { name: 'Read full message' }).click();
    await expectNoViolations(page, 'a message read in full');
    await view.close();
  });
});
