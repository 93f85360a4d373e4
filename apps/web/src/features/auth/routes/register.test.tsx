import { COMMON_PASSWORD_MESSAGE, type RegisterRequest } from '@spoke/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '#web/components/page-loading.tsx';
import { getToken } from '#web/lib/auth/token-store.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { answerPath, sampleUser, sendJson, sendRaw } from '#web/test/test-server.ts';

const routes = [
  {
    HydrateFallback: PageLoading,
    children: [
      { path: '/register', lazy: () => import('./register.tsx') },
      { path: '/app/dashboard', Component: () => <h1>Dashboard</h1> },
    ],
  },
];

const CONFLICT = 'This information is already in use. Please try different details.';

const server = suiteServer();
const METHODS = '/api/auth/methods';
/** What the wizard sent, beside the sign-in page asking whether Google sign-in is offered. */
const sent = () => server.requests.filter((r) => r.path !== METHODS);

function answer(reply: (res: ServerResponse) => void) {
  server.handle(answerPath('/api/account/register', reply));
}

const progress = () => screen.getByRole('progressbar', { name: 'Registration progress' });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function fillStep1(user: UserEvent, email = 'ada@example.com') {
  await user.type(await screen.findByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.click(continueButton());
}

async function fillStep2(user: UserEvent) {
  await user.type(await screen.findByLabelText('Password'), 'correct horse');
  await user.type(screen.getByLabelText('Confirm password'), 'correct horse');
  await user.click(continueButton());
}

async function fillStep3(user: UserEvent) {
  await user.selectOptions(await screen.findByLabelText('Role'), 'developer');
  await user.selectOptions(screen.getByLabelText('Team size'), 'just-me');
  await user.selectOptions(screen.getByLabelText('Primary use case'), 'automation');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms/ }));
}

async function reachCreate(user: UserEvent, email?: string) {
  await fillStep1(user, email);
  await fillStep2(user);
  await fillStep3(user);
}

const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('registration wizard', () => {
  it('shows the progress of three steps', async () => {
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await screen.findByText('Step 1 of 3');
    expect(document.title).toBe('Create your account · Spoke');
    expect(progress().getAttribute('aria-valuenow')).toBe('1');
    expect(progress().getAttribute('aria-valuemin')).toBe('1');
    expect(progress().getAttribute('aria-valuemax')).toBe('3');
    await fillStep1(user);
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('2');
  });

  it('keeps step 1 until its fields validate, with the spec messages', async () => {
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await screen.findByLabelText('First name');
    await user.click(continueButton());
    expect(errorOf('First name')).toBe('First name is required');
    expect(errorOf('Last name')).toBe('Last name is required');
    expect(errorOf('Email')).toBe('Email is required');
    expect(errorOf('Username')).toBe('Username is required');
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.click(continueButton());
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Username')).toBe('Username must be at least 3 characters');
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(sent()).toHaveLength(0);
  });

  it('checks the password step and shows its strength', async () => {
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await fillStep1(user);
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Enter a password');
    await user.click(continueButton());
    expect(errorOf('Password')).toBe('Password is required');
    expect(errorOf('Confirm password')).toBe('Please confirm your password');
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Fair');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(continueButton());
    expect(errorOf('Password')).toBe('Password must be at least 8 characters');
    expect(errorOf('Confirm password')).toBe('Passwords do not match');
  });

  it('checks the last step, with the newsletter ticked by default', async () => {
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await fillStep1(user);
    await fillStep2(user);
    expect(screen.getByRole('checkbox', { name: 'Send me product news and tips' })).toHaveProperty(
      'checked',
      true,
    );
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(errorOf('Role')).toBe('Please select your role');
    expect(errorOf('Team size')).toBe('Please select team size');
    expect(errorOf('Primary use case')).toBe('Please select primary use case');
    expect(screen.getByText('You must agree to the terms')).toBeTruthy();
    expect(sent()).toHaveLength(0);
  });

  it('clears a field error when that field is edited', async () => {
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await screen.findByLabelText('First name');
    await user.click(continueButton());
    await user.type(screen.getByLabelText('First name'), 'A');
    expect(screen.queryByText('First name is required')).toBeNull();
    expect(screen.getByText('Last name is required')).toBeTruthy();
  });

  it('keeps every value when going back and forth', async () => {
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await fillStep1(user);
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Password')).toHaveProperty('value', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('creates the account, signs in and opens the dashboard', async () => {
    answer((res) => sendJson(res, 201, { data: { user: sampleUser, token: 'new-token' } }));
    const { router } = renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await reachCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(getToken()).toBe('new-token');
    expect(JSON.parse(sent()[0]?.body ?? '')).toEqual({
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
      remember: false,
    } satisfies RegisterRequest);
  });

  it('offers Remember me, unticked as on the sign-in form, and sends the choice', async () => {
    answer((res) => sendJson(res, 201, { data: { user: sampleUser, token: 'new-token' } }));
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await reachCreate(user);
    const remember = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(remember).toHaveProperty('checked', false);
    await user.click(remember);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(JSON.parse(sent()[0]?.body ?? '')).toMatchObject({ remember: true });
  });

  it.each(['password', 'PassWord1', '  12345678  ', 'iloveyou'])(
    'calls %j too common and keeps the password step, with the server message',
    async (common) => {
      renderRoutes(routes, '/register');
      const user = userEvent.setup();
      await fillStep1(user);
      await user.type(screen.getByLabelText('Password'), common);
      await user.type(screen.getByLabelText('Confirm password'), common);
      await waitFor(() =>
        expect(screen.getByTestId('password-strength-label').textContent).toBe('Too common'),
      );
      await user.click(continueButton());
      await waitFor(() => expect(errorOf('Password')).toBe(COMMON_PASSWORD_MESSAGE));
      expect(screen.getByText('Step 2 of 3')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByLabelText('Password'));
      // One more character and it is an ordinary password again.
      await user.type(screen.getByLabelText('Password'), 'x!q');
      expect(screen.getByTestId('password-strength-label').textContent).toBe('Strong');
      expect(errorOf('Password')).toBeUndefined();
      expect(sent()).toHaveLength(0);
    },
  );

  it('shows Creating Account... while the request runs', async () => {
    let release = () => undefined as void;
    answer((res) => {
      release = () => sendRaw(res, 503);
    });
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await reachCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const busy = await screen.findByRole('button', { name: 'Creating Account...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(sent()).toHaveLength(1));
    release();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Service temporarily unavailable. Please try again later.',
    );
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByLabelText('Role')).toHaveProperty('value', 'developer');
  });

  it('goes back to step 1 on a conflict, marking the taken fields', async () => {
    answer((res) =>
      sendJson(res, 409, {
        error: {
          message: CONFLICT,
          code: 'CONFLICT',
          fields: { email: 'An account with this email already exists' },
        },
      }),
    );
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await reachCreate(user, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONFLICT);
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(errorOf('Email')).toBe('An account with this email already exists');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'taken@example.com');
    expect(getToken()).toBeNull();
  });

  it('shows server validation errors on their step', async () => {
    answer((res) =>
      sendJson(res, 422, {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { password: 'Password is too common' },
        },
      }),
    );
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await reachCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByText('Step 2 of 3');
    expect(errorOf('Password')).toBe('Password is too common');
  });

  it.each([
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server error. Please try again later.'],
  ])('shows the catalogue message for a %i', async (status, message) => {
    answer((res) => sendRaw(res, status));
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await reachCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('shows the connection message when the server drops the connection', async () => {
    answer((res) => res.socket?.destroy());
    renderRoutes(routes, '/register');
    const user = userEvent.setup();
    await reachCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to connect to server. Please check your internet connection and try again.',
    );
  });
});

describe('signing up with Google', () => {
  it('is offered on step 1 when the server has Google sign-in', async () => {
    server.handle(answerPath(METHODS, (res) => sendJson(res, 200, { data: { google: true } })));
    renderRoutes(routes, '/register');
    expect(await screen.findByRole('button', { name: 'Sign up with Google' })).toBeTruthy();
    screen.getByText('or sign up with e-mail');
  });

  it('is not offered when the server has none', async () => {
    server.handle(answerPath(METHODS, (res) => sendJson(res, 200, { data: { google: false } })));
    renderRoutes(routes, '/register');
    await screen.findByLabelText('First name');
    await waitFor(() => expect(server.requests.map((r) => r.path)).toEqual([METHODS]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    expect(screen.queryByText('or sign up with e-mail')).toBeNull();
  });
});
