import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { loadBrandFont } from './app/brand-font.ts';
import { installChunkReload } from './app/chunk-reload.ts';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/routes.tsx';
import type { PrerenderData } from './entry-server.tsx';
import { markHydratingPrerender, seedFromPrerender } from './prerender/state.ts';
import './index.css';

/** The data a page prerendered at build time carries (scripts/prerender.ts), if this is one. */
function prerenderData(): PrerenderData | null {
  const element = document.getElementById('prerender-data');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PrerenderData;
  } catch {
    return null;
  }
}

/**
 * The lazy route modules of the address, loaded before hydrating (as react-router documents for
 * lazy routes): the first render then has the page's components and matches the server's HTML,
 * instead of the fallback the router shows while a route's code loads.
 */
async function loadFirstRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = (await route.lazy()) as Partial<RouteObject>;
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

async function start(root: HTMLElement) {
  let prerendered = prerenderData();
  if (prerendered) {
    seedFromPrerender(prerendered.answers);
    try {
      await loadFirstRoutes();
    } catch {
      // A file failed to download: the app renders afresh, and the router loads the file again or
      // shows its error screen.
      prerendered = null;
    }
  }
  const router = createBrowserRouter(
    routes,
    prerendered ? { hydrationData: prerendered.hydration } : undefined,
  );
  installChunkReload(router);
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (prerendered) {
    // The page is already on screen: the app attaches to its HTML instead of drawing it again.
    // On Preact (decision 031) the transition runs at once, in one piece, not in React's slices.
    markHydratingPrerender();
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  // A transition, as React would slice it; Preact renders it at once (decision 031).
  const appRoot = createRoot(root);
  startTransition(() => {
    appRoot.render(app);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
loadBrandFont();
void start(root);
