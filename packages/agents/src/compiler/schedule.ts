import { lookupTable } from '@spoke/shared';
import { isValidCron } from '@spoke/shared/schedule';
import { describeSchedule } from '@spoke/shared/schedule';
import { RULES, type Draft, type Period } from './schedule-rules.ts';
import { findTimes, type ClockTime } from './times.ts';

/** A schedule read from a description. */
export type ParsedSchedule = {
  cron: string;
  /** The schedule in words, e.g. "every weekday at 9:00". */
  text: string;
  /** Defaults the description left open, said to the user. */
  assumptions: string[];
  /** Where the schedule phrase starts in the text (to rank it against event phrases). */
  index: number;
};

/** The hour a period of the day stands for when no time is written. */
const PERIOD_HOURS: Readonly<Record<Period, number>> = {
  morning: 9,
  afternoon: 14,
  evening: 18,
  night: 22,
};
const DEFAULT_HOUR = 9;

/** Words before a clock time by which something is due. */
const DUE_BEFORE =
  /\b(?:due|deadline(?:\s+is)?|expir(?:es|ing|y)|cut-?off(?:\s+is)?)\s+(?:(?:at|by|on)\s+)?(?:(?:today|tomorrow|tonight)\s+(?:at\s+)?)?$/i;

/** Between two clock times of one list: "9 and 17", "6am, 2pm, 10pm", "9am and again at 5pm". */
const LISTED_TIMES = /^\s*(?:,|&|\+|\/|and|or|and again|and then|then)?\s*(?:at\s+)?$/i;

/**
 * The times the schedule runs at: the one nearest its phrase and those listed with it. Other
 * clock times tell of other things ("Pipeline review is Wednesdays at 3pm", "before the meeting
 * at 2", "Backups run at midnight", "(vor Schichtbeginn um 8)").
 */
function timesOfRun(text: string, found: readonly ClockTime[], at: number): ClockTime[] {
  // ("chase the invoices due at 5pm", "the deadline is 12:00": when something is due, not a run.)
  const times = found.filter(
    (t) => !DUE_BEFORE.test(text.slice(Math.max(0, t.index - 30), t.index)),
  );
  if (times.length < 2) return times;
  const nearest = times.reduce((best, t) =>
    Math.abs(t.index - at) < Math.abs(best.index - at) ? t : best,
  );
  let from = times.findIndex((t) => t.index === nearest.index);
  let to = times.findLastIndex((t) => t.index === nearest.index);
  while (from > 0 && LISTED_TIMES.test(text.slice(times[from - 1]!.end, times[from]!.index)))
    from--;
  while (
    to < times.length - 1 &&
    LISTED_TIMES.test(text.slice(times[to]!.end, times[to + 1]!.index))
  )
    to++;
  return times.slice(from, to + 1);
}

/**
 * Days said as a recurrence: "every Friday", "each Monday", "Sundays", "weekly on Tue". Beside
 * one, a day named another way ("due on Monday", "for Tue/Wed/Thu", "i check on the weekend") is a
 * day talked of, not one more day to run, unless it is joined to it ("every Monday and Friday").
 */
const RECURRING_DAY =
  /^(?:(?:every|each|weekly)\b|(?:on\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|(?:week|work|business|school) ?days|weekends)\b)/i;
const TIME_AFTER = /^\s*(?:at\s+)?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?\b/i;
const JOINED =
  /^\s*(?:(?:at\s+)?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?\s*|(?:in the\s+)?(?:morning|afternoon|evening|night)s?\s*)?(?:,|and|&|\+|or)?\s*$/i;

function readDraft(text: string, skip: ReadonlySet<number> = new Set()): Draft {
  const draft: Draft = {};
  const taken: [number, number][] = [];
  const dayMatches: { start: number; end: number; recurring: boolean }[] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!rule.qualifier) {
        if (taken.some(([s, e]) => start < e && end > s)) continue;
        taken.push([start, end]);
      }
      if (skip.has(start)) continue;
      if (!rule.qualifier) draft.index = Math.min(draft.index ?? start, start);
      const days = draft.dow;
      rule.apply(draft, match);
      if (draft.dow !== days && !/#/.test(draft.dow ?? '')) {
        dayMatches.push({ start, end, recurring: RECURRING_DAY.test(match[0].trim()) });
      }
    }
  }
  const recurring = dayMatches.filter((m) => m.recurring);
  const talkedOf = dayMatches.filter(
    (m) =>
      !m.recurring &&
      recurring.length > 0 &&
      !recurring.some((r) =>
        m.start >= r.end
          ? JOINED.test(text.slice(r.end, m.start))
          : // (Before it, with a word that joins: "Tue/Wed/Thu every Friday" is not one list.)
            JOINED.test(text.slice(m.end, r.start)) &&
            /,|&|\+|\b(?:and|or)\b/i.test(text.slice(m.end, r.start)),
      ),
  );
  if (talkedOf.length && !skip.size) {
    const reread = readDraft(text, new Set(talkedOf.map((m) => m.start)));
    // ... nor is the time said with such a day ("for Mon/Wed/Fri at 9").
    reread.talkedOf = talkedOf.map((m) => {
      const time = TIME_AFTER.exec(text.slice(m.end));
      return [m.start, m.end + (time?.[0].length ?? 0)] as const;
    });
    return reread;
  }
  // "on the 1st and 15th", "On the 15th at 9am", "monthly, on the 15th" are schedules; "the refund
  // went out on the 3rd" is a date.
  if (draft.onDay) {
    const { dom, index } = draft.onDay;
    const recurring =
      draft.monthly ||
      draft.quarterly ||
      draft.yearly ||
      !!draft.month ||
      dom.includes(',') ||
      /(?:^|[.!?:]\s+)$/.test(text.slice(0, index)) ||
      /\bat\s+\d|\d\s*(?:am|pm)\b|\b\d{1,2}[:.]\d\d\b/i.test(text);
    if (recurring) {
      draft.dom ??= dom;
      draft.index = Math.min(draft.index ?? index, index);
    }
  }
  if (draft.daySaid && +draft.daySaid >= 1 && +draft.daySaid <= 31) draft.dom = draft.daySaid;
  if (draft.date && (draft.date.every || draft.yearly)) {
    draft.yearly = true;
    draft.month = draft.date.month;
    draft.dom = draft.date.dom;
    if (draft.date.every) draft.index ??= text.search(/\b(?:every|each)\s/i);
  }
  return draft;
}

const isSchedule = (d: Draft) =>
  d.everyMinutes !== undefined ||
  d.everyHours !== undefined ||
  d.everyDays !== undefined ||
  Boolean(
    d.daily || d.weekly || d.monthly || d.quarterly || d.yearly || d.fortnightly || d.dow || d.dom,
  );

/** A bare "at 7" in the evening means 19:00; "at 2" at night stays 2:00. */
function withPeriod(time: ClockTime, period: Period | undefined): number {
  // A bare "at 4" with no part of the day is in the working day: 1 to 5 are the afternoon's.
  if (time.bare && !time.definite && !period && time.hour >= 1 && time.hour <= 5)
    return time.hour + 12;
  if (time.definite || time.hour >= 12 || !period || period === 'morning') return time.hour;
  if (period === 'night') return time.hour >= 6 ? time.hour + 12 : time.hour;
  return time.hour + 12;
}

type Clock = { minute: string; hour: string; notes: string[] };

function clockFields(draft: Draft, times: readonly ClockTime[]): Clock {
  const notes: string[] = [];
  if (times.length) {
    const hours = [...new Set(times.map((t) => withPeriod(t, draft.period)))].sort((a, b) => a - b);
    const minutes = new Set(times.map((t) => t.minute));
    if (minutes.size > 1) {
      const first = times[0]!;
      notes.push(
        `One schedule holds one time of day: ${fmt(withPeriod(first, draft.period), first.minute)} was kept`,
      );
      return { minute: String(first.minute), hour: String(withPeriod(first, draft.period)), notes };
    }
    const vague = times.find(
      (t) => t.bare && !t.definite && !draft.period && t.hour >= 1 && t.hour <= 7,
    );
    if (vague) {
      const hour = withPeriod(vague, draft.period);
      notes.push(`${vague.hour} o'clock read as ${fmt(hour, vague.minute)}`);
    }
    return { minute: String(times[0]!.minute), hour: hours.join(','), notes };
  }
  if (draft.hours) {
    notes.push(`No times given: runs at ${draft.hours.map((h) => fmt(h, 0)).join(' and ')}`);
    return { minute: '0', hour: draft.hours.join(','), notes };
  }
  const hour = draft.period ? PERIOD_HOURS[draft.period] : DEFAULT_HOUR;
  notes.push(
    draft.period
      ? `"${draft.period}" read as ${fmt(hour, 0)}`
      : `No time of day given: runs at ${fmt(hour, 0)}`,
  );
  return { minute: '0', hour: String(hour), notes };
}

const fmt = (hour: number, minute: number) => `${hour}:${String(minute).padStart(2, '0')}`;

function fields(draft: Draft, times: readonly ClockTime[]): { cron: string; notes: string[] } {
  const dow = draft.dow ?? (draft.businessHours ? '1-5' : '*');
  const minutes = draft.everyMinutes;
  const window = draft.hourWindow
    ? `${draft.hourWindow[0]}-${draft.hourWindow[1]}`
    : draft.businessHours
      ? '9-17'
      : null;
  if (minutes !== undefined && minutes < 60) {
    const hour = window ?? '*';
    return { cron: `${minutes <= 1 ? '*' : `*/${minutes}`} ${hour} * * ${dow}`, notes: [] };
  }
  const rounded = minutes === undefined ? undefined : Math.max(1, Math.round(minutes / 60));
  const everyHours = draft.everyHours ?? rounded;
  if (everyHours !== undefined) {
    const hour =
      everyHours === 1 ? (window ?? '*') : window ? `${window}/${everyHours}` : `*/${everyHours}`;
    const notes =
      minutes !== undefined && minutes % 60 !== 0
        ? [`A schedule cannot repeat every ${minutes} minutes: runs every ${everyHours} hours`]
        : [];
    return { cron: `0 ${hour} * * ${dow}`, notes };
  }
  const clock = clockFields(draft, times);
  const notes = [...clock.notes];
  let dom = draft.dom ?? '*';
  let month = draft.month ?? '*';
  let days = draft.dow ?? '*';
  if (draft.everyDays !== undefined && dom === '*') dom = `*/${draft.everyDays}`;
  if (draft.fortnightly && dom === '*' && days === '*') {
    dom = '1,15';
    notes.push('A schedule cannot count weeks: every other week runs on the 1st and the 15th');
  } else if (draft.fortnightly) {
    notes.push('A schedule cannot count weeks: runs every week on the day given');
  }
  if (draft.twiceMonthly && dom === '*' && days === '*') {
    dom = '1,15';
    notes.push('No days of the month given: twice a month runs on the 1st and the 15th');
  }
  if ((draft.monthly || draft.quarterly) && dom === '*' && days === '*') {
    dom = '1';
    notes.push('No day of the month given: runs on the 1st');
  }
  if (draft.yearly && month === '*') {
    month = '1';
    if (dom === '*') dom = '1';
    notes.push('No date given: runs on 1 January');
  }
  if (draft.weekly && days === '*' && dom === '*') {
    days = '1';
    notes.push('No day of the week given: runs on Mondays');
  }
  return { cron: `${clock.minute} ${clock.hour} ${dom} ${month} ${days}`, notes };
}

/** Where schedule phrases and clock times sit in the text, to cut them out of step texts. */
export function scheduleSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      spans.push([match.index, match.index + match[0].length]);
    }
  }
  for (const time of findTimes(text)) spans.push([time.index, time.end]);
  // "at 9am" and "on Mondays" go with the schedule phrase.
  return spans.map(([start, end]) => {
    const lead = /(?:\b(?:at|on|from|around|every|each)|@)\s*$/i.exec(
      text.slice(Math.max(0, start - 8), start),
    );
    return [lead ? start - lead[0].length : start, end];
  });
}

const DAY_WORD =
  '(?:weekends?|weekdays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)';
const EXCLUDED_DAYS = new RegExp(
  String.raw`\b(?:skip(?:ping)?|except(?: on)?|excluding|not on|but not on|no runs? on)\s+(${DAY_WORD}(?:\s*(?:,|and|or)\s*${DAY_WORD})*)`,
  'gi',
);
const INCLUDED_DAYS = new RegExp(
  String.raw`\b(?:${DAY_WORD}\s+(?:count|included|too|as well)\w*(?:\s+too)?|(?:including|even on|also on)\s+${DAY_WORD})`,
  'gi',
);
const DAY_NUMBERS: Readonly<Record<string, number[]>> = lookupTable({
  weekend: [0, 6],
  weekday: [1, 2, 3, 4, 5],
  sunday: [0],
  monday: [1],
  tuesday: [2],
  wednesday: [3],
  thursday: [4],
  friday: [5],
  saturday: [6],
});
const dayNumbers = (days: string) =>
  days
    .toLowerCase()
    .split(/\s*(?:,|and|or)\s*/)
    .flatMap((day) => DAY_NUMBERS[day.replace(/s$/, '')] ?? []);
/** 1,2,3,4,5 -> 1-5 */
const compactDays = (days: readonly number[]) =>
  days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1)
    ? `${days[0]}-${days[days.length - 1]}`
    : days.join(',');

/**
 * Reads a schedule from a description ("every weekday at 9am", "hourly", "on the first of the
 * month"), or returns null when the description states none.
 */
export function parseSchedule(text: string): ParsedSchedule | null {
  // "Skip Sundays", "except weekends": days the schedule leaves out; "weekends count too":
  // days it keeps. Neither is a day to run on.
  const excluded = new Set<number>();
  const cleaned = text
    .replace(EXCLUDED_DAYS, (m, days: string) => {
      for (const day of dayNumbers(days)) excluded.add(day);
      return ' '.repeat(m.length);
    })
    .replace(INCLUDED_DAYS, (m) => ' '.repeat(m.length));
  const draft = readDraft(cleaned);
  if (excluded.size && !draft.dow && (draft.daily || isSchedule(draft))) {
    const kept = [0, 1, 2, 3, 4, 5, 6].filter((d) => !excluded.has(d));
    if (kept.length && kept.length < 7) draft.dow = compactDays(kept);
  }
  // "Remind me at 6:45am and 6:45pm": reminders at clock times recur every day.
  if (!isSchedule(draft) && /\bremind/i.test(text) && findTimes(text).some((t) => t.definite)) {
    draft.daily = true;
  }
  if (!isSchedule(draft)) return null;
  const timed = (draft.talkedOf ?? []).reduce(
    (t, [from, to]) => t.slice(0, from) + ' '.repeat(to - from) + t.slice(to),
    cleaned,
  );
  const { cron, notes } = fields(draft, timesOfRun(timed, findTimes(timed), draft.index ?? 0));
  if (!isValidCron(cron)) return null;
  return { cron, text: describeSchedule(cron), assumptions: notes, index: draft.index ?? 0 };
}
