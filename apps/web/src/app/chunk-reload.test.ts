import { createMemoryRouter } from 'react-router';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installChunkReload, isChunkLoadError } from './chunk-reload.ts';

function preloadError(): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

function setup(fail: () => boolean, start = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', Component: () => null },
      {
        path: '/settings',
        lazy: async () => {
          // A download fails after the navigation has started, never synchronously.
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (fail()) {
            preloadError();
            throw new TypeError('Failed to fetch dynamically imported module: /js/settings.js');
          }
          return { Component: () => null };
        },
      },
    ],
    { initialEntries: [start] },
  );
  const visits: string[] = [];
  uninstall = installChunkReload(router, { go: (href) => visits.push(href) });
  return { router, visits };
}

describe('installChunkReload', () => {
  it('loads the wanted page from the server once, then leaves the error to the page', async () => {
    const { router, visits } = setup(() => true);
    await router.navigate('/settings');
    expect(visits).toEqual(['/settings']);
    expect(window.sessionStorage.getItem('spoke.chunk-reloaded')).not.toBeNull();

    // The reloaded page fails the same way: no second reload, the error reaches the screen.
    uninstall?.();
    const again = setup(() => true, '/settings');
    await waitFor(() => expect(again.router.state.initialized).toBe(true));
    expect(again.visits).toEqual([]);
    expect(again.router.state.errors).not.toBeNull();
    expect(window.sessionStorage.getItem('spoke.chunk-reloaded')).not.toBeNull();
  });

  it('does not cancel the error once a reload was tried', () => {
    window.sessionStorage.setItem('spoke.chunk-reloaded', '1');
    setup(() => false);
    // The router starts on a working page, which proves the files load: the guard is lifted.
    expect(window.sessionStorage.getItem('spoke.chunk-reloaded')).toBeNull();
    window.sessionStorage.setItem('spoke.chunk-reloaded', '1');
    expect(preloadError().defaultPrevented).toBe(false);
  });

  it('recognises the browsers’ wording for a failed module download', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /js/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /js/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });
});
