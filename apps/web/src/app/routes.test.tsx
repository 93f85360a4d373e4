import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getToken, setToken } from '../lib/auth/token-store.ts';
import { renderRoutes } from '../test/render-app.tsx';
import { suiteServer } from '../test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '../test/test-server.ts';
import { routes } from './routes.tsx';

const TOKEN = 'session-token';
let meUser: Partial<typeof sampleUser> = {};
let holdMe: ((release: () => void) => void) | null = null;

const billing = {
  plan: 'free',
  period: { start: '2026-03-04T10:00:00.000Z', end: '2026-04-04T10:00:00.000Z' },
  usage: { messages_this_period: 3, messages_today: 1, integration_credits_used: 40 },
  limits: { monthly_messages: 25, daily_messages: 7, integration_credits: 500 },
};

function accountApi(req: RecordedRequest, res: ServerResponse) {
  const signedIn = req.headers.authorization === `Bearer ${TOKEN}`;
  if (req.path === '/api/account/me' && signedIn) {
    const answer = () => sendJson(res, 200, { data: { user: { ...sampleUser, ...meUser } } });
    return holdMe ? holdMe(answer) : answer();
  }
  if (req.path === '/api/account/billing' && signedIn) {
    return sendJson(res, 200, { data: billing });
  }
  if (req.path === '/api/account/logout') return sendJson(res, 200, { data: { ok: true } });
  sendRaw(res, 401);
}

const server = suiteServer(accountApi);
afterEach(() => {
  meUser = {};
  holdMe = null;
  window.scrollY = 0;
});

function signIn(user: Partial<typeof sampleUser> = {}) {
  meUser = user;
  setToken(TOKEN);
}

// The docs screen parses every docs file when its code first loads: allow for a busy machine.
const DOCS_LOAD = { timeout: 5000 };

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
// The shell renders once the first screen's code has loaded.
const shellReady = () => screen.findByRole('navigation', { name: 'Main' });

describe('navbar and footer', () => {
  // The profile menu's code (Radix) goes through Vite's transform when first imported, which on a
  // loaded machine takes longer than a find* wait: it is loaded before a test opens the menu.
  beforeAll(async () => {
    await import('../components/layout/profile-menu.tsx');
  }, 60_000);

  it('shows brand, Documentation, Discord, Pricing and Sign In to a visitor', async () => {
    renderRoutes(routes, '/pricing');
    await shellReady();
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Spoke' }).getAttribute('href')).toBe('/');
    expect(nav.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe('/app/docs');
    const discord = nav.getByRole('link', { name: /Discord/ });
    expect(discord.getAttribute('href')).toBe('https://discord.gg/spoke');
    expect(discord.getAttribute('target')).toBe('_blank');
    expect(discord.getAttribute('rel')).toBe('noopener noreferrer');
    expect(nav.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(nav.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(nav.queryByRole('button', { name: /Profile/ })).toBeNull();
  });

  it('shows the Profile menu button instead of Sign In to a signed-in user', async () => {
    signIn();
    renderRoutes(routes, '/pricing');
    await shellReady();
    const nav = within(mainNav());
    expect(await nav.findByRole('button', { name: 'Profile' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('lists the account entries in the Profile menu, Admin only for an admin', async () => {
    signIn({ is_admin: true });
    const { router } = renderRoutes(routes, '/pricing');
    const user = userEvent.setup();
    await user.click(await within(await shellReady()).findByRole('button', { name: 'Profile' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Dashboard',
      'Pricing & Billing',
      'Settings',
      'Admin',
      'Sign Out',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/settings'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('leaves Admin out of the Profile menu for a user', async () => {
    signIn();
    renderRoutes(routes, '/pricing');
    const user = userEvent.setup();
    await user.click(await within(await shellReady()).findByRole('button', { name: 'Profile' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
    expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeTruthy();
  });

  it('takes the scrolled style after 50 px of scroll', async () => {
    renderRoutes(routes, '/pricing');
    await shellReady();
    const header = mainNav().closest('header');
    expect(header?.dataset.scrolled).toBe('false');
    act(() => {
      window.scrollY = 50;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header?.dataset.scrolled).toBe('false');
    act(() => {
      window.scrollY = 51;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header?.dataset.scrolled).toBe('true');
  });

  it('links the footer sections and the legal pages', async () => {
    renderRoutes(routes, '/pricing');
    await shellReady();
    const footer = within(screen.getByRole('contentinfo'));
    for (const section of ['Platform', 'Resources', 'Company']) {
      expect(footer.getByRole('navigation', { name: section })).toBeTruthy();
    }
    const hrefs = footer.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const href of ['/app/docs', '/pricing', '/blog', '/status', '/contact', '/security']) {
      expect(hrefs).toContain(href);
    }
    const legal = within(footer.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Privacy',
      'Terms',
      'Cookies',
    ]);
    expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()} Spoke`))).toBeTruthy();
  });
});

describe('mobile menu', () => {
  it('opens the same links, account entries for a user, Admin only for an admin', async () => {
    signIn({ is_admin: true });
    renderRoutes(routes, '/pricing');
    await shellReady();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    await screen.findByRole('button', { name: 'Profile' });

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Documentation',
      'Discord(opens in a new tab)',
      'Pricing',
      'Dashboard',
      'Pricing & Billing',
      'Settings',
      'Admin',
    ]);
    expect(menu.getByRole('button', { name: 'Sign Out' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('leaves Admin out for a user and closes on navigation', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/pricing');
    await shellReady();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Profile' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(menu.queryByRole('link', { name: 'Admin' })).toBeNull();
    await user.click(menu.getByRole('link', { name: 'Documentation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/docs'));
    // The router's state moves before React commits the new screen (a transition).
    await screen.findByRole('heading', { level: 1, name: 'Spoke CLI Documentation' }, DOCS_LOAD);
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('offers Sign In to a visitor', async () => {
    renderRoutes(routes, '/pricing');
    await shellReady();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(menu.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(menu.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});

describe('public routes', () => {
  it('shows a not-found page for an unknown path', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it.each([
    ['/app/blog', '/blog', 'Blog'],
    ['/docs', '/app/docs', 'Spoke CLI Documentation'],
  ])('redirects %s to %s', async (from, to, title) => {
    const { router } = renderRoutes(routes, from);
    expect(await screen.findByRole('heading', { level: 1, name: title }, DOCS_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe(to);
  });

  it('redirects /app/blog/{slug} to /blog/{slug}', async () => {
    const { router } = renderRoutes(routes, '/app/blog/hello-world');
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/hello-world'));
  });

  it.each([
    ['/app/docs', 'Spoke CLI Documentation'],
    ['/app/docs/quick-start', 'Quick Start'],
    ['/dev/commands', 'Commands'],
  ])('shows the documentation at %s without signing in', async (path, title) => {
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title }, DOCS_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });
});

describe('signed-in area', () => {
  it('sends a signed-out visitor to /login, remembering the page', async () => {
    const { router } = renderRoutes(routes, '/app/dashboard?tab=keys');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/app/dashboard?tab=keys')}`,
    );
  });

  it('shows Loading... while the stored session is checked, then the dashboard', async () => {
    const held = new Promise<() => void>((resolve) => {
      holdMe = resolve;
    });
    signIn();
    const { router } = renderRoutes(routes, '/app');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    (await held)();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('welcomes by username when there is no display name', async () => {
    signIn({ display_name: null } as unknown as Partial<typeof sampleUser>);
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, ada' })).toBeTruthy();
  });

  it('shows the agent studio and a usage summary on the dashboard', async () => {
    signIn();
    renderRoutes(routes, '/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Agent studio' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Agent' })).toBeTruthy();
    const usage = within(screen.getByRole('region', { name: 'Usage' }));
    expect(await usage.findByText('3 / 25')).toBeTruthy();
    expect(usage.getByText('1 / 7')).toBeTruthy();
    expect(usage.getByText('40 / 500')).toBeTruthy();
    expect(usage.getByText('Free')).toBeTruthy();
  });

  it.each([
    ['/admin', '/app/admin'],
    ['/app/profile', '/app/settings'],
  ])('redirects %s to %s', async (from, to) => {
    signIn();
    const { router } = renderRoutes(routes, from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each([
    ['/app/workspace', 'Workspace'],
    ['/app/workspace/registry', 'Registry'],
    ['/app/workspace/registry/io.github.example/weather', 'io.github.example/weather'],
    ['/app/agents', 'Autonomous Agent'],
    ['/app/agents/no-such-agent', 'Could not load the agent'],
  ])('shows the %s screen', async (path, title) => {
    signIn();
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('sends a signed-in user from /login and /register to the dashboard', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/register');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
    await router.navigate('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('signs out: revokes the session, clears the token, opens /login', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/app/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(server.requests.some((r) => r.path === '/api/account/logout')).toBe(true);
    // The router moves before the public pages' chrome is on the screen: wait for it.
    expect(await within(await shellReady()).findByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});
