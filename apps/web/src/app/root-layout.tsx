import { Outlet } from 'react-router';
import { Footer } from '../components/layout/footer.tsx';
import { Navbar } from '../components/layout/navbar.tsx';

export function RootLayout() {
  return (
    // While the screen itself is loading, the footer waits (see PageLoading).
    <div className="flex min-h-screen flex-col [&:has([data-screen-loading])>footer]:hidden">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
