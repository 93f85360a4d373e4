import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '#web/lib/auth/use-auth.ts';

/** Ends the session on the server, opens the sign-in page, then ends the session here. */
export function useSignOut(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    () => logout(() => Promise.resolve(navigate('/login', { replace: true }))),
    [logout, navigate],
  );
}
