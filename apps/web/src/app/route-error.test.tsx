import { CLIENT_ERROR_MESSAGES } from '@spoke/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render-app.tsx';
import { suiteServer } from '../test/suite-server.ts';
import { sendRaw, type Handler } from '../test/test-server.ts';
import { installChunkReload } from './chunk-reload.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

// The server the page came from: it answers for any page.
const pages: Handler = (_req, res) => sendRaw(res, 200, '<!doctype html>');
const server = suiteServer(pages);

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.restoreAllMocks();
});

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
    expect(document.title).toBe('Something went wrong · Spoke');
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

/** A shell whose /settings screen fails to download, the way a built app reports it. */
async function openSettingsWithoutItsFile() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const routes = [
    {
      Component: RootLayout,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { path: '/', Component: () => <h1>Home</h1> },
            {
              path: '/settings',
              lazy: async () => {
                await new Promise((resolve) => setTimeout(resolve, 1));
                window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
                throw new TypeError('Failed to fetch dynamically imported module: /js/s.js');
              },
            },
          ],
        },
      ],
    },
  ];
  const { router } = renderRoutes(routes, '/');
  const visits: string[] = [];
  uninstall = installChunkReload(router, { go: (href) => visits.push(href) });
  await act(() => router.navigate('/settings'));
  return visits;
}

describe('RouteError after a failed download', () => {
  it('waits, then loads the page from the server when it answers', async () => {
    const visits = await openSettingsWithoutItsFile();
    expect(await screen.findByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(visits).toEqual(['/settings']));
    expect(screen.queryByRole('heading', { name: 'This page could not be loaded' })).toBeNull();
  });

  it('says the server cannot be reached and stays in the app; Retry reloads once it answers', async () => {
    server.handle((_req, res) => res.socket?.destroy());
    const visits = await openSettingsWithoutItsFile();
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h1')?.textContent).toBe('This page could not be loaded');
    expect(alert.textContent).toContain(CLIENT_ERROR_MESSAGES.CONNECTION_ERROR);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(visits).toEqual([]);

    // Still down: the app stays, and says so again.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert').textContent).toContain(CLIENT_ERROR_MESSAGES.CONNECTION_ERROR);
    expect(visits).toEqual([]);

    server.handle(pages);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(visits).toHaveLength(1));
    expect(server.requests.at(-1)?.method).toBe('HEAD');
  });
});
