import { CLIENT_ERROR_MESSAGES } from '@spoke/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '#web/lib/auth/token-store.ts';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type Handler } from '#web/test/test-server.ts';

const TOKEN = 'session';
let down = true;

// The server drops every connection while it is down.
const api: Handler = (req, res) => {
  if (down) return res.socket?.destroy();
  const signedIn = req.headers.authorization === `Bearer ${TOKEN}`;
  if (req.path === '/api/account/me' && signedIn) {
    return sendJson(res, 200, { data: { user: sampleUser } });
  }
  if (req.path === '/api/account/billing' && signedIn) return sendRaw(res, 404);
  sendRaw(res, 401);
};
suiteServer(api);

async function unreachableNotice() {
  const title = await screen.findByRole('heading', {
    level: 1,
    name: 'Your account could not be loaded',
  });
  return title.closest('section') as HTMLElement;
}

describe('the signed-in area while the server cannot be reached', () => {
  it('keeps the user signed in, says why, and opens the screen when Try again finds it back', async () => {
    down = true;
    const { router, user } = renderSignedIn('/app/dashboard', TOKEN);
    const notice = await unreachableNotice();
    expect(within(notice).getByRole('alert').textContent).toBe(
      CLIENT_ERROR_MESSAGES.CONNECTION_ERROR,
    );
    expect(within(notice).getByText('You are still signed in.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(getToken()).toBe(TOKEN);
    // The app's own frame stays, and offers no Sign In.
    const nav = within(screen.getByRole('navigation', { name: 'App' }));
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();

    down = false;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('does not offer the sign-in form to a user whose session could not be checked', async () => {
    down = true;
    const { router } = renderSignedIn('/login', TOKEN);
    await unreachableNotice();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBe(TOKEN);
  });
});
