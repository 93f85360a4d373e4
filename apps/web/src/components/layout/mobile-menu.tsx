import { ExternalLink, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { primaryButton } from '../button-styles.ts';
import { accountLinksFor, DISCORD_URL } from './nav-links.ts';
import { mobileLink } from './nav-styles.ts';
import { useSignOut } from './use-sign-out.ts';
import { CONTENT_WIDTH } from './content-width.ts';

/** The navbar's links under the md breakpoint, shown by the menu button. */
export function MobileMenu({ id, open }: { id: string; open: boolean }) {
  const { isLoading, isLoggedIn, isAdmin } = useAuth();
  const signOut = useSignOut();

  return (
    <div id={id} hidden={!open} className="border-t border-slate-200 bg-white md:hidden">
      <nav aria-label="Mobile" className={`${CONTENT_WIDTH} space-y-1 py-3`}>
        <Link to="/app/docs" className={mobileLink}>
          Documentation
        </Link>
        <a href={DISCORD_URL} target="_blank" rel="noopener noreferrer" className={mobileLink}>
          Discord
          <ExternalLink aria-hidden="true" className="size-4 text-slate-500" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <Link to="/pricing" className={mobileLink}>
          Pricing
        </Link>
        {!isLoading && (
          <div className="mt-2 border-t border-slate-200 pt-3">
            {isLoggedIn ? (
              <>
                <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  Profile
                </p>
                {accountLinksFor(isAdmin).map((link) => (
                  <Link key={link.to} to={link.to} className={mobileLink}>
                    {link.label}
                  </Link>
                ))}
                <button type="button" className={mobileLink} onClick={() => void signOut()}>
                  <LogOut aria-hidden="true" className="size-4" />
                  Sign Out
                </button>
              </>
            ) : (
              <Link to="/login" className={`${primaryButton} w-full`}>
                Sign In
              </Link>
            )}
          </div>
        )}
      </nav>
    </div>
  );
}
