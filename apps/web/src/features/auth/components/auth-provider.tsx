import type { User } from '@spoke/shared';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { isApiError, type ApiError } from '../../../lib/api/api-error.ts';
import { clearToken, getToken, setToken, subscribeToken } from '../../../lib/api/token-store.ts';
import { loadSessionApi } from '../api/load-session-api.ts';
import { AuthContext, type AuthState } from '../use-auth.ts';

interface Session {
  token: string;
  user: User;
}

// Plain state rather than a data query: the first page a visitor opens then needs neither the
// query library nor the schemas, which load only once the app talks to the server.
export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const [session, setSessionState] = useState<Session | null>(null);
  // A token whose check could not even start (the page's code failed to load): keep the token,
  // since the session may well be valid, but stop waiting for it.
  const [uncheckedToken, setUncheckedToken] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  // The user shown always belongs to the stored token: a token changed in another tab, or a
  // sign-out, hides the previous user at once.
  const known = session !== null && token !== null && session.token === token;

  useEffect(() => {
    if (token === null || known) return;
    const controller = new AbortController();
    loadSessionApi()
      .then(({ fetchMeWithRetry }) => fetchMeWithRetry(controller.signal))
      .then(
        (user) => {
          if (!controller.signal.aborted) setSessionState({ token, user });
        },
        (caught: unknown) => {
          if (controller.signal.aborted) return;
          // The server rejected the token or could not be reached: the spec signs the user out.
          if (isApiError(caught)) {
            if (getToken() === token) clearToken();
          } else {
            setUncheckedToken(token);
          }
        },
      );
    return () => controller.abort();
  }, [token, known]);

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
        // The code could not load; the chunk reload handler is already refreshing the page.
        () => ({ ok: false as const, error: null }),
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

  const logout = useCallback(async () => {
    try {
      if (getToken() !== null) await (await loadSessionApi()).revokeCurrentSession();
    } catch {
      // The server session expires on its own; the local one ends below regardless.
    } finally {
      clearToken();
      setSessionState(null);
      setError(null);
    }
  }, []);

  const user = known ? session.user : null;
  const isLoading = token !== null && !known && uncheckedToken !== token;

  const value = useMemo<AuthState>(
    () => ({
      user,
      isLoggedIn: user !== null,
      isAdmin: user?.is_admin ?? false,
      isLoading,
      error,
      login,
      logout,
      setSession,
      updateUser,
    }),
    [user, isLoading, error, login, logout, setSession, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
