import { screen } from '@testing-library/react';
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
    path: '/forgot-password',
    lazy: () => import('./forgot-password.tsx'),
  },
];

const server = suiteServer();

function answer(reply: (res: ServerResponse) => void) {
  server.handle(answerPath('/api/account/forgot-password', reply));
}

async function request(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('forgot password page', () => {
  it('sends the e-mail and confirms without saying whether the account exists', async () => {
    answer((res) => sendJson(res, 200, { data: { ok: true } }));
    renderRoutes(routes, '/forgot-password');
    await request('ada@example.com');
    expect(document.title).toBe('Forgot password · Spoke');
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account exists for that e-mail, we sent a link to reset your password.',
    );
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('checks the address before sending', async () => {
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'nope');
    expect(screen.queryByText('Email is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('shows the catalogue message when rate limited', async () => {
    answer((res) => sendRaw(res, 429));
    renderRoutes(routes, '/forgot-password');
    await request('ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
  });
});
