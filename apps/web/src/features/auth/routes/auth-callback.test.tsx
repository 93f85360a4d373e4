import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '#web/components/page-loading.tsx';
import { getToken } from '#web/lib/auth/token-store.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson } from '#web/test/test-server.ts';
import { storeGoogleNext } from '../next-location.ts';

const routes = [
  {
    HydrateFallback: PageLoading,
    children: [
      { path: '/auth/callback', lazy: () => import('./auth-callback.tsx') },
      { path: '/app/dashboard', Component: () => <h1>Dashboard</h1> },
      { path: '/app/agents', Component: () => <h1>Agents</h1> },
    ],
  },
];

const server = suiteServer((req, res) => {
  const { code } = JSON.parse(req.body || '{}') as { code?: string };
  if (req.path === '/api/account/google/exchange' && code === 'good-code') {
    return sendJson(res, 200, { data: { user: sampleUser, token: 'google-token' } });
  }
  sendJson(res, 400, {
    error: { message: 'This sign-in link has expired.', code: 'BAD_REQUEST' },
  });
});

describe('Google callback page', () => {
  it('exchanges the code once, stores the session and opens the dashboard', async () => {
    const { router } = renderRoutes(routes, '/auth/callback?code=good-code');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(getToken()).toBe('google-token');
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/account/google/exchange', '{"code":"good-code"}'],
    ]);
  });

  it('returns to the page the user wanted before leaving for Google', async () => {
    storeGoogleNext('/app/agents');
    const { router } = renderRoutes(routes, '/auth/callback?code=good-code');
    await screen.findByRole('heading', { name: 'Agents' });
    expect(router.state.location.pathname).toBe('/app/agents');
  });

  it("shows the server's reason when the exchange fails", async () => {
    renderRoutes(routes, '/auth/callback?code=stale');
    await screen.findByRole('heading', { name: 'Google sign-in failed' });
    expect(document.title).toBe('Google sign-in · Spoke');
    expect(screen.getByRole('alert').textContent).toBe('This sign-in link has expired.');
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(getToken()).toBeNull();
  });

  it('explains a callback without a code, without calling the server', async () => {
    renderRoutes(routes, '/auth/callback');
    await screen.findByRole('heading', { name: 'Google sign-in failed' });
    expect(server.requests).toHaveLength(0);
  });
});
