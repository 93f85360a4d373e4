import type { User } from '@spoke/shared';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { hydratingPrerender } from '#web/prerender/state.ts';
import { clientError, isApiError, type ApiError } from '../api/api-error.ts';
import { clearToken, getToken, setToken, subscribeToken } from './token-store.ts';
import { loadSessionApi } from './load-session-api.ts';
import { AuthContext, type AuthState } from './use-auth.ts';

interface Session {
  token: string;
  user: User;
}

/** A failure to check the stored token: the server's error, or the session code not loading. */
function checkError(caught: unknown): ApiError {
  // Only a download can make the lazily loaded session code fail: the network is down.
  return isApiError(caught) ? caught : clientError('CONNECTION_ERROR', caught);
}

// Plain state rather than a data query: the first page a visitor opens then needs neither the
// query library nor the schemas, which load only once the app talks to the server.
export function AuthProvider({ children }: { children: ReactNode }) {
  const storedToken = useSyncExternalStore(subscribeToken, getToken, () => null);
  // A prerendered page hydrates as the server drew it, signed out. The stored session follows in
  // a transition, which React applies once the page's lazily loaded parts have hydrated: an
  // urgent update would make it throw their server HTML away and draw them again.
  const [hydrated, setHydrated] = useState(() => !hydratingPrerender());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  const token = hydrated ? storedToken : null;
  const [session, setSessionState] = useState<Session | null>(null);
  // The last failure to check a token, while it is being retried or after it gave up.
  const [unchecked, setUnchecked] = useState<{ token: string; error: ApiError } | null>(null);
  const [checks, setChecks] = useState(0);
  const [error, setError] = useState<ApiError | null>(null);

  // The user shown always belongs to the stored token: a token changed in another tab, or a
  // sign-out, hides the previous user at once.
  const known = session !== null && token !== null && session.token === token;

  useEffect(() => {
    if (token === null || known) return;
    const controller = new AbortController();
    const failed = (caught: unknown) => {
      if (!controller.signal.aborted) setUnchecked({ token, error: checkError(caught) });
    };
    loadSessionApi()
      .then(({ fetchMeWithRetry }) => fetchMeWithRetry(controller.signal, { onRetry: failed }))
      .then(
        (user) => {
          if (controller.signal.aborted) return;
          setSessionState({ token, user });
          setUnchecked(null);
        },
        (caught: unknown) => {
          if (controller.signal.aborted) return;
          // Only the server refusing the token ends the session. An outage, a failing server or
          // a page that cannot load its code leaves it stored: the user is still signed in.
          if (isApiError(caught) && caught.status === 401) {
            if (getToken() === token) clearToken();
          } else {
            failed(caught);
          }
        },
      );
    return () => controller.abort();
  }, [token, known, checks]);

  const sessionError = !known && unchecked?.token === token ? unchecked.error : null;

  const retrySession = useCallback(() => {
    setUnchecked(null);
    setChecks((count) => count + 1);
  }, []);

  // Back online: check at once rather than wait for the user to ask.
  useEffect(() => {
    if (sessionError === null) return;
    window.addEventListener('online', retrySession);
    return () => window.removeEventListener('online', retrySession);
  }, [sessionError, retrySession]);

  const setSession = useCallback((newToken: string, user: User) => {
    setSessionState({ token: newToken, user });
    setToken(newToken);
    setError(null);
  }, []);

  const updateUser = useCallback((user: User) => {
    setSessionState((current) => (current ? { ...current, user } : current));
  }, []);

  const login = useCallback(
    async (email: string, password: string, remember?: boolean) => {
      setError(null);
      const body = remember === undefined ? { email, password } : { email, password, remember };
      const outcome = await loadSessionApi().then(
        (sessionApi) => sessionApi.attemptLogin(body),
        // The code could not be downloaded: the network or the server is down.
        (caught: unknown) => ({ ok: false as const, error: checkError(caught) }),
      );
      if (outcome.ok) {
        setSession(outcome.result.token, outcome.result.user);
        return true;
      }
      setError(outcome.error);
      return false;
    },
    [setSession],
  );

  const logout = useCallback(async (open?: () => Promise<unknown>) => {
    try {
      if (getToken() !== null) await (await loadSessionApi()).revokeCurrentSession();
      // The session ends here in the same task as the page opens, before anything is drawn:
      // ended earlier, the signed-in page's guard would send to the sign-in page and its `next`
      // first; later, the sign-in page would send the still signed-in user back in.
      await open?.();
    } catch {
      // The server session expires on its own; the local one ends below regardless.
    } finally {
      clearToken();
      setSessionState(null);
      setError(null);
    }
  }, []);

  const user = known ? session.user : null;
  const isLoading = token !== null && !known;

  const value = useMemo<AuthState>(
    () => ({
      user,
      isLoggedIn: user !== null,
      isAdmin: user?.is_admin ?? false,
      isLoading,
      sessionError,
      retrySession,
      error,
      login,
      logout,
      setSession,
      updateUser,
    }),
    [user, isLoading, sessionError, retrySession, error, login, logout, setSession, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
