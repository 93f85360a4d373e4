import { nextRuns as runsOf } from '@spoke/shared/schedule';
import { z } from 'zod';
import {
  defineTool,
  jsonResult,
  messageOf,
  ToolError,
  type BuiltinServerDefinition,
} from './tool.ts';

/** Checks an IANA time zone name; returns its canonical spelling. */
function timeZone(name: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw new ToolError(
      `unknown time zone: ${name} (use an IANA name such as UTC, Europe/Paris or America/New_York)`,
    );
  }
}

export type ZonedTime = {
  /** Local time with its offset, e.g. 2025-03-01T09:30:00+01:00. */
  iso: string;
  utc: string;
  date: string;
  time: string;
  weekday: string;
  timezone: string;
  utc_offset: string;
};

/** A moment as seen in a time zone. */
export function zoned(moment: Date, zone: string): ZonedTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      weekday: 'long',
      timeZoneName: 'longOffset',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : (parts.timeZoneName ?? '').slice(3);
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  return {
    iso: `${date}T${time}${offset === '+00:00' ? 'Z' : offset}`,
    utc: moment.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    date,
    time,
    weekday: parts.weekday ?? '',
    timezone: zone,
    utc_offset: offset,
  };
}

const zoneField = z
  .string()
  .min(1)
  .max(64)
  .default('UTC')
  .describe('IANA time zone, e.g. Europe/Paris or America/New_York. Default UTC.');

const now = defineTool({
  name: 'now',
  title: 'Current date and time',
  description:
    'The current date and time in a time zone: ISO time with offset, UTC time, date, time of ' +
    'day, weekday and UTC offset. Use it before reasoning about "today", "tomorrow" or deadlines.',
  input: { timezone: zoneField },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const zone = timeZone(args.timezone);
    const t = zoned(ctx.now?.() ?? new Date(), zone);
    return jsonResult(t, `${t.weekday} ${t.date} ${t.time} (${zone}, UTC${t.utc_offset})`);
  },
});

const nextRuns = defineTool({
  name: 'next_runs',
  title: 'Next times of a cron schedule',
  description:
    'Check a cron expression and list the next times it fires in a time zone. Cron has 5 fields ' +
    '(minute hour day-of-month month day-of-week, e.g. "0 9 * * 1-5" for 09:00 on weekdays), as ' +
    'agent schedules do; @hourly, @daily, @weekly, @monthly and @yearly also work.',
  input: {
    cron: z.string().min(1).max(200).describe('Cron expression, e.g. "*/15 * * * *".'),
    timezone: zoneField,
    count: z.number().int().min(1).max(50).default(5).describe('How many run times. Default 5.'),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const zone = timeZone(args.timezone);
    const from = ctx.now?.() ?? new Date();
    let times: Date[];
    try {
      times = runsOf(args.cron.trim(), zone, args.count, from);
    } catch (error) {
      throw new ToolError(`invalid cron expression "${args.cron}": ${messageOf(error)}`);
    }
    const runs = times.map((run) => zoned(run, zone).iso);
    if (runs.length === 0) {
      throw new ToolError(`the cron expression "${args.cron}" never fires`);
    }
    return jsonResult(
      { cron: args.cron.trim(), timezone: zone, from: zoned(from, zone).iso, runs },
      `Next ${runs.length} run${runs.length === 1 ? '' : 's'} of "${args.cron.trim()}" in ${zone}.`,
    );
  },
});

export const clockServer: BuiltinServerDefinition = {
  title: 'Clock and scheduler',
  instructions:
    'Tells the current time in any time zone (now) and checks cron schedules (next_runs).',
  tools: [now, nextRuns],
};
