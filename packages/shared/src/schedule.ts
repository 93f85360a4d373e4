import { Cron } from 'croner';

// Schedules are five-field cron expressions (minute hour day-of-month month day-of-week), read by
// croner, which also understands `L` (last day of the month), `1#1` (first Monday) and the
// nicknames `@hourly`, `@daily`, `@weekly`, `@monthly` and `@yearly`. A sixth field (seconds) is
// refused everywhere: a schedule the form accepts is one the scheduler runs.

/** Throws the reason, in croner's words, when the expression or time zone is not valid. */
function parse(cron: string, timezone?: string): Cron {
  return new Cron(cron, { mode: '5-part', timezone, paused: true });
}

/** Whether the expression is a valid five-field cron expression. */
export function isValidCron(cron: string): boolean {
  try {
    parse(cron);
    return true;
  } catch {
    return false;
  }
}

/** Whether the name is an IANA time zone this runtime knows, e.g. `Europe/Berlin`. */
export function isValidTimeZone(timezone: string): boolean {
  if (!timezone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The next `count` times the schedule fires after `from` (default now), in the schedule's time
 * zone: fewer when it stops firing. Throws on an invalid expression or time zone, with croner's
 * reason for an expression.
 */
export function nextRuns(cron: string, timezone: string, count: number, from = new Date()): Date[] {
  if (!isValidTimeZone(timezone)) throw new Error(`Unknown time zone: ${timezone}`);
  return parse(cron, timezone).nextRuns(count, from);
}

/** The next time the schedule fires after `from`, or null when it is invalid or never fires. */
export function nextRun(cron: string, timezone: string, from: Date): Date | null {
  try {
    return nextRuns(cron, timezone, 1, from)[0] ?? null;
  } catch {
    return null;
  }
}
