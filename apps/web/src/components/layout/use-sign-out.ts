import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '#web/lib/auth/use-auth.ts';

/** Ends the session, then opens the sign-in page. */
export function useSignOut(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate('/login', { replace: true });
  }, [logout, navigate]);
}
