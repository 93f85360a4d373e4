import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, testContext, textOf } from './test-support.ts';

// Sunday 30 March 2025, 00:30 UTC: Europe/Paris moves to summer time at 01:00 UTC that night.
const NOW = new Date('2025-03-30T00:30:00Z');

describe('clock', () => {
  let mcp: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    mcp = await connect('clock', testContext({ now: () => NOW }).ctx);
  });
  afterAll(async () => mcp.close());

  it('tells the time in UTC by default', async () => {
    const result = await mcp.call('now');
    expect(dataOf(result)).toEqual({
      iso: '2025-03-30T00:30:00Z',
      utc: '2025-03-30T00:30:00Z',
      date: '2025-03-30',
      time: '00:30:00',
      weekday: 'Sunday',
      timezone: 'UTC',
      utc_offset: '+00:00',
    });
    expect(textOf(result)).toMatch(/^Sunday 2025-03-30 00:30:00 \(UTC, UTC\+00:00\)/);
  });

  it('tells the time in a named zone, with its offset', async () => {
    expect(dataOf(await mcp.call('now', { timezone: 'Europe/Paris' }))).toMatchObject({
      iso: '2025-03-30T01:30:00+01:00',
      weekday: 'Sunday',
      utc_offset: '+01:00',
    });
    expect(dataOf(await mcp.call('now', { timezone: 'America/Los_Angeles' }))).toMatchObject({
      iso: '2025-03-29T17:30:00-07:00',
      date: '2025-03-29',
      weekday: 'Saturday',
    });
    expect(dataOf(await mcp.call('now', { timezone: 'Asia/Kolkata' }))).toMatchObject({
      utc_offset: '+05:30',
    });
  });

  it('lists the next runs of a cron schedule across a DST change', async () => {
    const data = dataOf<{ runs: string[]; from: string }>(
      await mcp.call('next_runs', { cron: '0 9 * * 1-5', timezone: 'Europe/Paris', count: 3 }),
    );
    expect(data.from).toBe('2025-03-30T01:30:00+01:00');
    expect(data.runs).toEqual([
      '2025-03-31T09:00:00+02:00',
      '2025-04-01T09:00:00+02:00',
      '2025-04-02T09:00:00+02:00',
    ]);
    const quarter = dataOf<{ runs: string[] }>(
      await mcp.call('next_runs', { cron: '*/15 * * * *' }),
    );
    expect(quarter.runs).toEqual([
      '2025-03-30T00:45:00Z',
      '2025-03-30T01:00:00Z',
      '2025-03-30T01:15:00Z',
      '2025-03-30T01:30:00Z',
      '2025-03-30T01:45:00Z',
    ]);
    const daily = dataOf<{ runs: string[] }>(
      await mcp.call('next_runs', { cron: '@daily', count: 1 }),
    );
    expect(daily.runs).toEqual(['2025-03-31T00:00:00Z']);
  });

  it('explains a bad cron expression or time zone', async () => {
    const bad = await mcp.call('next_runs', { cron: '61 * * * *' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^invalid cron expression "61 \* \* \* \*": .+/);
    const words = await mcp.call('next_runs', { cron: 'every monday' });
    expect(textOf(words)).toMatch(/^invalid cron expression "every monday"/);
    const zone = await mcp.call('now', { timezone: 'Mars/Olympus_Mons' });
    expect(zone.isError).toBe(true);
    expect(textOf(zone)).toBe(
      'unknown time zone: Mars/Olympus_Mons (use an IANA name such as UTC, Europe/Paris or America/New_York)',
    );
    const zoneRuns = await mcp.call('next_runs', { cron: '0 9 * * *', timezone: 'Nowhere/City' });
    expect(textOf(zoneRuns)).toMatch(/^unknown time zone: Nowhere\/City/);
  });
});
