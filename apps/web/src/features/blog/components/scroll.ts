import { useEffect } from 'react';
import { useNavigationType } from 'react-router';

/**
 * Once `ready`, shows the heading named in the URL's #fragment, or the top of the page when there
 * is none: the content arrives after navigation, too late for the router to do it. Back and
 * forward without a #fragment are left to the router's scroll restoration (root-layout.tsx).
 */
export function useScrollOnLoad(ready: boolean, key: string, hash: string): void {
  const historyStep = useNavigationType() === 'POP';
  useEffect(() => {
    if (!ready || (historyStep && !hash)) return;
    const id = hash ? safeDecode(hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView?.();
    else document.scrollingElement?.scrollTo?.(0, 0);
  }, [ready, key, hash, historyStep]);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
