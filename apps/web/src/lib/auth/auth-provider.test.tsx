import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CLIENT_ERROR_MESSAGES } from '@spoke/shared';
import { describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from './token-store.ts';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type Handler } from '#web/test/test-server.ts';
import { useAuth } from './use-auth.ts';
import { AuthProvider } from './auth-provider.tsx';

const GOOD_TOKEN = 'good-token';

// The real server's account routes, reduced to what the auth state relies on.
const accountApi: Handler = (req, res) => {
  const bearer = req.headers.authorization;
  if (req.path === '/api/account/me') {
    if (bearer === `Bearer ${GOOD_TOKEN}`)
      return sendJson(res, 200, { data: { user: sampleUser } });
    return sendJson(res, 401, { error: { message: 'Session expired.', code: 'INVALID_TOKEN' } });
  }
  if (req.path === '/api/account/login') {
    const { email, password } = JSON.parse(req.body) as { email: string; password: string };
    if (email === sampleUser.email && password === 'correct horse') {
      return sendJson(res, 200, { data: { user: sampleUser, token: GOOD_TOKEN } });
    }
    return sendJson(res, 401, {
      error: { message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' },
    });
  }
  if (req.path === '/api/account/logout') return sendJson(res, 200, { data: { ok: true } });
  sendRaw(res, 404);
};

const server = suiteServer(accountApi);

function renderAuth() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthProvider>{children}</AuthProvider>
  );
  return renderHook(() => useAuth(), { wrapper });
}

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
    vi.restoreAllMocks();
  });
});

describe('AuthProvider start-up', () => {
  it('is signed out at once without a stored token, and asks nothing', () => {
    const { result } = renderAuth();
    expect(result.current).toMatchObject({ user: null, isLoggedIn: false, isLoading: false });
    expect(server.requests).toHaveLength(0);
  });

  it('loads the user for a valid stored token', async () => {
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({ user: sampleUser, isLoggedIn: true, isAdmin: false });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${GOOD_TOKEN}`);
  });

  it('clears an invalid stored token and ends signed out', async () => {
    setToken('revoked-token');
    const { result } = renderAuth();
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(getToken()).toBeNull());
    expect(result.current).toMatchObject({ user: null, isLoggedIn: false, isLoading: false });
    expect(server.requests).toHaveLength(1);
  });

  it('reports an admin', async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, { data: { user: { ...sampleUser, is_admin: true } } }),
    );
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isAdmin).toBe(true));
  });
});

describe('AuthProvider when the server cannot confirm the session', () => {
  /** Drops the connection for /me while `down()` holds, else answers like the real server. */
  function meWhile(down: () => boolean): Handler {
    return (req, res) => {
      if (req.path === '/api/account/me' && down()) return res.socket?.destroy();
      accountApi(req, res);
    };
  }

  it('keeps the session through an outage, says why, and goes on when the server answers', async () => {
    let down = true;
    server.handle(meWhile(() => down));
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.sessionError).not.toBeNull());
    expect(result.current.sessionError?.message).toBe(CLIENT_ERROR_MESSAGES.CONNECTION_ERROR);
    expect(result.current).toMatchObject({ isLoggedIn: false, isLoading: true });
    expect(getToken()).toBe(GOOD_TOKEN);

    // The check is tried again on its own (after 1 s): the server is back.
    down = false;
    await waitFor(() => expect(result.current.isLoggedIn).toBe(true), { timeout: 4000 });
    expect(result.current).toMatchObject({
      user: sampleUser,
      isLoading: false,
      sessionError: null,
    });
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the token when the server refuses for another reason than 401, until asked again', async () => {
    let refusals = 1;
    server.handle((req, res) => {
      if (req.path === '/api/account/me' && refusals > 0) {
        refusals -= 1;
        return sendJson(res, 429, { error: { message: 'Slow down.', code: 'RATE_LIMITED' } });
      }
      accountApi(req, res);
    });
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    // A 4xx is not tried again on its own.
    await waitFor(() => expect(result.current.sessionError?.message).toBe('Slow down.'));
    expect(server.requests).toHaveLength(1);
    expect(getToken()).toBe(GOOD_TOKEN);

    act(() => result.current.retrySession());
    await waitFor(() => expect(result.current.isLoggedIn).toBe(true));
    expect(result.current.sessionError).toBeNull();
  });

  it('signs out when the server, back again, refuses the token', async () => {
    let calls = 0;
    server.handle((req, res) => {
      if (req.path === '/api/account/me' && (calls += 1) === 1) return sendRaw(res, 503);
      accountApi(req, res);
    });
    setToken('revoked-token');
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.sessionError?.status).toBe(503));
    expect(getToken()).toBe('revoked-token');
    await waitFor(() => expect(getToken()).toBeNull(), { timeout: 4000 });
    expect(result.current).toMatchObject({
      isLoggedIn: false,
      isLoading: false,
      sessionError: null,
    });
  });

  it('checks again as soon as the browser is back online', async () => {
    let down = true;
    server.handle((req, res) => {
      if (req.path === '/api/account/me' && down) {
        return sendJson(res, 403, { error: { message: 'Not now.', code: 'FORBIDDEN' } });
      }
      accountApi(req, res);
    });
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.sessionError).not.toBeNull());
    down = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.isLoggedIn).toBe(true));
  });
});

describe('login', () => {
  it('resolves true, stores the token and sets the user', async () => {
    const { result } = renderAuth();
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.login(sampleUser.email, 'correct horse', true);
    });
    expect(ok).toBe(true);
    expect(getToken()).toBe(GOOD_TOKEN);
    expect(result.current).toMatchObject({ user: sampleUser, isLoggedIn: true, error: null });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      email: sampleUser.email,
      password: 'correct horse',
      remember: true,
    });
  });

  it('resolves false on wrong credentials and keeps the reason', async () => {
    const { result } = renderAuth();
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.login(sampleUser.email, 'wrong');
    });
    expect(ok).toBe(false);
    expect(getToken()).toBeNull();
    expect(result.current.isLoggedIn).toBe(false);
    expect(result.current.error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
  });
});

describe('logout', () => {
  it('revokes the session on the server, then clears token and user', async () => {
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isLoggedIn).toBe(true));
    await act(() => result.current.logout());
    const logoutCall = server.requests.find((r) => r.path === '/api/account/logout');
    expect(logoutCall?.headers.authorization).toBe(`Bearer ${GOOD_TOKEN}`);
    expect(getToken()).toBeNull();
    expect(result.current).toMatchObject({ user: null, isLoggedIn: false });
  });

  it('still signs out locally when the server call fails', async () => {
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isLoggedIn).toBe(true));
    server.handle((_req, res) => sendRaw(res, 503));
    await act(() => result.current.logout());
    expect(getToken()).toBeNull();
    expect(result.current.isLoggedIn).toBe(false);
  });
});

describe('setSession', () => {
  it('signs in with a session obtained elsewhere, without asking the server', async () => {
    const { result } = renderAuth();
    act(() => result.current.setSession('from-google', sampleUser));
    expect(getToken()).toBe('from-google');
    expect(result.current).toMatchObject({ user: sampleUser, isLoggedIn: true, isLoading: false });
    expect(server.requests).toHaveLength(0);
  });
});

describe('another tab', () => {
  function changeTokenElsewhere(value: string | null) {
    if (value === null) window.localStorage.removeItem('token');
    else window.localStorage.setItem('token', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: value }));
  }

  it('signing out there signs out here', async () => {
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isLoggedIn).toBe(true));
    act(() => changeTokenElsewhere(null));
    expect(result.current.isLoggedIn).toBe(false);
  });

  it('a new token there is checked again here', async () => {
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isLoggedIn).toBe(true));
    act(() => changeTokenElsewhere('someone-elses-token'));
    // The previous user disappears at once: they belong to the old token.
    expect(result.current.user).toBeNull();
    await waitFor(() =>
      expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer someone-elses-token'),
    );
    await waitFor(() => expect(getToken()).toBeNull());
    expect(result.current.isLoggedIn).toBe(false);
  });
});

describe('session changes', () => {
  it('a new session replaces a check still in flight for the old token', async () => {
    let release: (() => void) | undefined;
    server.handle((req, res) => {
      if (req.path === '/api/account/me') {
        release = () => sendJson(res, 200, { data: { user: { ...sampleUser, username: 'old' } } });
        return;
      }
      sendRaw(res, 404);
    });
    setToken('old-token');
    const { result } = renderAuth();
    await waitFor(() => expect(release).toBeDefined());
    act(() => result.current.setSession('new-token', sampleUser));
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getToken()).toBe('new-token');
    expect(result.current.user).toEqual(sampleUser);
  });

  it('updateUser shows changed details without a new session', async () => {
    setToken(GOOD_TOKEN);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isLoggedIn).toBe(true));
    act(() => result.current.updateUser({ ...sampleUser, display_name: 'Countess' }));
    expect(result.current.user?.display_name).toBe('Countess');
    expect(getToken()).toBe(GOOD_TOKEN);
  });
});
