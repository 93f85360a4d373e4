import { createMemoryRouter } from 'react-router';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { suiteServer } from '../test/suite-server.ts';
import { sendRaw, type Handler } from '../test/test-server.ts';
import { installChunkReload, isChunkLoadError, retryPage, useRecovery } from './chunk-reload.ts';

// The server the page came from: it answers for any page.
const pages: Handler = (_req, res) => sendRaw(res, 200, '<!doctype html>');
const server = suiteServer(pages);
const unreachable: Handler = (_req, res) => res.socket?.destroy();

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
  const recovery = renderHook(() => useRecovery()).result;
  return { router, visits, recovery };
}

describe('installChunkReload', () => {
  it('loads the wanted page from the server once, then leaves the error to the page', async () => {
    const { router, visits, recovery } = setup(() => true);
    await router.navigate('/settings');
    await waitFor(() => expect(visits).toEqual(['/settings']));
    // The server was asked first, for the page about to be loaded.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['HEAD /settings']);
    expect(recovery.current).toBe('reloading');
    expect(window.sessionStorage.getItem('spoke.chunk-reloaded')).not.toBeNull();

    // The reloaded page fails the same way: no second reload, the error reaches the screen.
    uninstall?.();
    const again = setup(() => true, '/settings');
    await waitFor(() => expect(again.router.state.initialized).toBe(true));
    await waitFor(() => expect(again.recovery.current).toBe('idle'));
    expect(again.visits).toEqual([]);
    expect(again.router.state.errors).not.toBeNull();
    expect(window.sessionStorage.getItem('spoke.chunk-reloaded')).not.toBeNull();
  });

  it('does not reload while the server cannot be reached, and Retry reloads once it answers', async () => {
    server.handle(unreachable);
    const { router, visits, recovery } = setup(() => true);
    await router.navigate('/settings');
    await waitFor(() => expect(recovery.current).toBe('unreachable'));
    expect(visits).toEqual([]);
    expect(router.state.errors).not.toBeNull();
    // The automatic reload is still there for when the server is back.
    expect(window.sessionStorage.getItem('spoke.chunk-reloaded')).toBeNull();

    // Retry while it is still down: nothing happens but the answer.
    await act(() => retryPage());
    expect(recovery.current).toBe('unreachable');
    expect(visits).toEqual([]);

    server.handle(pages);
    await act(() => retryPage());
    expect(recovery.current).toBe('reloading');
    expect(visits).toEqual([`${window.location.pathname}${window.location.search}`]);
  });

  it('shows the Retry busy while the server is asked', async () => {
    let answer: (() => void) | undefined;
    server.handle((_req, res) => {
      answer = () => sendRaw(res, 200);
    });
    const { recovery } = setup(() => false);
    let retried: Promise<void> | undefined;
    act(() => {
      retried = retryPage();
    });
    expect(recovery.current).toBe('retrying');
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    await act(() => retried);
    expect(recovery.current).toBe('reloading');
  });

  it('forgets that the server was unreachable once a page loads', async () => {
    server.handle(unreachable);
    const { router, recovery } = setup(() => true);
    await router.navigate('/settings');
    await waitFor(() => expect(recovery.current).toBe('unreachable'));
    await act(() => router.navigate('/'));
    expect(recovery.current).toBe('idle');
  });

  it('does not cancel the error: the page that asked for the file hears of it', async () => {
    window.sessionStorage.setItem('spoke.chunk-reloaded', '1');
    const { recovery } = setup(() => false);
    // The router starts on a working page, which proves the files load: the guard is lifted.
    expect(window.sessionStorage.getItem('spoke.chunk-reloaded')).toBeNull();
    let event: Event | undefined;
    act(() => {
      event = preloadError();
    });
    expect(event?.defaultPrevented).toBe(false);
    await waitFor(() => expect(recovery.current).toBe('reloading'));
  });

  it('changes nothing once removed, even with a check under way', async () => {
    const { visits, recovery } = setup(() => false);
    act(() => void preloadError());
    expect(recovery.current).toBe('checking');
    uninstall?.();
    uninstall = undefined;
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recovery.current).toBe('idle');
    expect(visits).toEqual([]);
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
