import type { User } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { getToken } from '#web/lib/auth/token-store.ts';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, type RecordedRequest } from '#web/test/test-server.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; rv:125.0) Gecko/20100101 Firefox/125.0';

let token = 'token-1';
let user: User = { ...sampleUser };
let sessions = [
  {
    id: 'current-session',
    created_at: '2026-03-04T10:00:00.000Z',
    expires_at: '2026-04-04T10:00:00.000Z',
    ip_address: '127.0.0.1',
    user_agent: CHROME,
    current: true,
  },
  {
    id: 'other-session',
    created_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2026-04-01T10:00:00.000Z',
    ip_address: '10.0.0.8',
    user_agent: FIREFOX,
    current: false,
  },
];
const initialSessions = sessions;
const initialTokens = [
  {
    id: 'token-ci',
    name: 'ci',
    scopes: ['registry:publish' as const],
    created_at: '2026-03-02T10:00:00.000Z',
    last_used_at: null,
  },
];
let tokens = initialTokens;

function accountApi(req: RecordedRequest, res: ServerResponse) {
  if (req.headers.authorization !== `Bearer ${token}`) {
    return sendJson(res, 401, { error: { message: 'Session expired.', code: 'INVALID_TOKEN' } });
  }
  if (req.path === '/api/account/me' && req.method === 'GET') {
    return sendJson(res, 200, { data: { user } });
  }
  if (req.path === '/api/account/me' && req.method === 'PATCH') {
    const patch = JSON.parse(req.body) as { username: string; display_name: string | null };
    if (patch.username === 'taken') {
      return sendJson(res, 409, {
        error: {
          message: 'This information is already in use. Please try different details.',
          code: 'CONFLICT',
          fields: { username: 'This username is already taken' },
        },
      });
    }
    user = { ...user, ...patch };
    return sendJson(res, 200, { data: { user } });
  }
  if (req.path === '/api/account/password') {
    const body = JSON.parse(req.body) as { currentPassword: string };
    if (body.currentPassword !== 'old password') {
      return sendJson(res, 422, {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { currentPassword: 'Current password is incorrect' },
        },
      });
    }
    token = 'token-2';
    sessions = sessions.filter((session) => session.current);
    return sendJson(res, 200, { data: { user, token } });
  }
  if (req.path === '/api/account/sessions') return sendJson(res, 200, { data: { sessions } });
  if (req.path.startsWith('/api/account/sessions/') && req.method === 'DELETE') {
    const id = req.path.split('/').at(-1);
    sessions = sessions.filter((session) => session.id !== id);
    if (id === 'current-session') token = 'revoked';
    return sendJson(res, 200, { data: { ok: true } });
  }
  if (req.path === '/api/account/tokens' && req.method === 'GET') {
    return sendJson(res, 200, { data: { tokens } });
  }
  if (req.path.startsWith('/api/account/tokens/') && req.method === 'DELETE') {
    tokens = tokens.filter((t) => t.id !== req.path.split('/').at(-1));
    return sendJson(res, 200, { data: { ok: true } });
  }
  if (req.path === '/api/account/logout')
    return sendJson(res, 401, { error: { message: 'x', code: 'x' } });
  sendJson(res, 404, { error: { message: 'Not found', code: 'NOT_FOUND' } });
}

const server = suiteServer(accountApi);
afterEach(() => {
  token = 'token-1';
  user = { ...sampleUser };
  sessions = initialSessions;
  tokens = initialTokens;
});

async function openSettings() {
  const view = renderSignedIn('/app/settings', token);
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return view;
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('profile', () => {
  it('saves display name and username', async () => {
    const { user: person } = await openSettings();
    const profile = section('Profile');
    const displayName = profile.getByLabelText('Display name');
    await person.clear(displayName);
    await person.type(displayName, 'Countess');
    await person.clear(profile.getByLabelText('Username'));
    await person.type(profile.getByLabelText('Username'), 'ada_l');
    await person.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Profile saved.')).toBeTruthy();
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '')).toEqual({ display_name: 'Countess', username: 'ada_l' });
  });

  it('sends null for an empty display name', async () => {
    const { user: person } = await openSettings();
    const profile = section('Profile');
    await person.clear(profile.getByLabelText('Display name'));
    await person.click(profile.getByRole('button', { name: 'Save profile' }));
    await profile.findByText('Profile saved.');
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '')).toEqual({ display_name: null, username: 'ada' });
  });

  it('checks the username before sending', async () => {
    const { user: person } = await openSettings();
    const profile = section('Profile');
    await person.clear(profile.getByLabelText('Username'));
    await person.type(profile.getByLabelText('Username'), 'ab');
    await person.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('shows the catalogue message and marks the username when it is taken', async () => {
    const { user: person } = await openSettings();
    const profile = section('Profile');
    const username = profile.getByLabelText('Username');
    await person.clear(username);
    await person.type(username, 'taken');
    await person.click(profile.getByRole('button', { name: 'Save profile' }));
    expect((await profile.findByRole('alert')).textContent).toBe(
      'This information is already in use. Please try different details.',
    );
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(profile.getByText('This username is already taken')).toBeTruthy();
  });
});

describe('password', () => {
  it('applies the registration rules', async () => {
    const { user: person } = await openSettings();
    const password = section('Password');
    await person.click(password.getByRole('button', { name: 'Change password' }));
    expect(password.getByText('Current password is required')).toBeTruthy();
    expect(password.getByText('Password is required')).toBeTruthy();
    expect(password.getByText('Please confirm your password')).toBeTruthy();

    await person.type(password.getByLabelText('New password'), 'short');
    await person.type(password.getByLabelText('Confirm new password'), 'other');
    await person.click(password.getByRole('button', { name: 'Change password' }));
    expect(password.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(password.getByText('Passwords do not match')).toBeTruthy();
    expect(server.requests.some((r) => r.path === '/api/account/password')).toBe(false);
  });

  it('keeps the user signed in with the new token', async () => {
    const { user: person } = await openSettings();
    const password = section('Password');
    await person.type(password.getByLabelText('Current password'), 'old password');
    await person.type(password.getByLabelText('New password'), 'new password 1');
    await person.type(password.getByLabelText('Confirm new password'), 'new password 1');
    await person.click(password.getByRole('button', { name: 'Change password' }));
    expect(
      await password.findByText('Password changed. Your other sessions have been signed out.'),
    ).toBeTruthy();
    expect(getToken()).toBe('token-2');
    const call = server.requests.find((r) => r.path === '/api/account/password');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      currentPassword: 'old password',
      newPassword: 'new password 1',
    });
    // The session list was fetched again with the new token and shows only this device.
    await waitFor(() => expect(section('Your sessions').queryByText(/Firefox/)).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  });

  it('marks a wrong current password', async () => {
    const { user: person } = await openSettings();
    const password = section('Password');
    const current = password.getByLabelText('Current password');
    await person.type(current, 'wrong');
    await person.type(password.getByLabelText('New password'), 'new password 1');
    await person.type(password.getByLabelText('Confirm new password'), 'new password 1');
    await person.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText('Current password is incorrect')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(getToken()).toBe('token-1');
    // Editing the field clears its error.
    await person.type(current, 'x');
    expect(password.queryByText('Current password is incorrect')).toBeNull();
  });
});

describe('sessions', () => {
  it('lists devices with this one marked, and revokes another', async () => {
    const { user: person } = await openSettings();
    const list = section('Your sessions');
    expect(await list.findByText('Chrome on Linux')).toBeTruthy();
    expect(list.getByText('This device')).toBeTruthy();
    expect(list.getByText('Firefox on Windows')).toBeTruthy();
    await person.click(list.getByRole('button', { name: 'Revoke Firefox on Windows' }));
    await waitFor(() => expect(list.queryByText('Firefox on Windows')).toBeNull());
    expect(
      server.requests.some(
        (r) => r.method === 'DELETE' && r.path === '/api/account/sessions/other-session',
      ),
    ).toBe(true);
    expect(getToken()).toBe('token-1');
  });

  it('revoking this device signs you out', async () => {
    const { user: person, router } = await openSettings();
    const list = section('Your sessions');
    await person.click(
      await list.findByRole('button', { name: 'Revoke this device (signs you out)' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // A deliberate sign-out opens the plain sign-in page: not the one the signed-in area's guard
    // sends to, which would bring the user back to settings after signing in.
    expect(router.state.location.search).toBe('');
    expect(getToken()).toBeNull();
  });
});

describe('API tokens', () => {
  it('lists the tokens and revokes one after confirmation', async () => {
    const { user: person } = await openSettings();
    const tokensSection = section('API tokens');
    const list = await tokensSection.findByRole('list', { name: 'API tokens' });
    expect(within(list).getByText('ci')).toBeTruthy();
    await person.click(within(list).getByRole('button', { name: 'Revoke token ci' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke token “ci”?' });
    await person.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(tokens).toEqual([]));
    expect(
      server.requests.some(
        (r) => r.method === 'DELETE' && r.path === '/api/account/tokens/token-ci',
      ),
    ).toBe(true);
  });
});
