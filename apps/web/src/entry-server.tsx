import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type HydrationState,
} from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { CONTENT_PAGES, routes } from './app/routes.tsx';
import { chapters } from './features/docs/content/docs-content.ts';
import { DOCS_ALIAS, DOCS_BASE } from './features/docs/content/docs-paths.ts';
import { beginPrerenderPass, endPrerenderPass } from './prerender/state.ts';

// The server side of the public pages: rendered once at build time (scripts/prerender.ts) with
// the very route table the browser uses, then hydrated by src/main.tsx.

/** The origin requests are made against while prerendering; nothing listens there. */
export const PRERENDER_ORIGIN = 'http://prerender.invalid';

/** A render may ask for data (a blog post) and render again with it; this many times at most. */
const MAX_PASSES = 4;

/** What src/main.tsx reads back to hydrate the page: the router's data and the screens' answers. */
export interface PrerenderData {
  hydration: HydrationState;
  answers: Record<string, unknown>;
}

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** The tab title the page sets, when it sets one. */
  title: string | null;
  data: PrerenderData;
}

/** Every public page with static content: the landing, pricing, content pages, docs and blog. */
export function publicPaths(blogSlugs: readonly string[]): string[] {
  const docs = (base: string) => [
    base,
    ...chapters.flatMap((chapter) => [
      `${base}/${chapter.id}`,
      ...chapter.sections.map((section) => `${base}/${chapter.id}/${section.id}`),
    ]),
  ];
  return [
    '/',
    '/pricing',
    ...CONTENT_PAGES.map((page) => `/${page}`),
    '/contact',
    '/status',
    ...docs(DOCS_BASE),
    ...docs(DOCS_ALIAS),
    '/blog',
    ...blogSlugs.map((slug) => `/blog/${encodeURIComponent(slug)}`),
  ];
}

async function html(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * Renders `pathname` signed out, as a visitor's browser first shows it; null for an address
 * that redirects. `runLoads` answers the requests a screen makes (blog posts): what it cannot
 * answer stays as the screen's loading state, which the browser then fetches as it always does.
 */
export async function renderPage(
  pathname: string,
  runLoads: (
    loads: Map<string, (signal: AbortSignal) => Promise<unknown>>,
  ) => Promise<Map<string, unknown>>,
): Promise<PrerenderedPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, PRERENDER_ORIGIN)));
  if (context instanceof Response) return null;
  if (context.statusCode !== 200) {
    throw new Error(`prerendering ${pathname}: the page answered ${context.statusCode}`);
  }

  const answers = new Map<string, unknown>();
  const asked = new Set<string>();
  for (let round = 1; ; round += 1) {
    const pass = beginPrerenderPass(answers);
    let markup: string;
    try {
      const router = createStaticRouter(handler.dataRoutes, context);
      const { prelude } = await prerender(
        <StrictMode>
          <AppProvider>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </StrictMode>,
        // Every boundary inline, in place: a large one would otherwise come last, revealed by an
        // inline script, which the site's CSP forbids (and a reader without JavaScript never sees).
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      markup = await html(prelude);
    } finally {
      endPrerenderPass();
    }
    const wanted = new Map([...pass.pending].filter(([key]) => !asked.has(key)));
    if (wanted.size === 0 || round === MAX_PASSES) {
      return {
        html: markup,
        title: pass.title,
        data: {
          hydration: {
            loaderData: context.loaderData,
            actionData: context.actionData,
            errors: context.errors,
          },
          answers: Object.fromEntries(answers),
        },
      };
    }
    for (const key of wanted.keys()) asked.add(key);
    for (const [key, value] of await runLoads(wanted)) answers.set(key, value);
  }
}
