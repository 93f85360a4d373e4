import { ErrorCode, type User } from '@spoke/shared';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { AuthCard } from '#web/components/auth-card.tsx';
import { primaryButton, secondaryButton, textLink } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { type ApiError } from '#web/lib/api/api-error.ts';
import { asApiError } from '#web/lib/api/as-api-error.ts';
import { verifyEmail } from '../api/verification.ts';
import { useResendVerification } from '../components/use-resend-verification.ts';
import { DEFAULT_AFTER_LOGIN } from '../next-location.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { Button } from '#web/components/ui/button.tsx';

/** The link is spent, expired or was never one (a cut or too long token). */
const isDeadLink = (error: ApiError) =>
  error.code === ErrorCode.INVALID_TOKEN || error.code === ErrorCode.VALIDATION_FAILED;

// A link works once: a page mounted twice (React's strict mode, a quick back and forth) shares
// the one request made for its token instead of spending the link and then failing.
const requests = new Map<string, Promise<User>>();

function verifyOnce(token: string): Promise<User> {
  let request = requests.get(token);
  if (!request) {
    request = verifyEmail(token);
    requests.set(token, request);
    // A request that got no answer about the link itself (no connection, busy, rate limited)
    // may be made again, with the Try again button.
    request.catch((error: unknown) => {
      if (!isDeadLink(asApiError(error))) requests.delete(token);
    });
  }
  return request;
}

type Outcome =
  { state: 'verifying' } | { state: 'verified'; user: User } | { state: 'failed'; error: ApiError };

/** Takes focus when shown, so that keyboard and screen reader users land on the outcome. */
function Focused({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="space-y-4 focus:outline-none">
      {children}
    </div>
  );
}

/** A new link for the signed-in account, from the page where the old one failed. */
function ResendLink() {
  const { user } = useAuth();
  const { state, error, resend } = useResendVerification();
  if (user?.email_verified) {
    return (
      <p className="text-sm text-slate-700">
        Your e-mail address is already confirmed: there is nothing more to do.{' '}
        <Link to={DEFAULT_AFTER_LOGIN} className={textLink}>
          Go to your dashboard
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <Button
        onClick={() => void resend()}
        pending={state === 'sending'}
        pendingLabel="Sending..."
        className="w-full"
      >
        Send a new link
      </Button>
      {state === 'sent' && (
        <p role="status" className="text-sm font-medium text-green-800">
          Sent: check your inbox
        </p>
      )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

/** What someone who cannot be helped here should do next. */
function NextStep() {
  const { isLoggedIn, isLoading } = useAuth();
  if (isLoading) return null;
  if (isLoggedIn) return <ResendLink />;
  return (
    <p className="text-sm text-slate-700">
      <Link to="/login" className={textLink}>
        Sign in
      </Link>{' '}
      and use the banner at the top of the page to get a new link.
    </p>
  );
}

export function Component() {
  usePageTitle('Confirm your e-mail address');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // Read once: the token leaves the address bar (and the history) right away.
  const [token] = useState(() => search.get('token') ?? '');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'verifying' });
  const [attempt, setAttempt] = useState(0);
  const { user, isLoggedIn, updateUser } = useAuth();

  useEffect(() => {
    if (search.has('token')) void navigate({ search: '' }, { replace: true });
  }, [search, navigate]);

  useEffect(() => {
    if (!token) return;
    let current = true;
    verifyOnce(token).then(
      (verified) => current && setOutcome({ state: 'verified', user: verified }),
      (error: unknown) => current && setOutcome({ state: 'failed', error: asApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  // The signed-in account, if it is the one just proven, drops its banner at once.
  const verified = outcome.state === 'verified' ? outcome.user : null;
  useEffect(() => {
    if (verified && user && user.id === verified.id && !user.email_verified) updateUser(verified);
  }, [verified, user, updateUser]);

  if (!token) {
    return (
      <AuthCard title="Confirm your e-mail address">
        <p className="text-sm text-slate-700">
          This page opens from the link in the e-mail we sent when you registered, and this address
          has no code in it. Open the link straight from the e-mail.
        </p>
        <div className="mt-6">
          <NextStep />
        </div>
      </AuthCard>
    );
  }

  if (outcome.state === 'verifying') {
    return (
      <AuthCard title="Confirm your e-mail address">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner />
          Confirming your e-mail address...
        </p>
      </AuthCard>
    );
  }

  if (outcome.state === 'verified') {
    const own = user?.id === outcome.user.id;
    return (
      <AuthCard title="E-mail address confirmed">
        <Focused>
          <p role="status" className="flex gap-2 text-sm text-slate-700">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
            <span>
              Your e-mail address is confirmed:{' '}
              <strong className="wrap-anywhere">{outcome.user.email}</strong>.
            </span>
          </p>
          {isLoggedIn && own ? (
            <Link to={DEFAULT_AFTER_LOGIN} className={`${primaryButton} w-full`}>
              Go to your dashboard
            </Link>
          ) : (
            <Link to="/login" className={`${primaryButton} w-full`}>
              Sign In
            </Link>
          )}
        </Focused>
      </AuthCard>
    );
  }

  const { error } = outcome;
  if (isDeadLink(error)) {
    return (
      <AuthCard title="This link does not work">
        <Focused>
          <Alert>
            {error.code === ErrorCode.INVALID_TOKEN
              ? error.message
              : 'This verification link is invalid or has expired. Please request a new one.'}
          </Alert>
          <NextStep />
        </Focused>
      </AuthCard>
    );
  }

  // No answer, or one that says nothing about the link (busy, rate limit): it may be tried again.
  return (
    <AuthCard title="Confirm your e-mail address">
      <Focused>
        <Alert>{error.message}</Alert>
        <button
          type="button"
          onClick={() => {
            setOutcome({ state: 'verifying' });
            setAttempt((n) => n + 1);
          }}
          className={`${secondaryButton} w-full`}
        >
          Try again
        </button>
      </Focused>
    </AuthCard>
  );
}
