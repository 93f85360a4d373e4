import type { User } from '@spoke/shared';
import { createContext, useContext } from 'react';
import type { ApiError } from '../api/api-error.ts';

export interface AuthState {
  user: User | null;
  isLoggedIn: boolean;
  isAdmin: boolean;
  /** True while a stored token is neither confirmed nor refused by the server. */
  isLoading: boolean;
  /**
   * Why the stored token could not be checked yet: no answer from the server, or an error other
   * than 401. The session is kept (only a 401 ends it) and is checked again on `retrySession`.
   */
  sessionError: ApiError | null;
  /** Checks the stored token again after `sessionError`. */
  retrySession(): void;
  /** Why the last login attempt failed, so a page can tell a rate limit from bad credentials. */
  error: ApiError | null;
  /** Resolves true when signed in, false otherwise (see `error`). */
  login(email: string, password: string, remember?: boolean): Promise<boolean>;
  /**
   * Ends the session on the server if it can, then waits for `open` (the page to show signed out),
   * then ends it here whatever happened. Ended only once that page is open, the session leaves
   * the signed-in area's guard nothing to redirect.
   */
  logout(open?: () => Promise<unknown>): Promise<void>;
  /** Starts a session obtained elsewhere (registration, Google sign-in, a password change). */
  setSession(token: string, user: User): void;
  /** Replaces the signed-in user's details after they changed them (same session). */
  updateUser(user: User): void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
