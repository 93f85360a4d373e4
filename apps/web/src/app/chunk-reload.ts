import type { createBrowserRouter } from 'react-router';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe' | 'createHref'>;

const RELOADED_KEY = 'spoke.chunk-reloaded';
let reloading = false;

/** True once the page is on its way to a reload: error screens show a loading state instead. */
export function isReloadingForChunk(): boolean {
  return reloading;
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

/**
 * After a release, a page still running the previous build asks for files that are gone. Vite
 * reports that as `vite:preloadError`: load the wanted page again from the server, once. If that
 * fails too, the error reaches the route's error screen, which offers a retry — so a broken
 * deployment cannot send the browser into a reload loop.
 */
export function installChunkReload(
  router: Router,
  { go = defaultGo }: ChunkReloadOptions = {},
): () => void {
  const onPreloadError = (event: Event) => {
    const store = storage();
    // Without storage there is no way to remember the attempt, so no automatic reload.
    if (!store || store.getItem(RELOADED_KEY) !== null) return;
    store.setItem(RELOADED_KEY, String(Date.now()));
    reloading = true;
    event.preventDefault();
    const pending = router.state.navigation.location;
    go(pending ? router.createHref(pending) : window.location.href);
  };

  // A page that loaded completely proves the current files work: a later release may reload again.
  const forgetOnSuccess = (state: Router['state']) => {
    if (reloading) return;
    if (state.initialized && state.navigation.state === 'idle' && state.errors === null) {
      storage()?.removeItem(RELOADED_KEY);
    }
  };

  window.addEventListener('vite:preloadError', onPreloadError);
  const unsubscribe = router.subscribe(forgetOnSuccess);
  forgetOnSuccess(router.state);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    unsubscribe();
    reloading = false;
  };
}
