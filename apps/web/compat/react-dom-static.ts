import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';

// What src/entry-server.tsx imports as `react-dom/static` (aliases.ts). React's `prerender`
// waits for every Suspense boundary before it answers; so does renderToStringAsync, which
// awaits each lazy component and suspended query and renders every boundary in place.

export interface PrerenderResult {
  prelude: ReadableStream<Uint8Array>;
}

/** The page's HTML, as a stream like React's, once every boundary has its content. */
export async function prerender(node: VNode, options?: unknown): Promise<PrerenderResult> {
  // React's options tune how boundaries stream; a string render has nothing to stream.
  void options;
  const html = await renderToStringAsync(node);
  return { prelude: new Blob([html]).stream() };
}
