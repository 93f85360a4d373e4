import { Link, Outlet } from 'react-router';
import { primaryButton, secondaryButton } from '../components/button-styles.ts';
import { useAuth } from '../features/auth/use-auth.ts';

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3"
        >
          <Link to="/" className="text-lg font-bold tracking-tight text-blue-700">
            Spoke
          </Link>
          <SessionLinks />
        </nav>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-500">
        © {new Date().getFullYear()} Spoke
      </footer>
    </div>
  );
}

function SessionLinks() {
  const { isLoggedIn, isLoading } = useAuth();
  if (isLoading) return null;
  return isLoggedIn ? (
    <Link to="/app/dashboard" className={primaryButton}>
      Dashboard
    </Link>
  ) : (
    <Link to="/login" className={secondaryButton}>
      Sign In
    </Link>
  );
}
