import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getToken, setToken } from '../lib/api/token-store.ts';
import { renderRoutes } from '../test/render-app.tsx';
import {
  sampleUser,
  sendJson,
  sendRaw,
  setPageOrigin,
  startTestServer,
  type RecordedRequest,
  type TestServer,
} from '../test/test-server.ts';
import { routes } from './routes.tsx';

const TOKEN = 'session-token';
let meUser: typeof sampleUser | { display_name: null } = sampleUser;
let holdMe: ((release: () => void) => void) | null = null;

function accountApi(req: RecordedRequest, res: ServerResponse) {
  if (req.path === '/api/account/me' && req.headers.authorization === `Bearer ${TOKEN}`) {
    const answer = () => sendJson(res, 200, { data: { user: { ...sampleUser, ...meUser } } });
    return holdMe ? holdMe(answer) : answer();
  }
  if (req.path === '/api/account/logout') return sendJson(res, 200, { data: { ok: true } });
  sendRaw(res, 401);
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(accountApi);
  setPageOrigin(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  meUser = sampleUser;
  holdMe = null;
});

describe('public routes', () => {
  it('shows the landing page', async () => {
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spoke' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('shows a not-found page for an unknown path', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
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
    setToken(TOKEN);
    const { router } = renderRoutes(routes, '/app');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    (await held)();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('welcomes by username when there is no display name', async () => {
    meUser = { display_name: null };
    setToken(TOKEN);
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, ada' })).toBeTruthy();
  });

  it('sends a signed-in user from /login and /register to the dashboard', async () => {
    setToken(TOKEN);
    const { router } = renderRoutes(routes, '/register');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
    await router.navigate('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('signs out: revokes the session, clears the token, opens /login', async () => {
    setToken(TOKEN);
    const { router } = renderRoutes(routes, '/app/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(server.requests.some((r) => r.path === '/api/account/logout')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
