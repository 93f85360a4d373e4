import {
  BookOpen,
  Bot,
  CreditCard,
  LayoutDashboard,
  Library,
  LogOut,
  Settings,
  ShieldCheck,
  SquareTerminal,
  type LucideIcon,
} from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { appLinksFor, type AppLink } from './nav-links.ts';
import { PageMenuButton } from './page-menu-button.tsx';
import { usePageMenu } from './use-page-menu.ts';
import { useSignOut } from './use-sign-out.ts';

const ICONS: Record<string, LucideIcon> = {
  '/app/dashboard': LayoutDashboard,
  '/app/agents': Bot,
  '/app/workspace': SquareTerminal,
  '/app/workspace/registry': Library,
  '/app/settings': Settings,
  '/app/billing': CreditCard,
  '/app/docs': BookOpen,
  '/app/admin': ShieldCheck,
};

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
const item = `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${focusRing}`;
const idle = 'text-slate-700 hover:bg-slate-100 hover:text-slate-900';
const current = 'bg-blue-50 text-blue-800';

const MENU_ID = 'app-menu';

function Brand() {
  return (
    <Link
      to="/app/dashboard"
      className={`rounded-md text-xl font-bold tracking-tight text-blue-700 ${focusRing}`}
    >
      Spoke
    </Link>
  );
}

function AppNavLinks({ links }: { links: AppLink[] }) {
  return (
    <ul className="space-y-0.5">
      {links.map((link) => {
        const Icon = ICONS[link.to] ?? LayoutDashboard;
        return (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) => `${item} ${isActive ? current : idle}`}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {link.label}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

/** Who is signed in, and Sign Out: the foot of the side bar and of the phone menu. */
function Account() {
  const { user } = useAuth();
  const signOut = useSignOut();
  return (
    <div className="border-t border-slate-200 pt-3">
      {user && (
        <p className="truncate px-3 pb-2 text-xs text-slate-600">
          Signed in as <span className="font-semibold text-slate-800">{user.username}</span>
        </p>
      )}
      <button type="button" className={`${item} ${idle} w-full`} onClick={() => void signOut()}>
        <LogOut aria-hidden="true" className="size-4 shrink-0" />
        Sign Out
      </button>
    </div>
  );
}

/**
 * The signed-in app's frame: a side bar with every part of the app on wide screens, a top bar
 * whose menu opens the same links on phones. Public pages keep the site's top bar and footer.
 */
export function AppShell() {
  const { isAdmin } = useAuth();
  const links = appLinksFor(isAdmin);
  const { open: menuOpen, button: menuButton, toggle: toggleMenu } = usePageMenu();

  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="hidden border-r border-slate-200 bg-white lg:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto px-3 py-5">
          <div className="px-3">
            <Brand />
          </div>
          <nav aria-label="App" className="flex-1">
            <AppNavLinks links={links} />
          </nav>
          <Account />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-40 border-b border-slate-200 bg-white lg:hidden">
          <div className="flex h-14 items-center justify-between px-4">
            <Brand />
            <PageMenuButton
              open={menuOpen}
              buttonRef={menuButton}
              onToggle={toggleMenu}
              controls={MENU_ID}
            />
          </div>
          <div
            id={MENU_ID}
            hidden={!menuOpen}
            className="max-h-[calc(100vh-3.5rem)] overflow-y-auto border-t border-slate-200 px-3 py-3"
          >
            <nav aria-label="App" className="pb-3">
              <AppNavLinks links={links} />
            </nav>
            <Account />
          </div>
        </header>
        <main id="main" className="flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
