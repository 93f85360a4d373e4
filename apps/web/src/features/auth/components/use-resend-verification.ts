import { useCallback, useState } from 'react';
import { useAuth } from '#web/lib/auth/use-auth.ts';

export type ResendState = 'idle' | 'sending' | 'sent';

/** The part that talks to the server, loaded on first use. */
export const loadVerificationSession = () => import('../api/verification-session.ts');

/**
 * Asks for a new verification link for the signed-in account. A 409 means the address was
 * proven meanwhile (another tab, another device): the account is read again, which hides
 * whatever asked for the link.
 */
export function useResendVerification() {
  const { updateUser } = useAuth();
  const [state, setState] = useState<ResendState>('idle');
  const [error, setError] = useState<string | null>(null);

  const resend = useCallback(async () => {
    setState('sending');
    setError(null);
    try {
      const outcome = await (await loadVerificationSession()).requestNewLink();
      if (outcome.sent) return setState('sent');
      setState('idle');
      if ('user' in outcome) updateUser(outcome.user);
      else setError(outcome.message);
    } catch {
      // The code could not load; the chunk reload handler is already refreshing the page.
      setState('idle');
    }
  }, [updateUser]);

  return { state, error, resend };
}
