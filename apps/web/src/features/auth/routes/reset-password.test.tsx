import { COMMON_PASSWORD_MESSAGE } from '@spoke/shared';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '#web/components/page-loading.tsx';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { answerPath, sendJson, sendRaw } from '#web/test/test-server.ts';

const routes = [
  {
    HydrateFallback: PageLoading,
    path: '/reset-password',
    lazy: () => import('./reset-password.tsx'),
  },
];
const EXPIRED = 'This password reset link is invalid or has expired. Please request a new one.';

const server = suiteServer();

function answer(reply: (res: ServerResponse) => void) {
  server.handle(answerPath('/api/account/reset-password', reply));
}

async function choose(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password page', () => {
  it('sets the new password with the token from the link', async () => {
    answer((res) => sendJson(res, 200, { data: { ok: true } }));
    renderRoutes(routes, '/reset-password?token=abc123');
    await choose('a new password');
    expect(document.title).toBe('Reset password · Spoke');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Your password has been reset.',
    );
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      token: 'abc123',
      password: 'a new password',
    });
  });

  it('applies the registration rules and strength meter', async () => {
    renderRoutes(routes, '/reset-password?token=abc123');
    await choose('short', 'other');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Fair');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a common password with the server message before sending it', async () => {
    renderRoutes(routes, '/reset-password?token=abc123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'Password123');
    await waitFor(() =>
      expect(screen.getByTestId('password-strength-label').textContent).toBe('Too common'),
    );
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it("shows the server's reason for a spent link and offers a new one", async () => {
    answer((res) => sendJson(res, 400, { error: { message: EXPIRED, code: 'INVALID_TOKEN' } }));
    renderRoutes(routes, '/reset-password?token=used');
    await choose('a new password');
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('explains a link without a token', async () => {
    renderRoutes(routes, '/reset-password');
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('shows the catalogue message for an outage', async () => {
    answer((res) => sendRaw(res, 503));
    renderRoutes(routes, '/reset-password?token=abc123');
    await choose('a new password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Service temporarily unavailable. Please try again later.',
    );
  });
});
