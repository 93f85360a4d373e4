import type { User } from '@spoke/shared';
import { ChevronDown, ChevronUp, MailWarning } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '#web/components/spinner.tsx';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { loadVerificationSession, useResendVerification } from './use-resend-verification.ts';

// Collapsed for this tab's session at most: a new session shows the banner again.
const COLLAPSED_KEY = 'spoke.verify-banner.collapsed';

function collapsedFor(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(COLLAPSED_KEY) === userId;
  } catch {
    return false;
  }
}

function rememberCollapsed(userId: string, collapsed: boolean): void {
  try {
    if (collapsed) window.sessionStorage.setItem(COLLAPSED_KEY, userId);
    else window.sessionStorage.removeItem(COLLAPSED_KEY);
  } catch {
    // Without storage the choice lasts until the page reloads.
  }
}

const smallButton =
  'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60';
const resendButton = `${smallButton} border border-amber-300 bg-white text-amber-950 hover:bg-amber-100`;
const toggleButton = `${smallButton} text-amber-900 hover:bg-amber-100`;

/**
 * Shown on every signed-in screen while the account's address is not proven: what to do, a way
 * to get a new link, and nothing that hides it for longer than this tab's session.
 */
export function VerifyEmailBanner({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const [collapsed, setCollapsed] = useState(() => collapsedFor(user.id));
  const { state: sending, error, resend } = useResendVerification();
  const toggle = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  const bodyId = useId();

  // The toggle button is replaced when the banner folds or unfolds: focus follows it.
  useEffect(() => {
    if (toggled.current) toggle.current?.focus();
    toggled.current = false;
  }, [collapsed]);

  // The link is often followed in another tab: coming back here picks the news up.
  useEffect(() => {
    let checking = false;
    const onFocus = () => {
      if (checking) return;
      checking = true;
      loadVerificationSession()
        .then(({ currentUser }) => currentUser())
        .then((fresh) => {
          if (fresh.id === user.id && fresh.email_verified) updateUser(fresh);
        })
        .catch(() => undefined)
        .finally(() => {
          checking = false;
        });
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [user.id, updateUser]);

  function setFolded(next: boolean) {
    toggled.current = true;
    rememberCollapsed(user.id, next);
    setCollapsed(next);
  }

  if (collapsed) {
    return (
      <div className="border-b border-amber-200 bg-amber-50" data-testid="verify-email-banner">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-1.5 text-sm text-amber-950">
          <p className="flex min-w-0 items-center gap-2">
            <MailWarning aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
            <span className="truncate">Your e-mail address is not confirmed yet.</span>
          </p>
          <button
            ref={toggle}
            type="button"
            aria-expanded={false}
            onClick={() => setFolded(false)}
            className={toggleButton}
          >
            Show
            <ChevronDown aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="border-b border-amber-200 bg-amber-50" data-testid="verify-email-banner">
      <div
        id={bodyId}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm text-amber-950"
      >
        <p role="status" className="flex min-w-0 flex-[1_1_18rem] items-start gap-2">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <span className="min-w-0">
            Confirm your e-mail address: we sent a link to{' '}
            <strong className="font-semibold wrap-anywhere">{user.email}</strong>.
          </span>
        </p>
        <div className="flex shrink-0 items-center gap-2">
          <button
            type="button"
            onClick={() => void resend()}
            disabled={sending === 'sending'}
            aria-busy={sending === 'sending'}
            className={resendButton}
          >
            {sending === 'sending' && <Spinner />}
            {sending === 'sending' ? 'Sending...' : 'Resend'}
          </button>
          <button
            ref={toggle}
            type="button"
            aria-expanded={true}
            aria-controls={bodyId}
            onClick={() => setFolded(true)}
            className={toggleButton}
          >
            Hide
            <ChevronUp aria-hidden="true" className="size-4" />
          </button>
        </div>
        {sending === 'sent' && (
          <p role="status" className="basis-full font-medium text-green-800">
            Sent: check your inbox
          </p>
        )}
        {error && (
          <p role="alert" className="basis-full font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
