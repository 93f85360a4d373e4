/** Spec timings of the typed demos, in milliseconds. */
export const TYPE_MS = { min: 50, max: 80 } as const;
export const ERASE_MS = { min: 30, max: 40 } as const;
export const HOLD_MS = 2000;

export interface TypewriterState {
  index: number;
  length: number;
  phase: 'typing' | 'holding' | 'erasing';
}

export const START: TypewriterState = { index: 0, length: 0, phase: 'typing' };

/** One tick later: a character typed or erased, the hold over, or the next text begun. */
export function nextState(state: TypewriterState, texts: readonly string[]): TypewriterState {
  const full = texts[state.index]?.length ?? 0;
  if (state.phase === 'typing') {
    const length = Math.min(full, state.length + 1);
    return { ...state, length, phase: length >= full ? 'holding' : 'typing' };
  }
  if (state.phase === 'holding') return { ...state, phase: 'erasing' };
  if (state.length > 1) return { ...state, length: state.length - 1 };
  return { index: (state.index + 1) % Math.max(1, texts.length), length: 0, phase: 'typing' };
}

/** How long the current phase waits before its next tick; keystrokes vary a little. */
export function tickDelay(phase: TypewriterState['phase'], random: () => number = Math.random) {
  if (phase === 'holding') return HOLD_MS;
  const { min, max } = phase === 'typing' ? TYPE_MS : ERASE_MS;
  return min + Math.floor(random() * (max - min + 1));
}
