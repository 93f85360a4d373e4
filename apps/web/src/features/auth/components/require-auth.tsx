import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { loginPathFor } from '../next-location.ts';
import { useAuth } from '../use-auth.ts';

// Only accounts with an unproven address load it (with the API client it uses).
const VerifyEmailBanner = lazy(() =>
  import('./verify-email-banner.tsx').then((module) => ({ default: module.VerifyEmailBanner })),
);

/** Layout route for the signed-in area: waits for the session check, else sends to /login. */
export function RequireAuth() {
  const { isLoading, isLoggedIn, user } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageLoading screen />;
  if (!isLoggedIn) return <Navigate to={loginPathFor(location)} replace />;
  return (
    <>
      {user && !user.email_verified && (
        <Suspense fallback={null}>
          <VerifyEmailBanner user={user} />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}
