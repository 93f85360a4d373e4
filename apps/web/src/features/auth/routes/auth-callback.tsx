import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { AuthCard } from '#web/components/auth-card.tsx';
import { textLink } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { useGoogleExchange } from '../api/google-exchange.ts';
import { forgetGoogleNext, readGoogleNext } from '../next-location.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';

/** Where Google sign-in comes back: trades the one-time code for a session. */
export function Component() {
  usePageTitle('Google sign-in');
  const [search] = useSearchParams();
  const code = search.get('code') || null;
  const exchange = useGoogleExchange(code);
  const { setSession } = useAuth();
  const navigate = useNavigate();
  const [next] = useState(readGoogleNext);

  useEffect(() => {
    if (!exchange.data) return;
    setSession(exchange.data.token, exchange.data.user);
    forgetGoogleNext();
    navigate(next, { replace: true });
  }, [exchange.data, setSession, navigate, next]);

  if (code !== null && !exchange.isError) return <PageLoading />;

  return (
    <AuthCard title="Google sign-in failed">
      <Alert>
        {exchange.error?.message ?? 'The sign-in link is incomplete. Please try signing in again.'}
      </Alert>
      <p className="mt-6 text-sm">
        <Link to="/login" className={textLink}>
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
