import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, type Location } from 'react-router';
import { Footer } from '../components/layout/footer.tsx';
import { Navbar } from '../components/layout/navbar.tsx';

// Entries the router did not make itself (the tab's first page, one a plain #link adds) all have
// the key "default": their address tells them apart, so a #link lands on its element instead of
// where another page with that key was left.
function scrollKey(location: Location): string {
  return location.key === 'default'
    ? `${location.pathname}${location.search}${location.hash}`
    : location.key;
}

const skipLink = (
  <a
    href="#main"
    className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
  >
    Skip to content
  </a>
);

function inAppShell(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'appShell' in handle;
}

export function RootLayout() {
  // The signed-in app brings its own frame (AppShell); public pages get the site's chrome.
  const app = useMatches().some((match) => inAppShell(match.handle));
  // Once React owns the page (a prerendered page is hydrated), its controls respond: say so on
  // <html>, for styles and for browser tests that must not click a button before it works.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      {app ? (
        <>
          {skipLink}
          <Outlet />
        </>
      ) : (
        // While the screen itself is loading, the footer waits (see PageLoading).
        <div className="flex min-h-screen flex-col [&:has([data-screen-loading])>footer]:hidden">
          {skipLink}
          <Navbar />
          <main id="main" className="flex-1">
            <Outlet />
          </main>
          <Footer />
        </div>
      )}
      {/* Once for every page, signed in or not: a new page opens at its top (or at the element
          its #hash names), and back or forward returns to where the reader was. */}
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
