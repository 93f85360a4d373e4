import { useEffect, useState } from 'react';
import {
  advance,
  delayBeforeNext,
  TYPEWRITER_START,
  type TypewriterPhase,
} from './typewriter-state.ts';
import { usePageVisible, useReducedMotion } from './use-page-conditions.ts';

export interface Typewriter {
  /** The part of the current sample on screen. */
  text: string;
  /** The whole current sample, for assistive technology. */
  full: string;
  index: number;
  phase: TypewriterPhase;
  animated: boolean;
}

/**
 * Types each of `texts` out, holds it, erases it and moves to the next. `texts` must keep its
 * identity between renders (a module constant). With reduced motion the first sample stays put.
 */
export function useTypewriter(texts: readonly string[]): Typewriter {
  const reduced = useReducedMotion();
  const visible = usePageVisible();
  const [state, setState] = useState(TYPEWRITER_START);

  // One pending tick at a time: hiding the tab or unmounting cancels it, showing it reschedules.
  useEffect(() => {
    if (reduced || !visible) return;
    const timer = window.setTimeout(
      () => setState((current) => advance(current, texts)),
      delayBeforeNext(state.phase),
    );
    return () => window.clearTimeout(timer);
  }, [state, reduced, visible, texts]);

  if (reduced) {
    const first = texts[0] ?? '';
    return { text: first, full: first, index: 0, phase: 'holding', animated: false };
  }
  const full = texts[state.index] ?? '';
  return {
    text: full.slice(0, state.length),
    full,
    index: state.index,
    phase: state.phase,
    animated: true,
  };
}
