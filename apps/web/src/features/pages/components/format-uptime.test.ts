import { describe, expect, it } from 'vitest';
import { formatUptime } from './format-uptime.ts';

describe('formatUptime', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [59, '59 seconds'],
    [65, '1 minute, 5 seconds'],
    [3_600, '1 hour'],
    [3_660, '1 hour, 1 minute'],
    [7_322, '2 hours, 2 minutes'],
    [86_400 * 3 + 3_600 * 4 + 59, '3 days, 4 hours'],
    [86_400 * 2 + 120, '2 days'],
    [-5, '0 seconds'],
  ])('%i seconds read "%s"', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });
});
