import { useEffect } from 'react';

/**
 * Once `ready`, shows the heading named in the URL's #fragment, or the top of the page when there
 * is none: the content arrives after navigation, too late for the browser to do it.
 */
export function useScrollOnLoad(ready: boolean, key: string, hash: string): void {
  useEffect(() => {
    if (!ready) return;
    const id = hash ? safeDecode(hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView?.();
    else document.scrollingElement?.scrollTo?.(0, 0);
  }, [ready, key, hash]);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
