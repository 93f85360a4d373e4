import { MailWarning } from 'lucide-react';
import { useAuth } from '../lib/auth/use-auth.ts';

/**
 * Beside an action an account with an unproven address cannot take yet (publishing, agents
 * sending e-mail): says so before the server has to refuse, and where the link comes from.
 */
export function VerifyFirstNote({ action }: { action: string }) {
  const { user } = useAuth();
  if (!user || user.email_verified) return null;
  return (
    <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <span>
        {action} needs a confirmed e-mail address: follow the link we sent to{' '}
        <strong className="wrap-anywhere">{user.email}</strong>, or get a new one with Resend in the
        banner at the top of the page.
      </span>
    </p>
  );
}
