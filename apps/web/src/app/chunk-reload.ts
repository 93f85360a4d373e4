import { useSyncExternalStore } from 'react';
import type { createBrowserRouter } from 'react-router';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe' | 'createHref'>;

const RELOADED_KEY = 'spoke.chunk-reloaded';
/** A server that has not answered the check by then counts as unreachable. */
export const SERVER_CHECK_TIMEOUT_MS = 5000;

/**
 * Where the recovery from a failed load stands. `checking`: a file failed to download and the
 * server is asked whether it answers, to reload if so; `retrying`: the same, asked by the user;
 * `reloading`: the page is on its way to a reload; `unreachable`: the server did not answer, so a
 * reload would land on the browser's own error page and the app stays put; `idle`: nothing.
 */
export type Recovery = 'idle' | 'checking' | 'retrying' | 'reloading' | 'unreachable';

let recovery: Recovery = 'idle';
const listeners = new Set<() => void>();

function setRecovery(next: Recovery): void {
  recovery = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecovery(): Recovery {
  return useSyncExternalStore(subscribe, () => recovery);
}

/** A lazily loaded file that failed to download (or to preload), as browsers word it. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|importing a module script failed|unable to preload css|module script/i.test(
    error.message,
  );
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the server answers for `href`, that is whether loading it would show the app. */
export async function serverAnswers(href: string): Promise<boolean> {
  try {
    const response = await fetch(new URL(href, window.location.href), {
      method: 'HEAD',
      cache: 'no-store',
      signal: AbortSignal.timeout(SERVER_CHECK_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export interface ChunkReloadOptions {
  /** Loads the page at `href` from the server (the browser's navigation, replaced in tests). */
  go?: (href: string) => void;
}

function defaultGo(href: string): void {
  const here = `${window.location.pathname}${window.location.search}`;
  const target = new URL(href, window.location.href);
  if (`${target.pathname}${target.search}` === here) window.location.reload();
  else window.location.assign(target.href);
}

let go = defaultGo;
// Bumped when the handler is removed: a check still under way then changes nothing.
let installation = 0;

function currentHref(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/**
 * Loads `href` again from the server, but only once the server answers: a reload while it is
 * down would replace the app with the browser's error page. `once` is the automatic reload,
 * remembered for the tab so that a broken deployment cannot loop.
 */
async function reloadWhenServerAnswers(href: string, { once }: { once: boolean }): Promise<void> {
  const current = installation;
  setRecovery(once ? 'checking' : 'retrying');
  const answers = await serverAnswers(href);
  if (current !== installation) return;
  if (!answers) {
    setRecovery('unreachable');
    return;
  }
  if (once) {
    const store = storage();
    // Without storage there is no way to remember the attempt, so no automatic reload.
    if (!store || store.getItem(RELOADED_KEY) !== null) {
      setRecovery('idle');
      return;
    }
    store.setItem(RELOADED_KEY, String(Date.now()));
  }
  setRecovery('reloading');
  go(href);
}

function busy(): boolean {
  return recovery === 'checking' || recovery === 'retrying' || recovery === 'reloading';
}

/** The Retry of an error screen: loads the current page again once the server answers. */
export function retryPage(): Promise<void> {
  return reloadWhenServerAnswers(currentHref(), { once: false });
}

/**
 * After a release, a page still running the previous build asks for files that are gone. Vite
 * reports that as `vite:preloadError`: if the server answers, load the wanted page again from it,
 * once. The error itself goes on to the route's error screen, which waits while the server is
 * asked, then says the server cannot be reached or the page could not be loaded, with a Retry.
 */
export function installChunkReload(
  router: Router,
  { go: navigate = defaultGo }: ChunkReloadOptions = {},
): () => void {
  go = navigate;
  const onPreloadError = () => {
    if (busy()) return;
    const pending = router.state.navigation.location;
    void reloadWhenServerAnswers(pending ? router.createHref(pending) : currentHref(), {
      once: true,
    });
  };

  // A page that loaded completely proves the current files work: a later release may reload again.
  const forgetOnSuccess = (state: Router['state']) => {
    if (busy()) return;
    if (state.initialized && state.navigation.state === 'idle' && state.errors === null) {
      storage()?.removeItem(RELOADED_KEY);
      if (recovery !== 'idle') setRecovery('idle');
    }
  };

  window.addEventListener('vite:preloadError', onPreloadError);
  const unsubscribe = router.subscribe(forgetOnSuccess);
  forgetOnSuccess(router.state);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    unsubscribe();
    installation += 1;
    go = defaultGo;
    setRecovery('idle');
  };
}
