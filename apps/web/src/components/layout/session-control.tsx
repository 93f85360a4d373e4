import { ChevronDown, UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '../button-styles.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { profileTrigger } from './profile-trigger.ts';

const ProfileMenu = lazy(() =>
  import('./profile-menu.tsx').then((module) => ({ default: module.ProfileMenu })),
);

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
