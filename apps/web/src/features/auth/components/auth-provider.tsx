import { CLIENT_ERROR_MESSAGES, ErrorCode, type User } from '@spoke/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { ApiError, isApiError } from '../../../lib/api/api-error.ts';
import {
  clearToken,
  getToken,
  setToken,
  subscribeToken,
  TOKEN_STORAGE_KEY,
} from '../../../lib/api/token-store.ts';
import { loginRequest } from '../api/login.ts';
import { logoutRequest } from '../api/logout.ts';
import { meQueryKey, useMeQuery } from '../api/me.ts';
import { AuthContext, type AuthState } from '../use-auth.ts';

function asApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  return new ApiError({
    code: ErrorCode.UNKNOWN_ERROR,
    message: CLIENT_ERROR_MESSAGES.UNKNOWN_ERROR,
    cause: error,
  });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const me = useMeQuery(token !== null);
  const [error, setError] = useState<ApiError | null>(null);

  // The stored token failed its start-up check, or the server revoked the session since:
  // forget it so the app shows the signed-out state instead of a half-signed-in one.
  const sessionRejected =
    token !== null &&
    me.isError &&
    (me.data === undefined || (isApiError(me.error) && me.error.status === 401));
  useEffect(() => {
    if (!sessionRejected) return;
    clearToken();
    queryClient.removeQueries({ queryKey: meQueryKey });
  }, [sessionRejected, queryClient]);

  // Another tab signed in as someone else: the cached user belongs to the old token.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY && event.newValue) {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const setSession = useCallback(
    (newToken: string, user: User) => {
      // A check of an older token still in flight must not overwrite the new session.
      void queryClient.cancelQueries({ queryKey: meQueryKey });
      queryClient.setQueryData(meQueryKey, { user });
      setToken(newToken);
      setError(null);
    },
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string, remember?: boolean) => {
      setError(null);
      try {
        const result = await loginRequest(
          remember === undefined ? { email, password } : { email, password, remember },
        );
        setSession(result.token, result.user);
        return true;
      } catch (caught) {
        setError(asApiError(caught));
        return false;
      }
    },
    [setSession],
  );

  const logout = useCallback(async () => {
    try {
      if (getToken() !== null) await logoutRequest();
    } catch {
      // Best effort: the server session expires on its own; the local one ends below regardless.
    } finally {
      clearToken();
      // Cached answers belong to the user who just left.
      queryClient.clear();
      setError(null);
    }
  }, [queryClient]);

  const user = token !== null && !sessionRejected ? (me.data?.user ?? null) : null;
  const isLoading = token !== null && me.isPending;

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
    }),
    [user, isLoading, error, login, logout, setSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
