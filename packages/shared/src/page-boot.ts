// The script a prerendered page runs instead of linking the app's entry (apps/web/scripts/
// prerender.ts writes it into the page). It is inline so that the page fetches nothing before its
// first paint: the page carries its own style rules inline too, and its icon. The server's
// Content-Security-Policy allows exactly this text, by its hash (apps/server/src/plugins/
// security-headers.ts), and no other inline script.

/**
 * Once the first contentful paint is on screen (at once in a hidden tab, which paints nothing,
 * and at the latest a second after `load`), links the whole stylesheets whose rules the page
 * carries inline (`<style data-href>`), waits for them, since the app may draw any page, and
 * then imports the app's entry (`<script data-app>`).
 */
export const PAGE_BOOT_SCRIPT = `let started = false;
const start = () => {
  if (started) return;
  started = true;
  const sheets = [...document.querySelectorAll('style[data-href]')].map(
    (style) =>
      new Promise((done) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.crossOrigin = '';
        link.href = style.dataset.href;
        link.onload = link.onerror = done;
        document.head.append(link);
      }),
  );
  const app = document.querySelector('script[data-app]').dataset.app;
  void Promise.all(sheets).then(() => import(app));
};
if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') {
  start();
} else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  addEventListener('load', () => setTimeout(start, 1000), { once: true });
}
`;
