import { useId } from 'react';
import { RetryError } from '#web/components/retry-error.tsx';
import { useAuth } from '#web/lib/auth/use-auth.ts';

/**
 * Stands in for a screen that depends on the session while the server cannot confirm it: the
 * user is told why and stays signed in, with a way to check again.
 */
export function SessionUnavailable() {
  const { sessionError, retrySession } = useAuth();
  const titleId = useId();
  if (!sessionError) return null;
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-xl px-4 py-16">
      <h1 id={titleId} className="text-2xl font-bold text-slate-900">
        Your account could not be loaded
      </h1>
      <p className="mt-2 mb-6 text-slate-600">You are still signed in.</p>
      <RetryError message={sessionError.message} onRetry={retrySession} />
    </section>
  );
}
