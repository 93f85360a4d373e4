import { describe, expect, it } from 'vitest';
import {
  advance,
  delayBeforeNext,
  HOLD_MS,
  TYPEWRITER_START,
  type TypewriterState,
} from './typewriter-state.ts';

const texts = ['ab', 'xyz'];

function run(state: TypewriterState, ticks: number): TypewriterState[] {
  const seen: TypewriterState[] = [];
  for (let i = 0; i < ticks; i += 1) {
    state = advance(state, texts);
    seen.push(state);
  }
  return seen;
}

describe('typewriter steps', () => {
  it('types, holds, erases and moves on to the next sample, then wraps around', () => {
    const steps = run(TYPEWRITER_START, 12).map((s) => `${s.index}:${s.length}:${s.phase}`);
    expect(steps).toEqual([
      '0:1:typing',
      '0:2:holding',
      '0:2:erasing',
      '0:1:erasing',
      '1:0:typing',
      '1:1:typing',
      '1:2:typing',
      '1:3:holding',
      '1:3:erasing',
      '1:2:erasing',
      '1:1:erasing',
      '0:0:typing',
    ]);
  });
});

describe('timings', () => {
  it.each([
    ['typing', 50, 80],
    ['erasing', 30, 40],
  ] as const)('%s waits between %i and %i ms per character', (phase, min, max) => {
    expect(delayBeforeNext(phase, () => 0)).toBe(min);
    expect(delayBeforeNext(phase, () => 0.999999)).toBe(max);
    for (let i = 0; i < 200; i += 1) {
      const delay = delayBeforeNext(phase);
      expect(delay).toBeGreaterThanOrEqual(min);
      expect(delay).toBeLessThanOrEqual(max);
    }
  });

  it('holds a finished sample for 2 s', () => {
    expect(HOLD_MS).toBe(2000);
    expect(delayBeforeNext('holding')).toBe(2000);
  });
});
