import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes as appRoutes } from '../app/routes.tsx';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { setToken } from '../lib/auth/token-store.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders routes with the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders the whole app at `path`, signed in with `token`, and a user-event to act with. */
export function renderSignedIn(path: string, token = 'session') {
  setToken(token);
  return { ...renderRoutes(appRoutes, path), user: userEvent.setup() };
}
