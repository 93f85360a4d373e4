import { useEffect } from 'react';
import { reportPageTitle } from '../../../prerender/state.ts';

/** Names the browser tab while a docs page is shown, and puts the previous name back after. */
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

/** "Section · Docs · Spoke"; the docs home is "Documentation · Spoke". */
export function docsTitle(page?: string): string {
  return page ? `${page} · Docs · Spoke` : 'Documentation · Spoke';
}
