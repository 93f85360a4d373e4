import { describe, expect, it } from 'vitest';
import { isValidCron, isValidTimeZone, nextRun, nextRuns } from './schedule.ts';

const from = new Date('2026-03-04T10:00:00Z');

describe('schedules', () => {
  it('reads five-field expressions and nicknames, nothing else', () => {
    for (const cron of ['0 9 * * 1-5', '*/15 * * * *', '0 17 L * *', '0 9 * * 1#1', '@daily']) {
      expect(isValidCron(cron), cron).toBe(true);
    }
    for (const cron of ['0 0 9 * * 1', '0 9 * *', '61 9 * * *', 'every monday', '']) {
      expect(isValidCron(cron), cron).toBe(false);
    }
  });

  it('knows IANA time zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone(' ')).toBe(false);
  });

  it('lists the next runs in the schedule’s time zone', () => {
    expect(
      nextRuns('0 9 * * 1-5', 'America/New_York', 4, from).map((d) => d.toISOString()),
    ).toEqual([
      '2026-03-04T14:00:00.000Z',
      '2026-03-05T14:00:00.000Z',
      '2026-03-06T14:00:00.000Z',
      // Summer time from March 8: 9:00 is an hour earlier in UTC.
      '2026-03-09T13:00:00.000Z',
    ]);
    expect(() => nextRuns('0 9 * * *', 'Mars/Olympus', 1, from)).toThrow(/Unknown time zone/);
    expect(() => nextRuns('0 0 9 * * 1', 'UTC', 1, from)).toThrow(/5 parts/);
  });

  it('gives the next run, or null for a schedule that is invalid or never fires again', () => {
    expect(nextRun('30 18 * * *', 'UTC', from)?.toISOString()).toBe('2026-03-04T18:30:00.000Z');
    expect(nextRun('0 0 9 * * 1', 'UTC', from)).toBeNull();
    expect(nextRun('0 9 * * *', 'Mars/Olympus', from)).toBeNull();
    expect(nextRun('0 9 30 2 *', 'UTC', from)).toBeNull();
  });
});
