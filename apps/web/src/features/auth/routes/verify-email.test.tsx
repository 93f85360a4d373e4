import type { User } from '@spoke/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '#web/components/page-loading.tsx';
import { setToken } from '#web/lib/auth/token-store.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';
import { AuthProvider } from '#web/lib/auth/auth-provider.tsx';
import { RequireAuth } from '../components/require-auth.tsx';

const EXPIRED = 'This verification link is invalid or has expired. Please request a new one.';

const routes = [
  {
    HydrateFallback: PageLoading,
    children: [
      { path: '/verify-email', lazy: () => import('./verify-email.tsx') },
      { path: '/login', Component: () => <h1>Sign in</h1> },
      {
        path: '/app',
        Component: RequireAuth,
        children: [{ path: 'dashboard', Component: () => <h1>Dashboard</h1> }],
      },
    ],
  },
];

const unverified: User = { ...sampleUser, email_verified: false };
const verified: User = { ...sampleUser, email_verified: true };

type Reply = (res: ServerResponse, req: RecordedRequest) => void;

/** `verify` answers the link; the signed-in account (token "session") is `me`. */
function serve(verify: Reply, me: User = unverified) {
  server.handle((req, res) => {
    if (req.path === '/api/account/verify-email' && req.method === 'POST') return verify(res, req);
    if (req.headers.authorization !== 'Bearer session') {
      return sendJson(res, 401, { error: { message: 'Session expired.', code: 'INVALID_TOKEN' } });
    }
    if (req.path === '/api/account/me') return sendJson(res, 200, { data: { user: me } });
    if (req.path === '/api/account/verification-email') {
      return sendJson(res, 200, { data: { ok: true } });
    }
    sendRaw(res, 404);
  });
}

const server = suiteServer();
const verifications = () => server.requests.filter((r) => r.path === '/api/account/verify-email');
const confirmed: Reply = (res) => sendJson(res, 200, { data: { user: verified } });
const expired: Reply = (res) =>
  sendJson(res, 400, { error: { message: EXPIRED, code: 'INVALID_TOKEN' } });

describe('verify e-mail page', () => {
  it('proves the address signed out, taking the token out of the address bar at once', async () => {
    let release = () => undefined as void;
    serve((res) => {
      release = () => confirmed(res, verifications()[0]!);
    });
    const { router } = renderRoutes(routes, '/verify-email?token=abc-123_x');
    expect(
      (await screen.findByText('Confirming your e-mail address...')).closest('[role="status"]'),
    ).not.toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/verify-email');
    await waitFor(() => expect(verifications()).toHaveLength(1));
    release();
    expect((await screen.findByText(/Your e-mail address is confirmed/)).textContent).toBe(
      'Your e-mail address is confirmed: ada@example.com.',
    );
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(JSON.parse(verifications()[0]?.body ?? '')).toEqual({ token: 'abc-123_x' });
    expect(verifications()[0]?.headers.authorization).toBeUndefined();
  });

  it('signed in, drops the banner of the account it proved', async () => {
    serve(confirmed);
    setToken('session');
    const { router } = renderRoutes(routes, '/app/dashboard');
    await screen.findByText(/Confirm your e-mail address: we sent a link/);
    await router.navigate('/verify-email?token=t0ken');
    const dashboard = await screen.findByRole('link', { name: 'Go to your dashboard' });
    await userEvent.setup().click(dashboard);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
    // The account was updated from the answer, not read again.
    expect(server.requests.filter((r) => r.path === '/api/account/me')).toHaveLength(1);
  });

  it('leaves another signed-in account alone', async () => {
    serve((res) =>
      sendJson(res, 200, {
        data: {
          user: { ...verified, id: '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d', email: 'b@x.io' },
        },
      }),
    );
    setToken('session');
    const { router } = renderRoutes(routes, '/verify-email?token=other-account');
    await screen.findByText('Your e-mail address is confirmed:', { exact: false });
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
    await router.navigate('/app/dashboard');
    await screen.findByText(/Confirm your e-mail address: we sent a link/);
  });

  it('sends a spent link once, even when React mounts the page twice', async () => {
    serve(confirmed);
    const router = createMemoryRouter(routes, { initialEntries: ['/verify-email?token=once'] });
    render(
      <StrictMode>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </StrictMode>,
    );
    await screen.findByText(/Your e-mail address is confirmed/);
    expect(verifications()).toHaveLength(1);
  });

  it("shows the server's reason for an expired link and, signed in, sends a new one", async () => {
    serve(expired);
    setToken('session');
    renderRoutes(routes, '/verify-email?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByText('Sent: check your inbox')).getAttribute('role')).toBe('status');
    expect(server.requests.filter((r) => r.path === '/api/account/verification-email')).toEqual([
      expect.objectContaining({ method: 'POST' }),
    ]);
  });

  it('signed out, points an expired link to signing in', async () => {
    serve(expired);
    renderRoutes(routes, '/verify-email?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('calls a token the server will not even read an invalid link', async () => {
    serve((res) =>
      sendJson(res, 422, {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { token: 'Too big: expected string to have <=200 characters' },
        },
      }),
    );
    renderRoutes(routes, `/verify-email?token=${'a'.repeat(500)}`);
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED);
  });

  it('tries again after a dropped connection, with the same token', async () => {
    let calls = 0;
    serve((res) => {
      calls += 1;
      if (calls === 1) return res.socket?.destroy();
      confirmed(res, verifications()[1]!);
    });
    renderRoutes(routes, '/verify-email?token=flaky');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to connect to server. Please check your internet connection and try again.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(/Your e-mail address is confirmed/);
    expect(verifications().map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { token: 'flaky' },
      { token: 'flaky' },
    ]);
  });

  it('explains itself when opened without a token, sending nothing', async () => {
    serve(confirmed);
    renderRoutes(routes, '/verify-email');
    await screen.findByText(/this address has no code in it/);
    expect(verifications()).toHaveLength(0);
  });
});
