import { describeSchedule, isValidCron, isValidTimeZone, nextRuns } from '@spoke/shared/schedule';

export type CronCheck =
  | { ok: true; words: string; next: Date[] }
  | { ok: false; error: string; field: 'cron' | 'timezone' };

/** Common schedules offered next to the cron field. */
export const CRON_PRESETS: readonly { label: string; cron: string }[] = [
  { label: 'Every 15 minutes', cron: '*/15 * * * *' },
  { label: 'Every hour', cron: '0 * * * *' },
  { label: 'Every day at 9:00', cron: '0 9 * * *' },
  { label: 'Every weekday at 9:00', cron: '0 9 * * 1-5' },
  { label: 'Every Monday at 9:00', cron: '0 9 * * 1' },
  { label: 'On the first of the month at 9:00', cron: '0 9 1 * *' },
];

/** The schedule in words, as Spoke says it everywhere ("every weekday at 9:00"); null if invalid. */
export function describeCron(cron: string): string | null {
  return isValidCron(cron) ? describeSchedule(cron) : null;
}

/** Checks a five-field cron expression and lists its next runs in `timezone`. */
export function checkCron(cron: string, timezone: string, count = 5, from?: Date): CronCheck {
  const expression = cron.trim();
  if (expression === '') return { ok: false, field: 'cron', error: 'Cron expression is required' };
  if (!isValidTimeZone(timezone)) {
    return { ok: false, field: 'timezone', error: `Unknown time zone “${timezone}”` };
  }
  let next: Date[];
  try {
    next = nextRuns(expression, timezone, count, from);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Cron\w*:\s*/, '') : '';
    return { ok: false, field: 'cron', error: `Not a valid cron expression. ${reason}`.trim() };
  }
  if (next.length === 0) return { ok: false, field: 'cron', error: 'This schedule never runs' };
  const words = describeCron(expression) ?? expression;
  return { ok: true, words, next };
}

/** A run time as people read it, in the schedule's own time zone. */
export function formatRunTime(date: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(date);
}

/** Every IANA time zone the browser knows, with `current` kept even if it does not know it. */
export function timeZones(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  if (current) all.add(current);
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}
