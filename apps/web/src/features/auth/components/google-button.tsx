import { useEffect, useRef, useState } from 'react';
import { navigateBrowser } from '#web/lib/browser-navigation.ts';
import { secondaryButton } from '#web/components/button-styles.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { storeGoogleNext } from '../next-location.ts';
import { GoogleIcon } from './google-icon.tsx';
import { useGoogleSignIn } from './use-google-sign-in.ts';

/** The seed's pause between the click and leaving for Google. */
export const GOOGLE_REDIRECT_DELAY_MS = 1500;

export function googleSignInUrl(remember: boolean): string {
  return remember ? '/api/auth/google?remember=1' : '/api/auth/google';
}

interface GoogleButtonProps {
  /** Whether the server should issue a long-lived session. */
  remember?: boolean;
  /** In-app page to land on once Google sends the user back. */
  next: string;
  label?: string;
}

export function GoogleButton({
  remember = false,
  next,
  label = 'Continue with Google',
}: GoogleButtonProps) {
  const [connecting, setConnecting] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    // Coming back with the Back button restores this page as it was left: connecting.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setConnecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      window.clearTimeout(timer.current);
    };
  }, []);

  function connect() {
    setConnecting(true);
    storeGoogleNext(next);
    timer.current = window.setTimeout(
      () => navigateBrowser(googleSignInUrl(remember)),
      GOOGLE_REDIRECT_DELAY_MS,
    );
  }

  return (
    <button
      type="button"
      onClick={connect}
      disabled={connecting}
      aria-busy={connecting}
      className={`${secondaryButton} w-full`}
    >
      {connecting ? (
        <>
          <Spinner />
          <span role="status">Connecting to Google...</span>
        </>
      ) : (
        <>
          <GoogleIcon />
          <span>{label}</span>
        </>
      )}
    </button>
  );
}

/**
 * Google sign-in above the e-mail form, with the line that parts them (`divider`): only once the
 * server says it is configured (see useGoogleSignIn).
 */
export function GoogleOption({ divider, ...button }: GoogleButtonProps & { divider: string }) {
  const google = useGoogleSignIn();
  if (!google) return null;
  return (
    <>
      <GoogleButton {...button} />
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {divider}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </>
  );
}
