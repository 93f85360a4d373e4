import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { AuthCard } from '#web/components/auth-card.tsx';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { LoginForm } from '../components/login-form.tsx';
import { nextFromSearch } from '../next-location.ts';

// What the server's Google callback reports through `?error=`.
const GOOGLE_ERRORS: Record<string, string> = {
  google_unavailable:
    'Google sign-in is not configured on this server. Please sign in with your e-mail and password.',
  google_failed:
    'Google sign-in failed. Please try again, or sign in with your e-mail and password.',
  google_unverified:
    'Google has not verified this e-mail address, so it cannot sign you in. Verify it with Google, or sign in with your e-mail and password.',
};

export function Component() {
  usePageTitle('Sign in');
  const [search] = useSearchParams();
  const googleError = GOOGLE_ERRORS[search.get('error') ?? ''];
  return (
    <AuthCard title="Sign in to Spoke" subtitle="Welcome back. Build agents from plain language.">
      {googleError && (
        <div className="mb-6">
          <Alert>{googleError}</Alert>
        </div>
      )}
      <LoginForm next={nextFromSearch(search)} />
    </AuthCard>
  );
}
