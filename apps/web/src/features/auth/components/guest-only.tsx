import { useEffect } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { loadSessionApi } from '../api/load-session-api.ts';
import { nextFromSearch } from '../next-location.ts';
import { useAuth } from '../use-auth.ts';

/** Layout route for sign-in and registration: a signed-in user goes on into the app. */
export function GuestOnly() {
  const { isLoading, isLoggedIn } = useAuth();
  const [search] = useSearchParams();
  // Signing in is what these pages are for: fetch its code now rather than on submit.
  useEffect(() => {
    loadSessionApi().catch(() => undefined);
  }, []);
  if (isLoading) return <PageLoading />;
  // Same target as the login form uses on success, so both agree when the session appears.
  if (isLoggedIn) return <Navigate to={nextFromSearch(search)} replace />;
  return <Outlet />;
}
