import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a copy button confirms a copy before it reverts (the spec's copy confirmation). */
export const COPY_CONFIRMATION_MS = 2000;

/** 'copied' or 'failed' for COPY_CONFIRMATION_MS after a click, 'idle' otherwise. */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Writes `text` to the clipboard on `copy()` and reports how it went. Each copy starts the
 * confirmation period again; unmounting cancels the pending revert.
 */
export function useCopy(text: string): { state: CopyState; copy: () => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  }, [text]);

  return { state, copy };
}
