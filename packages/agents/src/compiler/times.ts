import { lookupTable } from '@spoke/shared';
// Clock times in a description: "9am", "18:30", "8.45", "18h30", "0800 hrs", "half past eight",
// "noon". Each reader is a row of the table below; the first reader to claim a span wins, so
// "5:30 PM" is read once, with its meridiem.

export type ClockTime = {
  hour: number;
  minute: number;
  /** Offset in the text, to tell which schedule phrase the time belongs to. */
  index: number;
  end: number;
  /** Written with am/pm or in 24-hour form, so no morning/evening guess is needed. */
  definite: boolean;
  /** An hour alone ("at 4", "4 o'clock"), with no minutes. */
  bare?: boolean;
};

export const WORD_NUMBERS: Readonly<Record<string, number>> = lookupTable({
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  'forty-five': 45,
});

export const numberOf = (word: string): number =>
  /^\d+$/.test(word) ? Number(word) : (WORD_NUMBERS[word.toLowerCase()] ?? NaN);

const NUM = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;

/**
 * A plural after a bare number makes it a count of things ("3 stars", "5 units"); not the days an
 * hour falls on ("at 9 weekdays") nor a word that only ends in s ("at 9 this morning").
 */
const PLURAL_NOUN = String.raw`(?!(?:mon|tues|wednes|thurs|fri|satur|sun|week)(?:day|end)s\b|(?:this|always|perhaps|plus|unless|thus|its)\b)[a-z]{2,}s\b`;

type Time = { hour: number; minute: number; definite: boolean; bare?: boolean };
type Reader = {
  pattern: RegExp;
  read: (m: RegExpMatchArray) => Time | readonly Time[] | null;
};

/**
 * "at 8, 10, 12, 2, 4 and 6": hours in the order of a day, so that once they go down they are
 * the afternoon's (2 is 14:00 after 12); "at 2, 3 and 4pm" are all in the afternoon.
 */
function hourList(written: string, suffix: string | undefined): Time[] | null {
  const hours = [...written.matchAll(/\d{1,2}/g)].map((m) =>
    suffix ? meridiem(Number(m[0]), suffix) : Number(m[0]),
  );
  if (hours.length < 2 || hours.some((h) => h > 23)) return null;
  let afternoon = false;
  return hours.map((hour, i) => {
    if (i > 0 && hour < hours[i - 1]! && hour < 12) afternoon = true;
    return { hour: afternoon && hour < 12 ? hour + 12 : hour, minute: 0, definite: true };
  });
}

const meridiem = (hour: number, suffix: string) =>
  suffix.toLowerCase() === 'pm' ? (hour % 12) + 12 : hour % 12;

const READERS: readonly Reader[] = [
  {
    pattern:
      /\bat\s+(\d{1,2}(?:\s*,\s*\d{1,2})*\s*,?\s*(?:and|&)\s*\d{1,2}|\d{1,2}(?:\s*,\s*\d{1,2}){2,})(?:\s*(am|pm))?\b(?!\s*(?:[:.]\d|%|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|times?|h\b|(?:[,&]|and)\s*\d))/gi,
    read: (m) => hourList(m[1]!, m[2]),
  },
  {
    pattern: new RegExp(
      String.raw`\b(half past|quarter past|quarter to) ${NUM}(?:\s*(am|pm)\b)?`,
      'gi',
    ),
    read: (m) => {
      const written = numberOf(m[2]!);
      const hour = m[3] ? meridiem(written, m[3]) : written;
      const kind = m[1]!.toLowerCase();
      const definite = Boolean(m[3]);
      if (kind === 'quarter to') return { hour: (hour + 23) % 24, minute: 45, definite };
      return { hour, minute: kind === 'half past' ? 30 : 15, definite };
    },
  },
  {
    pattern: new RegExp(String.raw`\b${NUM}(?:[:.](\d{2}))?\s*(am|pm)\b`, 'gi'),
    read: (m) => ({
      hour: meridiem(numberOf(m[1]!), m[3]!),
      minute: Number(m[2] ?? 0),
      definite: true,
    }),
  },
  {
    // ("confirm by noon", "before midnight": a deadline, not when to run.)
    pattern: /(?<!\b(?:by|before|until|till)\s)\b(noon|midday|lunchtime|lunch time|midnight)\b/gi,
    read: (m) => ({ hour: /midnight/i.test(m[1]!) ? 0 : 12, minute: 0, definite: true }),
  },
  {
    // "18h30", or "at 14h", "17h each weekday"; a bare "4h" is mostly a duration ("sub-4h",
    // "every 4h").
    pattern:
      /\b([01]?\d|2[0-3])h([0-5]\d)\b|(?<=^\s*|\b(?:at|by|around|from|until|till|@|day|daily|morning|weekdays?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\s*)\b([01]?\d|2[0-3])h\b/gi,
    read: (m) => ({
      hour: Number(m[1] ?? m[3]),
      minute: Number(m[2] ?? 0),
      definite: true,
    }),
  },
  {
    pattern: /\bat ([01]\d|2[0-3])([0-5]\d)(?:\s*(?:hrs?|hours)\b)?/gi,
    read: (m) => ({ hour: Number(m[1]), minute: Number(m[2]), definite: true }),
  },
  {
    pattern: /(?<![\d$.,:/-])\b([01]?\d|2[0-3])[:.]([0-5]\d)\b(?![.:]\d|\s*%)/g,
    // ("at 3:30" is as open as "at 3": in the working day, the afternoon's.)
    read: (m) => ({
      hour: Number(m[1]),
      minute: Number(m[2]),
      definite: Number(m[1]) >= 13 || m[1]!.startsWith('0'),
      bare: !m[1]!.startsWith('0'),
    }),
  },
  {
    // "8 in the morning and 8 at night": an hour with its part of the day ("at 7 of the morning",
    // as Spanish, Portuguese and French say it).
    pattern:
      /\b(1[0-2]|[1-9])(?::([0-5]\d))?\s+(?:((?:in|of) the morning)|((?:in|of) the (?:afternoon|evening|night)|at night|tonight))\b/gi,
    read: (m) => ({
      hour: m[4] ? (Number(m[1]) % 12) + 12 : Number(m[1]) % 12,
      minute: Number(m[2] ?? 0),
      definite: true,
    }),
  },
  {
    // "every monday 9: check npm": an hour right after a day, before a colon or a comma.
    pattern:
      /(?<=\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\s+)([01]?\d|2[0-3])(?=\s*[:,](?!\d))/gi,
    read: (m) => ({ hour: Number(m[1]), minute: 0, definite: false, bare: true }),
  },
  {
    // "every morning 8 email me ...", "every morning 7: weather ...": an hour right after a part
    // of the day, before a colon or the request's verb.
    pattern:
      /(?<=\b(?:every|each)\s+(?:morning|afternoon|evening|night)\s+)(1[0-2]|[1-9])(?=\s*[:,](?!\d)|\s+(?:email|e-mail|send|post|check|pull|get|make|create|text|ping|tell|remind|summari[sz]e|write|give|list|grab|look|go|read|fetch|scan|whatsapp|message|dm|share|update|run|export|collect|compile)\b)/gi,
    read: (m) => ({ hour: Number(m[1]), minute: 0, definite: false, bare: true }),
  },
  {
    pattern: new RegExp(String.raw`\b${NUM} o'?clock\b`, 'gi'),
    read: (m) => ({ hour: numberOf(m[1]!), minute: 0, definite: false, bare: true }),
  },
  {
    // (Not a count: "at 3 stars or below", "at 5 units", "at 2 or more".)
    pattern: new RegExp(
      String.raw`\b(?:at|around)\s+${NUM}\b(?!\s*(?:[:.]\d|%|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|times?|failures?|errors?|items?|percent|,\s*\d|\s+of\b|\+|\s+(?:or|and)\s+(?:more|less|above|below|higher|lower|fewer|over|under)\b|\s+${PLURAL_NOUN}))`,
      'gi',
    ),
    read: (m) => ({ hour: numberOf(m[1]!), minute: 0, definite: false, bare: true }),
  },
];

/** Words right before a number that make it something other than a time ("my 7:52 train"). */
const SPAN_IN_BRACKETS =
  /\(\s*\d{1,2}[:.]\d\d\s*(?:am|pm)?\s*(?:-|\u2013|to)\s*\d{1,2}[:.]\d\d\s*(?:am|pm)?\s*\)/gi;
const NOT_A_TIME = /(?:\b(?:my|the|our|a|an|his|her|their|your|version|v)\s*|https?:\/\/\S*)$/i;

/** The clock times in the text, in order. Hours outside 0-23 are dropped. */
export function findTimes(text: string): ClockTime[] {
  // A span of clock times in brackets ("night shift (19:00-07:00)") says when something lasts, not
  // when to run.
  const taken: [number, number][] = [...text.matchAll(SPAN_IN_BRACKETS)].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
  const times: ClockTime[] = [];
  for (const reader of READERS) {
    for (const match of text.matchAll(reader.pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      if (NOT_A_TIME.test(text.slice(Math.max(0, start - 40), start))) continue;
      const read = reader.read(match);
      const found = read === null ? [] : 'hour' in read ? [read] : read;
      const valid = found.filter((t) => t.hour >= 0 && t.hour <= 23 && t.minute <= 59);
      if (!valid.length) continue;
      taken.push([start, end]);
      for (const time of valid) times.push({ ...time, index: start, end });
    }
  }
  return times.sort((a, b) => a.index - b.index);
}
