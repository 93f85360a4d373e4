import { useLayoutEffect } from 'react';
import { reportPageTitle } from '#web/prerender/state.ts';

/** Names the browser tab "{title} · Spoke" while the page is shown, and restores it after. */
export function usePageTitle(title: string): void {
  // Effects do not run when the page is prerendered: the prerenderer takes the title from here.
  reportPageTitle(`${title} · Spoke`);
  // Set with the page's own commit, so the tab's name never lags behind what is shown.
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = `${title} · Spoke`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
