import { LOGIN_FAILED_MESSAGE } from '@spoke/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateBrowser } from '#web/lib/browser-navigation.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { answerPath, sampleUser, sendJson, sendRaw, type Handler } from '#web/test/test-server.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { GuestOnly } from '../components/guest-only.tsx';

vi.mock('#web/lib/browser-navigation.ts', () => ({ navigateBrowser: vi.fn() }));

const routes = [
  {
    HydrateFallback: PageLoading,
    children: [
      { Component: GuestOnly, children: [{ path: '/login', lazy: () => import('./login.tsx') }] },
      { path: '/app/dashboard', Component: () => <h1>Dashboard</h1> },
      { path: '/app/agents', Component: () => <h1>Agents</h1> },
    ],
  },
];

const METHODS = '/api/auth/methods';

/** The server's answers: Google sign-in offered (unless `google` says otherwise), and `login`. */
function api(
  login: (res: ServerResponse) => void = (res) => sendRaw(res, 404),
  google = true,
): Handler {
  return (req, res) => {
    if (req.path === METHODS) return sendJson(res, 200, { data: { google } });
    return answerPath('/api/account/login', login)(req, res);
  };
}

const server = suiteServer(api());
afterEach(() => {
  vi.clearAllMocks();
});

function answerLogin(answer: (res: ServerResponse) => void) {
  server.handle(api(answer));
}

const sent = (path: string) => server.requests.filter((r) => r.path === path);

async function submit(email = sampleUser.email, password = 'secret-password') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('login page', () => {
  it('has the seed form', async () => {
    renderRoutes(routes, '/login');
    const email = await screen.findByLabelText('Email');
    // The title is set by an effect, which may run after the form is on the page.
    await waitFor(() => expect(document.title).toBe('Sign in · Spoke'));
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Password').hasAttribute('required')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    screen.getByText('or sign in with e-mail');
  });

  it('shows Signing In... while the request is pending', async () => {
    let release: () => void = () => undefined;
    answerLogin((res) => {
      release = () => sendJson(res, 401, { error: { message: 'x', code: 'INVALID_CREDENTIALS' } });
    });
    renderRoutes(routes, '/login');
    await submit();
    const busy = await screen.findByRole('button', { name: 'Signing In...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    // Only an answer to a request that has arrived can be released.
    await waitFor(() => expect(sent('/api/account/login')).toHaveLength(1));
    release();
    await screen.findByRole('button', { name: 'Sign In' });
  });

  it('shows the seed failure text for wrong credentials', async () => {
    answerLogin((res) =>
      sendJson(res, 401, {
        error: { message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' },
      }),
    );
    renderRoutes(routes, '/login');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_FAILED_MESSAGE);
  });

  it.each([
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Service temporarily unavailable. Please try again later.'],
  ])('shows the catalogue message for a %i', async (status, message) => {
    answerLogin((res) => sendRaw(res, status));
    renderRoutes(routes, '/login');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('shows the connection message when the server drops the connection', async () => {
    answerLogin((res) => res.socket?.destroy());
    renderRoutes(routes, '/login');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to connect to server. Please check your internet connection and try again.',
    );
  });

  it('sends remember and goes to the dashboard on success', async () => {
    answerLogin((res) => sendJson(res, 200, { data: { user: sampleUser, token: 't1' } }));
    const { router } = renderRoutes(routes, '/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Remember me' }));
    await submit();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(JSON.parse(sent('/api/account/login')[0]?.body ?? '')).toMatchObject({
      remember: true,
    });
  });

  it('goes back to the page that asked for a sign-in', async () => {
    answerLogin((res) => sendJson(res, 200, { data: { user: sampleUser, token: 't1' } }));
    const { router } = renderRoutes(routes, '/login?next=%2Fapp%2Fagents');
    await submit();
    await screen.findByRole('heading', { name: 'Agents' });
    expect(router.state.location.pathname).toBe('/app/agents');
  });

  it('ignores a next that leaves the site', async () => {
    answerLogin((res) => sendJson(res, 200, { data: { user: sampleUser, token: 't1' } }));
    const { router } = renderRoutes(routes, '/login?next=%2F%2Fevil.example');
    await submit();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it.each([
    ['google_unavailable', 'Google sign-in is not configured on this server.'],
    ['google_failed', 'Google sign-in failed.'],
    ['google_unverified', 'Google has not verified this e-mail address'],
  ])('explains ?error=%s', async (code, text) => {
    renderRoutes(routes, `/login?error=${code}`);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('connects to Google after 1.5 s, keeping Remember me', async () => {
    renderRoutes(routes, '/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Remember me' }));
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('button', { name: 'Connecting to Google...' })).toBeTruthy();
    expect(navigateBrowser).not.toHaveBeenCalled();
    await waitFor(
      () => expect(navigateBrowser).toHaveBeenCalledWith('/api/auth/google?remember=1'),
      {
        timeout: 2500,
      },
    );
  });
});

describe('the Google button', () => {
  /** Lets the page take in the server's answer on sign-in methods. */
  async function answered() {
    await waitFor(() => expect(sent(METHODS)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }

  it('is not offered when the server has no Google sign-in', async () => {
    server.handle(api(undefined, false));
    renderRoutes(routes, '/login');
    await screen.findByLabelText('Email');
    await answered();
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    expect(screen.queryByText('or sign in with e-mail')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('is not offered when the server cannot say, and is asked again next time', async () => {
    server.handle((req, res) => sendRaw(res, req.path === METHODS ? 503 : 404));
    const first = renderRoutes(routes, '/login');
    await screen.findByLabelText('Email');
    await answered();
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    first.unmount();

    server.handle(api());
    renderRoutes(routes, '/login');
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(sent(METHODS)).toHaveLength(2);
  });

  it('shows at once on the next sign-in page, without asking again', async () => {
    const first = renderRoutes(routes, '/login');
    await screen.findByRole('button', { name: 'Continue with Google' });
    first.unmount();
    renderRoutes(routes, '/login');
    await screen.findByLabelText('Email');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(sent(METHODS)).toHaveLength(1);
  });
});
