import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageLoading } from '#web/components/page-loading.tsx';

/** The blog's two routes as the app declares them, starting at `path`. */
export function renderBlog(path: string) {
  const router = createMemoryRouter(
    [
      {
        HydrateFallback: PageLoading,
        children: [
          { path: '/blog', lazy: () => import('./blog-list.tsx') },
          { path: '/blog/:slug', lazy: () => import('./blog-post.tsx') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
