import { useEffect, useState } from 'react';
import { nextState, START, tickDelay } from './typewriter.ts';

/**
 * Types each of `texts` (a module constant, so its identity holds), holds it, erases it and
 * moves on. Returns the visible part and the whole current text. Paused while `paused`.
 */
export function useTypewriter(texts: readonly string[], paused: boolean) {
  const [state, setState] = useState(START);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(
      () => setState((current) => nextState(current, texts)),
      tickDelay(state.phase),
    );
    return () => window.clearTimeout(timer);
  }, [state, paused, texts]);
  const full = texts[state.index] ?? '';
  return { text: full.slice(0, state.length), full, phase: state.phase };
}
