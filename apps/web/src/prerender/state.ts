// What a page renders with while it is prerendered at build time (src/entry-server.tsx), and what
// the browser gets from that render: the data the page's own requests answered, so it hydrates
// with the very content the HTML shows, and the tab title, which the pages set in effects (effects
// never run on the server).

/** A request a screen makes in an effect (see features/blog/components/use-async.ts). */
export type PrerenderLoad = (signal: AbortSignal) => Promise<unknown>;

interface PrerenderPass {
  /** Answers from the previous pass, by the requesting hook's key. */
  seeds: ReadonlyMap<string, unknown>;
  /** Requests the page made that have no answer yet: the prerenderer runs them and renders again. */
  pending: Map<string, PrerenderLoad>;
  title: string | null;
}

let pass: PrerenderPass | null = null;
/** In the browser: the answers the prerendered page was rendered with. */
let hydrationSeeds = new Map<string, unknown>();

/** Begins one server render of a page with the answers known so far. */
export function beginPrerenderPass(seeds: ReadonlyMap<string, unknown>): PrerenderPass {
  pass = { seeds, pending: new Map(), title: null };
  return pass;
}

export function endPrerenderPass(): void {
  pass = null;
}

/** In the browser, before hydrating: the answers embedded in the prerendered page. */
export function seedFromPrerender(entries: Record<string, unknown>): void {
  hydrationSeeds = new Map(Object.entries(entries));
}

/**
 * The answer the prerendered page has for `key`, if any. A page of static content (a blog post)
 * then renders it at once, on the server and on the hydrating client alike.
 */
export function prerenderedAnswer<T>(key: string): { value: T } | undefined {
  const seeds = pass ? pass.seeds : hydrationSeeds;
  return seeds.has(key) ? { value: seeds.get(key) as T } : undefined;
}

/** While prerendering: asks for `load` to be answered before the final render of the page. */
export function requestPrerenderAnswer(key: string, load: PrerenderLoad): void {
  if (pass && !pass.seeds.has(key) && !pass.pending.has(key)) pass.pending.set(key, load);
}

/** While prerendering: the tab title the page sets (the last one rendered wins). */
export function reportPageTitle(title: string): void {
  if (pass) pass.title = title;
}

let hydrating = false;

/** In the browser, just before hydrating a prerendered page (src/main.tsx). */
export function markHydratingPrerender(): void {
  hydrating = true;
}

/** Whether the app started by hydrating a prerendered page (drawn signed out). */
export function hydratingPrerender(): boolean {
  return hydrating;
}
