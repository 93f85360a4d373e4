import { screen } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PageLoading } from '../../../components/page-loading.tsx';
import { getToken } from '../../../lib/api/token-store.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import {
  sampleUser,
  sendJson,
  setPageOrigin,
  startTestServer,
  type TestServer,
} from '../../../test/test-server.ts';

const routes = [
  {
    HydrateFallback: PageLoading,
    children: [
      { path: '/register', lazy: () => import('./register.tsx') },
      { path: '/app/dashboard', Component: () => <h1>Dashboard</h1> },
    ],
  },
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const body = JSON.parse(req.body) as { email: string };
    if (body.email === 'taken@example.com') {
      return sendJson(res, 409, {
        error: {
          message: 'This information is already in use. Please try different details.',
          code: 'CONFLICT',
          fields: { email: 'This e-mail is already registered' },
        },
      });
    }
    sendJson(res, 201, { data: { user: sampleUser, token: 'new-token' } });
  });
  setPageOrigin(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

async function fillForm(user: UserEvent, email: string) {
  await user.type(await screen.findByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.type(screen.getByLabelText('Confirm password'), 'correct horse');
  await user.selectOptions(screen.getByLabelText('Role'), 'developer');
  await user.selectOptions(screen.getByLabelText('Team size'), 'just-me');
  await user.selectOptions(screen.getByLabelText('Primary use case'), 'automation');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms/ }));
}

describe('registration page', () => {
  it('shows the seed validation messages and sends nothing', async () => {
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Username is required',
      'Password is required',
      'Please confirm your password',
      'Please select your role',
      'Please select team size',
      'Please select primary use case',
      'You must agree to the terms',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(server.requests).toHaveLength(0);
  });

  it('clears a field error when that field is edited', async () => {
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    await user.type(screen.getByLabelText('First name'), 'A');
    expect(screen.queryByText('First name is required')).toBeNull();
    expect(screen.getByText('Last name is required')).toBeTruthy();
  });

  it('creates the account, signs in and opens the dashboard', async () => {
    const { router } = renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await fillForm(user, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(getToken()).toBe('new-token');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      username: 'ada',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      role: 'developer',
      teamSize: 'just-me',
      useCase: 'automation',
      agreeToTerms: true,
      subscribeNewsletter: true,
    });
  });

  it("shows the server's field errors on a conflict", async () => {
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await fillForm(user, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('This e-mail is already registered')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This information is already in use. Please try different details.',
    );
    expect(getToken()).toBeNull();
  });
});
