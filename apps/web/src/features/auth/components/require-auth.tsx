import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '#web/components/page-loading.tsx';
import { loginPathFor } from '../next-location.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { SessionUnavailable } from './session-unavailable.tsx';

// Only the signed-in area loads it, so a visitor's first page does not carry it.
const loadBanner = () => import('./verify-email-banner.tsx');
const VerifyEmailBanner = lazy(() =>
  loadBanner().then((module) => ({ default: module.VerifyEmailBanner })),
);

/**
 * Layout route for the signed-in area: waits for the session check (and says why when the server
 * cannot confirm the session), else sends to /login.
 */
export function RequireAuth() {
  const { isLoading, isLoggedIn, user, sessionError } = useAuth();
  const location = useLocation();
  // Fetched while the session is checked, so that an unproven account's screen hardly waits.
  useEffect(() => {
    if (isLoading) loadBanner().catch(() => undefined);
  }, [isLoading]);
  if (sessionError) return <SessionUnavailable />;
  if (isLoading) return <PageLoading screen />;
  if (!isLoggedIn) return <Navigate to={loginPathFor(location)} replace />;
  return (
    // The screen waits for the banner rather than jumping down when it arrives; the boundary
    // stays when the banner goes, so the screen keeps its state.
    <Suspense fallback={<PageLoading screen />}>
      {user && !user.email_verified && <VerifyEmailBanner user={user} />}
      <Outlet />
    </Suspense>
  );
}
