import { useEffect } from 'react';
import { reportPageTitle } from '../../../prerender/state.ts';

/** Sets the tab title while the page is shown, and puts the previous one back after. */
export function useDocumentTitle(title: string): void {
  // Effects do not run when the page is prerendered: the prerenderer takes the title from here.
  reportPageTitle(title);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

export function pageTitle(title: string): string {
  return `${title} · Spoke`;
}
