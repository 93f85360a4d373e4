import { Navigate, useParams, type RouteObject } from 'react-router';
import { ScreenLoading } from '../components/page-loading.tsx';
import { GuestOnly } from '../features/auth/components/guest-only.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** Footer and page links whose content is Markdown under content/pages/. */
export const CONTENT_PAGES = [
  'help',
  'about',
  'security',
  'privacy',
  'terms',
  'cookies',
  'community',
  'careers',
  'press',
  'faq',
] as const;

function BlogPostRedirect() {
  const { slug } = useParams();
  return <Navigate to={`/blog/${encodeURIComponent(slug ?? '')}`} replace />;
}

// Every screen is a lazy route: one chunk per screen, so a page ships only what it shows. Screens
// that use data queries sit under QueryLayout, which brings the query library along.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Page errors, and the placeholder while the first page's code loads, render inside the
        // shell, so navigation stays available.
        ErrorBoundary: RouteError,
        HydrateFallback: ScreenLoading,
        children: [
          { index: true, lazy: () => import('../features/marketing/routes/landing.tsx') },
          {
            Component: GuestOnly,
            children: [
              { path: 'login', lazy: () => import('../features/auth/routes/login.tsx') },
              { path: 'register', lazy: () => import('../features/auth/routes/register.tsx') },
            ],
          },
          {
            path: 'forgot-password',
            lazy: () => import('../features/auth/routes/forgot-password.tsx'),
          },
          {
            path: 'reset-password',
            lazy: () => import('../features/auth/routes/reset-password.tsx'),
          },
          // Public: the mailed link works signed in or out.
          { path: 'verify-email', lazy: () => import('../features/auth/routes/verify-email.tsx') },
          {
            lazy: () => import('./query-layout.tsx'),
            children: [
              {
                path: 'auth/callback',
                lazy: () => import('../features/auth/routes/auth-callback.tsx'),
              },
              // Public: opened from the mail that asks an address to allow a user's agents.
              {
                path: 'email-consent',
                lazy: () => import('../features/agents/routes/email-consent.tsx'),
              },
            ],
          },
          { path: 'pricing', lazy: () => import('../features/marketing/routes/pricing.tsx') },
          { path: 'blog', lazy: () => import('../features/blog/routes/blog-list.tsx') },
          { path: 'blog/:slug', lazy: () => import('../features/blog/routes/blog-post.tsx') },
          ...CONTENT_PAGES.map((page) => ({
            path: page,
            lazy: () => import('../features/pages/routes/content-page.tsx'),
          })),
          { path: 'contact', lazy: () => import('../features/pages/routes/contact.tsx') },
          { path: 'status', lazy: () => import('../features/pages/routes/status.tsx') },
          // The documentation is public, under /app/docs and its alias /dev.
          { path: 'app/docs/*', lazy: () => import('../features/docs/routes/docs.tsx') },
          { path: 'dev/*', lazy: () => import('../features/docs/routes/docs.tsx') },
          { path: 'docs', element: <Navigate to="/app/docs" replace /> },
          { path: 'dashboard', element: <Navigate to="/app/dashboard" replace /> },
          { path: 'admin', element: <Navigate to="/app/admin" replace /> },
          { path: 'app/blog', element: <Navigate to="/blog" replace /> },
          { path: 'app/blog/:slug', Component: BlogPostRedirect },
          {
            path: 'app',
            // The signed-in app has its own frame (side bar, phone menu) instead of the site's
            // top bar and footer; RootLayout reads this handle.
            handle: { appShell: true },
            lazy: () =>
              import('../components/layout/app-shell.tsx').then((module) => ({
                Component: module.AppShell,
              })),
            children: [
              {
                Component: RequireAuth,
                // A screen fails on its own: the shell and its navigation stay usable.
                ErrorBoundary: RouteError,
                children: [
                  {
                    lazy: () => import('./query-layout.tsx'),
                    children: [
                      { index: true, element: <Navigate to="/app/dashboard" replace /> },
                      { path: 'dashboard', lazy: () => import('./routes/dashboard.tsx') },
                      {
                        path: 'settings',
                        lazy: () => import('./routes/settings.tsx'),
                      },
                      { path: 'profile', element: <Navigate to="/app/settings" replace /> },
                      {
                        path: 'billing',
                        lazy: () => import('../features/billing/routes/billing.tsx'),
                      },
                      { path: 'admin', lazy: () => import('../features/admin/routes/admin.tsx') },
                      {
                        path: 'workspace',
                        lazy: () => import('../features/workspace/routes/workspace.tsx'),
                      },
                      {
                        path: 'workspace/registry',
                        lazy: () => import('../features/workspace/routes/registry.tsx'),
                      },
                      {
                        path: 'workspace/registry/*',
                        lazy: () => import('../features/workspace/routes/registry-server.tsx'),
                      },
                      {
                        path: 'agents',
                        lazy: () => import('../features/agents/routes/agents.tsx'),
                      },
                      {
                        path: 'agents/:id',
                        lazy: () => import('../features/agents/routes/agent.tsx'),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];
