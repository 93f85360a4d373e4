import { useEffect } from 'react';

/** Names the browser tab "{title} · Spoke" while the page is shown, and restores it after. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Spoke`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
