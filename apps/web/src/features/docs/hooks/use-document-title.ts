import { useEffect } from 'react';

/** Names the browser tab while a docs page is shown, and puts the previous name back after. */
export function useDocumentTitle(title: string): void {
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
