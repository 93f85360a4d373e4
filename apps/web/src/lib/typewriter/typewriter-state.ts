/** Spec timings for the typed demos. */
export const TYPE_DELAY_MS = { min: 50, max: 80 } as const;
export const ERASE_DELAY_MS = { min: 30, max: 40 } as const;
export const HOLD_MS = 2000;

export type TypewriterPhase = 'typing' | 'holding' | 'erasing';

export interface TypewriterState {
  /** Which sample is on screen. */
  index: number;
  /** How many of its characters are shown. */
  length: number;
  phase: TypewriterPhase;
}

export const TYPEWRITER_START: TypewriterState = { index: 0, length: 0, phase: 'typing' };

/** The state one tick later: type a character, hold, erase a character, or move on. */
export function advance(state: TypewriterState, texts: readonly string[]): TypewriterState {
  const full = texts[state.index]?.length ?? 0;
  switch (state.phase) {
    case 'typing': {
      const length = Math.min(full, state.length + 1);
      return { ...state, length, phase: length >= full ? 'holding' : 'typing' };
    }
    case 'holding':
      return { ...state, phase: 'erasing' };
    case 'erasing': {
      const length = Math.max(0, state.length - 1);
      if (length > 0) return { ...state, length };
      return { index: (state.index + 1) % Math.max(1, texts.length), length: 0, phase: 'typing' };
    }
  }
}

/** How long to wait before the next tick; typing and erasing vary per character. */
export function delayBeforeNext(phase: TypewriterPhase, random: () => number = Math.random) {
  const between = ({ min, max }: { min: number; max: number }) =>
    min + Math.floor(random() * (max - min + 1));
  if (phase === 'holding') return HOLD_MS;
  return between(phase === 'typing' ? TYPE_DELAY_MS : ERASE_DELAY_MS);
}
