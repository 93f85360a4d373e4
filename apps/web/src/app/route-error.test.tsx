import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render-app.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

function failingRoutes(error: unknown) {
  return [
    {
      Component: RootLayout,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            {
              path: '/broken',
              Component: () => {
                throw error;
              },
            },
          ],
        },
      ],
    },
  ];
}

describe('RouteError', () => {
  it('keeps the shell and offers a retry when a page fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(failingRoutes(new Error('boom')), '/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('says the page could not be loaded when its file failed to download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(
      failingRoutes(new TypeError('Failed to fetch dynamically imported module: /js/x.js')),
      '/broken',
    );
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});
