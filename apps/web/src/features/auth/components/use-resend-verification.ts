import { ErrorCode } from '@spoke/shared';
import { useCallback, useState } from 'react';
import { asApiError } from '../api/as-api-error.ts';
import { fetchMe } from '../api/me.ts';
import { resendVerificationEmail } from '../api/verification.ts';
import { useAuth } from '../use-auth.ts';

export type ResendState = 'idle' | 'sending' | 'sent';

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
      await resendVerificationEmail();
      setState('sent');
    } catch (caught) {
      const failure = asApiError(caught);
      setState('idle');
      if (failure.status === 409 && failure.code === ErrorCode.CONFLICT) {
        try {
          updateUser((await fetchMe()).user);
          return;
        } catch {
          // Show the server's answer below.
        }
      }
      setError(failure.message);
    }
  }, [updateUser]);

  return { state, error, resend };
}
