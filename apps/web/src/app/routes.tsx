import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { GuestOnly } from '../features/auth/components/guest-only.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

// Every screen is a lazy route: one chunk per screen, so a page ships only what it shows.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        // Page errors render inside the shell, so navigation stays available.
        ErrorBoundary: RouteError,
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
            path: 'auth/callback',
            lazy: () => import('../features/auth/routes/auth-callback.tsx'),
          },
          { path: 'dashboard', element: <Navigate to="/app/dashboard" replace /> },
          {
            path: 'app',
            Component: RequireAuth,
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              { path: 'dashboard', lazy: () => import('./routes/dashboard.tsx') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];
