import { describe, expect, it } from 'vitest';
import { formatPostDate } from './format-date.ts';

describe('formatPostDate', () => {
  it('writes the day out, without shifting it by the time zone', () => {
    expect(formatPostDate('2026-09-08')).toBe('September 8, 2026');
    expect(formatPostDate('2026-12-31')).toBe('December 31, 2026');
  });

  it('leaves a date it cannot read as it is', () => {
    expect(formatPostDate('soon')).toBe('soon');
  });
});
