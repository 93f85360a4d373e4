import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

/** Renders `ui` at "/" inside a memory router; returns the router to follow navigation. */
export function renderInRouter(ui: ReactNode) {
  const router = createMemoryRouter([
    { path: '/', element: ui },
    { path: '*', element: <p>Elsewhere</p> },
  ]);
  return { router, ...render(<RouterProvider router={router} />) };
}
