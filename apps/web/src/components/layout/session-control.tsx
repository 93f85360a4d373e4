import { ChevronDown, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '../button-styles.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { profileTrigger } from './profile-trigger.ts';

/** Resolves when the browser says it is back online, or after `ms` at the latest. */
function onlineOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/**
 * The profile menu's code, loaded on demand so visitors never download it. A download that fails
 * (offline, the server down) keeps the stand-in and tries again once the browser is back online
 * (or half a minute later): it never takes the page down with it.
 */
const ProfileMenu = lazy(async () => {
  for (;;) {
    try {
      return { default: (await import('./profile-menu.tsx')).ProfileMenu };
    } catch {
      await onlineOrAfter(30_000);
    }
  }
});

/** Sign In for visitors, the Profile menu for a signed-in user (desktop navbar). */
export function SessionControl() {
  const { isLoading, isLoggedIn } = useAuth();
  // Reserves the space while the session is checked, so the bar does not jump.
  if (isLoading) return <span aria-hidden="true" className="inline-block h-9 w-24" />;
  if (!isLoggedIn) {
    return (
      <Link to="/login" className={`${primaryButton} py-2`}>
        Sign In
      </Link>
    );
  }
  return (
    <Suspense fallback={<ProfileStandIn />}>
      <ProfileMenu />
    </Suspense>
  );
}

function ProfileStandIn() {
  return (
    <button type="button" className={profileTrigger} disabled aria-busy="true">
      <UserRound aria-hidden="true" className="size-4" />
      Profile
      <ChevronDown aria-hidden="true" className="size-4" />
    </button>
  );
}
