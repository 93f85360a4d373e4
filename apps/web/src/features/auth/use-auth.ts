import type { User } from '@spoke/shared';
import { createContext, useContext } from 'react';
import type { ApiError } from '../../lib/api/api-error.ts';

export interface AuthState {
  user: User | null;
  isLoggedIn: boolean;
  isAdmin: boolean;
  /** True while a stored token is being checked against the server. */
  isLoading: boolean;
  /** Why the last login attempt failed, so a page can tell a rate limit from bad credentials. */
  error: ApiError | null;
  /** Resolves true when signed in, false otherwise (see `error`). */
  login(email: string, password: string, remember?: boolean): Promise<boolean>;
  /** Ends the session on the server if it can, and locally whatever happens. */
  logout(): Promise<void>;
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
