import { useEffect, useState } from 'react';

/**
 * Whether the app owns the page: `RootLayout` marks `<html data-hydrated>` once it has rendered.
 * False on the server, and in the browser while a prerendered page is being hydrated. (Beside
 * `hydratingPrerender` in state.ts, which stays true for the whole visit: a form the app draws
 * later, after a link, is the app's from its first render.)
 */
function appOwnsPage(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true';
}

/**
 * False while the page is the prerendered HTML (on the server, and in the render that hydrates
 * it), true from the effect after. A component the app draws later is true from its first render.
 * A prerendered page loads its script after the first paint: what must not work before the app
 * handles it (a form's submit button) waits for this.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appOwnsPage);
  useEffect(() => {
    // The one render this is for: the hydrating render must match the HTML, the next one not.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true);
  }, []);
  return hydrated;
}
