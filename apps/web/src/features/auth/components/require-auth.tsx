import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { loginPathFor } from '../next-location.ts';
import { useAuth } from '../use-auth.ts';

/** Layout route for the signed-in area: waits for the session check, else sends to /login. */
export function RequireAuth() {
  const { isLoading, isLoggedIn } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageLoading screen />;
  if (!isLoggedIn) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
