import type { User } from '@spoke/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setToken } from '#web/lib/auth/token-store.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, type RecordedRequest } from '#web/test/test-server.ts';
import { RequireAuth } from './require-auth.tsx';

const BANNER = 'Confirm your e-mail address: we sent a link to ada@example.com.';
const LIMIT = 'Too many requests. Please wait a moment and try again.';

const routes = [
  {
    path: '/app',
    Component: RequireAuth,
    children: [
      {
        path: 'dashboard',
        Component: () => (
          <>
            <h1>Dashboard</h1>
            <input aria-label="Note" />
          </>
        ),
      },
    ],
  },
];

const unverified: User = { ...sampleUser, email_verified: false };

/** An account API whose answers the test sets; the resend answer is `resend`. */
function serve({
  me = [unverified],
  resend = { status: 200, body: { data: { ok: true } } as unknown },
}: {
  me?: User[];
  resend?: { status: number; body: unknown };
}) {
  let meCalls = 0;
  server.handle((req, res) => {
    if (req.headers.authorization !== 'Bearer session') {
      return sendJson(res, 401, { error: { message: 'Session expired.', code: 'INVALID_TOKEN' } });
    }
    if (req.path === '/api/account/me') {
      const user = me[Math.min(meCalls, me.length - 1)];
      meCalls += 1;
      return sendJson(res, 200, { data: { user } });
    }
    if (req.path === '/api/account/verification-email' && req.method === 'POST') {
      return sendJson(res, resend.status, resend.body);
    }
    sendJson(res, 404, { error: { message: 'Not found', code: 'NOT_FOUND' } });
  });
}

const server = suiteServer();
const resends = () =>
  server.requests.filter((r: RecordedRequest) => r.path === '/api/account/verification-email');

function open() {
  setToken('session');
  return { ...renderRoutes(routes, '/app/dashboard'), user: userEvent.setup() };
}

describe('e-mail verification banner', () => {
  it('asks an unverified account to confirm its address and resends the link', async () => {
    serve({});
    const { user } = open();
    const text = await screen.findByText(/Confirm your e-mail address/);
    expect(text.closest('[role="status"]')?.textContent).toBe(BANNER);
    await screen.findByRole('heading', { name: 'Dashboard' });
    // Keyboard first: the banner's buttons are the first stops on the page.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resend' }));
    await user.keyboard('{Enter}');
    expect((await screen.findByText('Sent: check your inbox')).getAttribute('role')).toBe('status');
    expect(resends()).toHaveLength(1);
    expect(resends()[0]?.method).toBe('POST');
  });

  it('is not there for a verified account', async () => {
    serve({ me: [sampleUser] });
    open();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
    expect(screen.queryByText(/Confirm your e-mail address/)).toBeNull();
  });

  it("shows the server's limit message as an alert", async () => {
    serve({
      resend: { status: 429, body: { error: { message: LIMIT, code: 'RATE_LIMITED' } } },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LIMIT);
    expect(screen.queryByText('Sent: check your inbox')).toBeNull();
    // Still there, and usable again.
    expect(screen.getByRole('button', { name: 'Resend' }).hasAttribute('disabled')).toBe(false);
  });

  it('goes away when the server says the address is verified already', async () => {
    serve({
      me: [unverified, sampleUser],
      resend: {
        status: 409,
        body: { error: { message: 'Your e-mail address is already verified.', code: 'CONFLICT' } },
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(screen.queryByTestId('verify-email-banner')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves the screen as it was when it goes', async () => {
    serve({ me: [unverified, sampleUser] });
    const { user } = open();
    await user.type(await screen.findByLabelText('Note'), 'half-written');
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.queryByTestId('verify-email-banner')).toBeNull());
    expect(screen.getByLabelText('Note')).toHaveProperty('value', 'half-written');
  });

  it('folds for this session only, and unfolds again, focus following the button', async () => {
    serve({});
    const first = open();
    const hide = await screen.findByRole('button', { name: 'Hide' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await first.user.click(hide);
    const show = screen.getByRole('button', { name: 'Show' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(show);
    // Folded, it still says what is missing; the Resend button waits behind Show.
    expect(screen.getByText('Your e-mail address is not confirmed yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();

    // Another screen of the same tab keeps it folded...
    first.unmount();
    const second = open();
    await second.user.click(await screen.findByRole('button', { name: 'Show' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getByText(/Confirm your e-mail address/)).toBeTruthy();
    second.unmount();

    // ...and a new session (another tab, a new sign-in) shows it whole.
    window.sessionStorage.clear();
    open();
    await screen.findByRole('button', { name: 'Resend' });
  });

  it('notices a link followed in another tab when the window gets focus again', async () => {
    serve({ me: [unverified, sampleUser] });
    open();
    await screen.findByRole('button', { name: 'Resend' });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.queryByTestId('verify-email-banner')).toBeNull());
  });
});
