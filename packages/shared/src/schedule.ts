import cronstrue from 'cronstrue';
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

// ---- The schedule in words ----

/** "a, b and c". */
const listing = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

const clock = (hour: string, minute: string) => `${hour}:${minute.padStart(2, '0')}`;
const ordinal = (n: number) => {
  const suffix =
    n % 10 === 1 && n !== 11
      ? 'st'
      : n % 10 === 2 && n !== 12
        ? 'nd'
        : n % 10 === 3 && n !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
};
const numbers = (field: string) => (/^\d+(,\d+)*$/.test(field) ? field.split(',') : null);

function daysText(dow: string): string | null {
  if (dow === '*') return 'every day';
  if (dow === '1-5') return 'every weekday';
  if (dow === '0,6' || dow === '6,0') return 'every Saturday and Sunday';
  const nth = /^([0-6])#([1-5])$/.exec(dow);
  if (nth) return `on the ${ORDINALS[Number(nth[2]) - 1]} ${DAYS[Number(nth[1])]} of every month`;
  const list = numbers(dow);
  if (!list || list.some((d) => Number(d) > 6)) return null;
  return `every ${listing(list.map((d) => DAYS[Number(d)]!))}`;
}

/** The schedule in plain words for the common shapes, or null to let cronstrue say it. */
function ownWords(cron: string): string | null {
  const [minute, hour, dom, month, dow] = cron.trim().split(/\s+/) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const step = (field: string) => /^\*\/(\d+)$/.exec(field)?.[1];
  if (minute === '*' && hour === '*' && dom === '*' && month === '*' && dow === '*')
    return 'every minute';
  if (step(minute) && hour === '*' && dom === '*' && month === '*' && dow === '*') {
    return `every ${step(minute)} minutes`;
  }
  const minutes = numbers(minute);
  if (minutes?.length === 1 && dom === '*' && month === '*' && dow === '*') {
    if (hour === '*')
      return minute === '0' ? 'every hour' : `every hour at :${minute.padStart(2, '0')}`;
    if (step(hour))
      return `every ${step(hour)} hours${minute === '0' ? '' : ` at :${minute.padStart(2, '0')}`}`;
  }
  const hours = numbers(hour);
  if (!minutes || minutes.length !== 1 || !hours) return null;
  const at = `at ${listing(hours.map((h) => clock(h, minute)))}`;
  if (month === '*' && dom === '*') {
    const days = daysText(dow);
    return days ? `${days} ${at}` : null;
  }
  if (dow !== '*') return null;
  const doms =
    dom === 'L' ? ['the last day'] : numbers(dom)?.map((d) => `the ${ordinal(Number(d))}`);
  if (!doms) {
    const every = step(dom);
    return every && month === '*' ? `every ${every} days ${at}` : null;
  }
  if (month === '*') return `on ${listing(doms)} of every month ${at}`;
  if (month === '1,4,7,10' && dom === '1') return `on the first day of every quarter ${at}`;
  const months = numbers(month);
  if (months?.length === 1) {
    const name = new Date(Date.UTC(2000, Number(months[0]) - 1, 1)).toLocaleString('en-US', {
      month: 'long',
      timeZone: 'UTC',
    });
    return `every year on ${name} ${doms.map((d) => d.replace('the ', '')).join(' and ')} ${at}`;
  }
  return null;
}

/**
 * The schedule in words, e.g. "every weekday at 9:00", the same wherever Spoke shows one (the
 * compiler's summaries, the agent form); with a time zone, "(Europe/Berlin)" is appended.
 * Invalid expressions are described as such rather than throwing.
 */
export function describeSchedule(cron: string, timezone?: string): string {
  if (!isValidCron(cron)) return `invalid schedule (${cron})`;
  let words = ownWords(cron);
  if (!words) {
    const text = cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
    words = text[0]!.toLowerCase() + text.slice(1);
  }
  return timezone ? `${words} (${timezone})` : words;
}
