import { useEffect } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { PageLoading } from '#web/components/page-loading.tsx';
import { loadSessionApi } from '#web/lib/auth/load-session-api.ts';
import { nextFromSearch } from '../next-location.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { SessionUnavailable } from './session-unavailable.tsx';

const FIRST_MOVES = ['focusin', 'pointerdown', 'keydown'] as const;

/** Layout route for sign-in and registration: a signed-in user goes on into the app. */
export function GuestOnly() {
  const { isLoading, isLoggedIn, sessionError } = useAuth();
  const [search] = useSearchParams();
  // Signing in is what these pages are for: fetch its code at the visitor's first move (a focus,
  // a key, a tap) rather than on submit, and not while the page itself is still loading.
  useEffect(() => {
    const warmUp = () => void loadSessionApi().catch(() => undefined);
    for (const event of FIRST_MOVES) document.addEventListener(event, warmUp, { once: true });
    return () => {
      for (const event of FIRST_MOVES) document.removeEventListener(event, warmUp);
    };
  }, []);
  // A stored session the server could not confirm is still the user's: no sign-in form.
  if (sessionError) return <SessionUnavailable />;
  if (isLoading) return <PageLoading screen />;
  // Same target as the login form uses on success, so both agree when the session appears.
  if (isLoggedIn) return <Navigate to={nextFromSearch(search)} replace />;
  return <Outlet />;
}
