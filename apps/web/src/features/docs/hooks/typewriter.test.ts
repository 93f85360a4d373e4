import { describe, expect, it } from 'vitest';
import { HOLD_MS, nextState, START, tickDelay, type TypewriterState } from './typewriter.ts';

describe('typewriter', () => {
  it('types, holds, erases and moves to the next text, wrapping around', () => {
    const texts = ['ab', 'c'];
    const seen: TypewriterState[] = [];
    let state = START;
    for (let i = 0; i < 9; i++) {
      state = nextState(state, texts);
      seen.push(state);
    }
    expect(seen.map(({ index, length, phase }) => `${index}${length}${phase[0]}`)).toEqual([
      '01t',
      '02h',
      '02e',
      '01e',
      '10t',
      '11h',
      '11e',
      '00t',
      '01t',
    ]);
  });

  it('waits 50-80 ms per typed character, 30-40 ms per erased one, and holds 2 s', () => {
    expect(tickDelay('typing', () => 0)).toBe(50);
    expect(tickDelay('typing', () => 0.9999)).toBe(80);
    expect(tickDelay('erasing', () => 0)).toBe(30);
    expect(tickDelay('erasing', () => 0.9999)).toBe(40);
    expect(tickDelay('holding')).toBe(HOLD_MS);
    expect(HOLD_MS).toBe(2000);
  });
});
