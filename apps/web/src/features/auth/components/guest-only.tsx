import { Navigate, Outlet, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { nextFromSearch } from '../next-location.ts';
import { useAuth } from '../use-auth.ts';

/** Layout route for sign-in and registration: a signed-in user goes on into the app. */
export function GuestOnly() {
  const { isLoading, isLoggedIn } = useAuth();
  const [search] = useSearchParams();
  if (isLoading) return <PageLoading />;
  // Same target as the login form uses on success, so both agree when the session appears.
  if (isLoggedIn) return <Navigate to={nextFromSearch(search)} replace />;
  return <Outlet />;
}
