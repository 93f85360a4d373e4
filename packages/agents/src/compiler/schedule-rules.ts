import { lookupTable } from '@spoke/shared';
import { numberOf } from './times.ts';

// How schedule phrases set the fields of a cron expression. Each rule reads one kind of phrase
// ("every 15 minutes", "on weekdays", "the 1st and 15th of each month") and records what it says
// in a draft; schedule.ts turns the draft into cron fields, filling the gaps with stated defaults.

export type Period = 'morning' | 'afternoon' | 'evening' | 'night';

export type Draft = {
  everyMinutes?: number;
  everyHours?: number;
  everyDays?: number;
  /** Day-of-week field, e.g. `1-5`, `2,4`, `1#1`. */
  dow?: string;
  /** Day-of-month field, e.g. `1`, `1,15`, `L`. */
  dom?: string;
  month?: string;
  daily?: boolean;
  weekly?: boolean;
  monthly?: boolean;
  quarterly?: boolean;
  yearly?: boolean;
  /** "twice a day": hours to use when no time is written. */
  hours?: number[];
  period?: Period;
  businessHours?: boolean;
  /** "every other week": cron cannot count weeks; the 1st and the 15th come closest. */
  fortnightly?: boolean;
  /** "twice a month": on the days given, or the 1st and the 15th. */
  twiceMonthly?: boolean;
  /** A calendar date written in the text; a schedule only with "every" or "yearly". */
  date?: { month: string; dom: string; every: boolean };
  /** "on the 15th": the day of the month, and where it is written. */
  onDay?: { dom: string; index: number };
  /** "between 8 and 20", "(9-17)": the hours a repeating schedule keeps to. */
  hourWindow?: [number, number];
  /** Where the first schedule phrase starts. */
  index?: number;
  /** The day of the month the user names to run on, over the rhythm's own ("say the 28th"). */
  daySaid?: string;
  /** Days only talked of beside a recurrence, with any time said with them: not when to run. */
  talkedOf?: (readonly [number, number])[];
};

type Rule = {
  pattern: RegExp;
  apply: (draft: Draft, m: RegExpMatchArray) => void;
  /** Only qualifies a schedule ("in the evening"); never makes one on its own. */
  qualifier?: boolean;
};

const N = String.raw`(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)`;
const DAY = String.raw`(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)`;
const FULL_DAY = String.raw`(monday|tuesday|wednesday|thursday|friday|saturday|sunday)`;
const DAY_INDEX: Readonly<Record<string, number>> = lookupTable({
  sun: 0,
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
});
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const ORDINAL_WORDS: Readonly<Record<string, number>> = lookupTable({
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
});

export const dayIndex = (word: string): number => DAY_INDEX[word.slice(0, 3).toLowerCase()]!;
/** A day in a range, also by its two-letter abbreviation ("Mo-Fr"). */
const TWO_LETTER_DAYS: Readonly<Record<string, number>> = lookupTable({
  su: 0,
  mo: 1,
  tu: 2,
  we: 3,
  th: 4,
  fr: 5,
  sa: 6,
});
const rangeDay = (word: string): number => TWO_LETTER_DAYS[word.toLowerCase()] ?? dayIndex(word);
const dayOfMonth = (word: string): number =>
  ORDINAL_WORDS[word.toLowerCase()] ?? Number.parseInt(word, 10);

/** Days of the week as a cron field: runs of three or more as ranges ("0,1-4", "5,6"). */
function dayField(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return '*';
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}-${sorted[j]}` : sorted.slice(i, j + 1).join(','));
    i = j + 1;
  }
  return parts.join(',');
}

const addDays = (draft: Draft, days: number[]) => {
  const known = draft.dow && /^[\d,]+$/.test(draft.dow) ? draft.dow.split(',').map(Number) : [];
  draft.dow = [...new Set([...known, ...days])].sort((a, b) => a - b).join(',');
};

const DOM_LIST = String.raw`((?:\d{1,2}(?:st|nd|rd|th)?|first)(?:\s*(?:,|and|&|\+)\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?)*)`;
/** Days of the month written as ordinals: "1st and 15th", "the 5th". */
const ORDINAL_LIST = String.raw`(\d{1,2}(?:st|nd|rd|th)(?:\s*(?:,|and|&)\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th))*)`;

export const RULES: readonly Rule[] = [
  {
    pattern: new RegExp(String.raw`\bevery\s+${N}\s*-?\s*(?:minutes?|mins?)\b`, 'gi'),
    apply: (d, m) => void (d.everyMinutes = numberOf(m[1]!)),
  },
  { pattern: /\bevery minute\b/gi, apply: (d) => void (d.everyMinutes = 1) },
  {
    pattern: /\b(?:every half(?: an)? hour|half-hourly|twice an hour)\b/gi,
    apply: (d) => void (d.everyMinutes = 30),
  },
  {
    pattern: /\bevery quarter(?: of an)? hour\b/gi,
    apply: (d) => void (d.everyMinutes = 15),
  },
  {
    pattern: new RegExp(String.raw`\bevery\s+${N}\s*-?\s*(?:hours?|hrs?|h)\b`, 'gi'),
    apply: (d, m) => void (d.everyHours = numberOf(m[1]!)),
  },
  {
    pattern: /\b(?:hourly|every hour|each hour|once an hour|once per hour)\b/gi,
    apply: (d) => void (d.everyHours = 1),
  },
  {
    pattern: new RegExp(String.raw`\bevery\s+${N}\s+days?\b`, 'gi'),
    apply: (d, m) => void (d.everyDays = numberOf(m[1]!)),
  },
  { pattern: /\bevery other day\b/gi, apply: (d) => void (d.everyDays = 2) },
  {
    // "every other night at 11pm".
    pattern: /\bevery other (morning|afternoon|evening|night)\b/gi,
    apply: (d, m) => void ((d.everyDays = 2), (d.period = m[1]!.toLowerCase() as Period)),
  },
  {
    // "every 2nd day", "every third day".
    pattern: /\bevery (2nd|3rd|4th|5th|second|third|fourth|fifth) day\b/gi,
    apply: (d, m) => void (d.everyDays = dayOfMonth(m[1]!)),
  },
  {
    pattern:
      /\b(?:every other week|every (?:2|two) weeks|bi-?weekly|fortnightly|every fortnight)\b/gi,
    apply: (d) => void (d.fortnightly = true),
  },
  {
    pattern:
      /\b(?:between|from) (\d{1,2})(?!\d)(?::[0-5]\d)?\s*(am|pm)? (?:and|to|till|until|-) (\d{1,2})(?!\d)(?::[0-5]\d)?\s*(am|pm)?(?!\s*(?:minutes|mins|days|%|:\d))|\((\d{1,2})\s*-\s*(\d{1,2})\)/gi,
    apply: (d, m) => {
      const hour = (value: string | undefined, half: string | undefined) => {
        const n = Number(value);
        return half?.toLowerCase() === 'pm' && n < 12 ? n + 12 : n;
      };
      const from = m[1] ? hour(m[1], m[2]) : Number(m[5]);
      let to = m[3] ? hour(m[3], m[4]) : Number(m[6]);
      // "from 9 to 5" ends in the afternoon.
      if (to < from && to + 12 > from && to < 12) to += 12;
      if (from >= 0 && to <= 23 && from < to) d.hourWindow = [from, to];
    },
    qualifier: true,
  },
  {
    // "Mornings at 8, go through ...", "Evenings: ...": a part of the day heading the description.
    pattern: /^\s*(mornings|afternoons|evenings|nights)\b(?=\s*(?:at\b|[,:-]))/gi,
    apply: (d, m) => {
      d.daily = true;
      d.period = m[1]!.toLowerCase().replace(/s$/, '') as Period;
    },
  },
  {
    // "At midnight, compare ...", "At 6am: ...": a time that opens the description is when it
    // runs each day.
    // ("At 5:30pm total up the day's sales": a request after it, with no day of its own.)
    pattern: new RegExp(
      String.raw`^\s*at\s+(?:midnight|noon|midday|\d{1,2}(?:[:.]\d\d\s*(?:am|pm|h)?|\s*(?:am|pm|h)))(?:\s*[,:]|\s+(?!(?:on|every|each|daily|weekly|monthly|the|tomorrow|today|tonight|next|this|in|of|${DAY})\b)(?=[a-z]))`,
      'gi',
    ),
    apply: (d) => void (d.daily = true),
  },
  {
    // "On shift days at 6pm", "on match days at 9": days of the person's own kind, then a time:
    // each day at that time (whether it is such a day is for the agent to see).
    pattern: /\bon\s+(?!(?:week|work|working|business|school)\s)[a-z]+\s+days\s+(?=at\s+\d|\d)/gi,
    apply: (d) => void (d.daily = true),
  },
  {
    // "at end of day": every day, in the evening.
    pattern:
      /\b(?:at )?(?:the )?(?:end of (?:the )?(?:day|work ?day|business day)|close of (?:business|play)|eod|cob)\b/gi,
    apply: (d) => void ((d.daily = true), (d.period ??= 'evening')),
  },
  {
    pattern: /\b(?:during|in|within) (?:business|working|office|work) hours\b/gi,
    apply: (d) => void (d.businessHours = true),
    qualifier: true,
  },
  {
    // ("two times in a day", "2x per day": twice, in numbers or words.)
    pattern: /\b(?:(?:twice|two times|2 ?(?:times|x)) (?:a|per|in an?|each) day|twice daily)\b/gi,
    apply: (d) => void ((d.daily = true), (d.hours = [9, 17])),
  },
  {
    pattern: /\b(?:three times|3 ?(?:times|x)) (?:a|per|in an?|each) day\b/gi,
    apply: (d) => void ((d.daily = true), (d.hours = [9, 13, 17])),
  },
  {
    pattern:
      /\b(?:daily|every day|each day|once (?:a|per) day|(?:once|twice|\d+ times|\d+x) per day|every weeknight|nightly)\b/gi,
    apply: (d) => void (d.daily = true),
  },
  {
    // "Morning digest in Discord: ...": a part of the day heading a line, naming recurring work.
    pattern:
      /(?<=^|[.!?]\s+)(morning|evening|nightly|night)\s+(?:digest|report|summary|briefing|recap|update|round-?up)s?\b/gi,
    apply: (d, m) =>
      void (
        (d.daily = true),
        (d.period ??= (m[1]!.toLowerCase() === 'nightly' ? 'night' : m[1]!.toLowerCase()) as Period)
      ),
  },
  {
    // "first thing Monday": that day, in the morning.
    pattern: new RegExp(String.raw`\bfirst thing (?:on |every |each )?${DAY}s?\b`, 'gi'),
    apply: (d, m) => void (addDays(d, [dayIndex(m[1]!)]), (d.period ??= 'morning')),
  },
  {
    pattern: /\bfirst thing(?: in the morning)?\b/gi,
    apply: (d) => void (d.period ??= 'morning'),
    qualifier: true,
  },
  {
    pattern: /\b(?:every|each) (morning|afternoon|evening|night)\b/gi,
    apply: (d, m) => void ((d.daily = true), (d.period = m[1]!.toLowerCase() as Period)),
  },
  {
    pattern:
      /\b(?:in the|at|this|tomorrow|daily|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+(morning|afternoon|evening|night)s?\b/gi,
    apply: (d, m) => void (d.period ??= m[1]!.toLowerCase() as Period),
    qualifier: true,
  },
  { pattern: /\bnightly\b/gi, apply: (d) => void (d.period ??= 'night'), qualifier: true },
  {
    // "Monday to Friday", "Mo-Fr", "sunday to thursday", "tue-sat": a range of days, across the
    // weekend too.
    pattern: new RegExp(
      String.raw`\b(${DAY}|mo|tu|we|th|fr|sa|su)s?\s*(?:-|to|through|thru|until|till)\s*(${DAY}|mo|tu|we|th|fr|sa|su)s?\b`,
      'gi',
    ),
    apply: (d, m) => {
      // (DAY has a group of its own: the range's ends are the first and the third.)
      const from = rangeDay(m[1]!);
      const to = rangeDay(m[3]!);
      if (from === to) return;
      const days: number[] = [];
      for (let day = from; day !== to; day = (day + 1) % 7) days.push(day);
      days.push(to);
      d.dow = dayField(days);
    },
  },
  {
    // ("the same weekday last week", "which weekday": a day talked of, not when to run.)
    pattern:
      /(?<!\b(?:same|which|what|that)\s)\b(?:week ?days?|work ?days?|working days|business days|school ?days?)\b/gi,
    apply: (d) => void (d.dow = '1-5'),
  },
  {
    pattern: /\b(?:weekends?|saturdays? and sundays?)\b/gi,
    apply: (d) => void (d.dow = '0,6'),
  },
  {
    pattern: new RegExp(
      String.raw`\b(first|second|third|fourth|1st|2nd|3rd|4th) ${DAY}s? of (?:every|each|the) month\b`,
      'gi',
    ),
    apply: (d, m) => void (d.dow = `${dayIndex(m[2]!)}#${dayOfMonth(m[1]!)}`),
  },
  {
    // "Monday and Thursday mornings", "Tuesday, Thursday at 3": every day of a list before a part
    // of the day or a time.
    // ("mon wed fri 11am": or with spaces alone between them.)
    pattern: new RegExp(
      String.raw`\b(${DAY}s?(?:(?:\s*(?:,|and|&|\+)\s*|\s+)${DAY}s?)+)(?=\s+(?:at\b|mornings?|afternoons?|evenings?|nights?|\d))`,
      'gi',
    ),
    apply: (d, m) =>
      addDays(
        d,
        [...m[1]!.matchAll(new RegExp(`\\b${DAY}`, 'gi'))].map((x) => dayIndex(x[0])),
      ),
  },
  {
    // A day's name counts when it reads as a schedule: "every Monday", "on Tuesdays", "Friday at".
    pattern: new RegExp(
      String.raw`(?:\b(?:every(?: other)?|each|on|and|or|weekly on|weekly)\s+|,\s*|&\s*|\+\s*|\(\s*)${DAY}(?:s)?\b(?!\.com|-|,?\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\b(?![:.]\d|:|\s*(?:am|pm|h)\b)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b))|\b${FULL_DAY}s\b|(?<!\b(?:out|for|by|until|till|before|after|next|this|from|due)\s+)\b${FULL_DAY}\b(?=\s+(?:at|mornings?|afternoons?|evenings?|nights?)\b|\s+\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)\b)|(?<=^|[.!?]\s+)${DAY}\b(?=\s*(?:\+|&|,|\s\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\s(?:[01]?\d|2[0-3])[:.h][0-5]\d\b))`,
      'gi',
    ),
    apply: (d, m) => addDays(d, [dayIndex((m[1] ?? m[2] ?? m[3] ?? m[4])!)]),
  },
  {
    // "Mon/Wed/Fri at 10", "tue / thu".
    pattern: new RegExp(String.raw`\b${DAY}(?:\s*/\s*${DAY})+\b`, 'gi'),
    apply: (d, m) =>
      addDays(
        d,
        m[0].split('/').map((day) => dayIndex(day.trim())),
      ),
  },
  {
    // "a Monday digest", "the Friday report": a day that names a recurring piece of work.
    pattern: new RegExp(
      String.raw`\b${FULL_DAY}\s+(?:digest|report|summary|recap|update|briefing|roundup|check-?in)s?\b`,
      'gi',
    ),
    apply: (d, m) => addDays(d, [dayIndex(m[1]!)]),
  },
  {
    // "at every shift change (6am, 2pm, 10pm)": a recurring moment, at the clock times listed.
    pattern:
      /\b(?:every|each)\s+[a-z][a-z -]{1,24}?\s*\(\s*(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?\s*(?:,|and|&)\s*)+\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?\s*\)/gi,
    apply: (d) => void (d.daily = true),
  },
  {
    // "at the end of every month — just run it on the 1st", "(say the 28th)": the day the user
    // names to run on, over the rhythm's own.
    pattern:
      /\b(?:run (?:it |this |them )?on|say|e\.g\.|i\.e\.|ideally on) the (\d{1,2})(?:st|nd|rd|th)\b/gi,
    apply: (d, m) => void ((d.daySaid = String(Number(m[1]))), (d.monthly = true)),
  },
  {
    // "once the month is over", "when each month closes": the 1st, for the month just ended.
    pattern:
      /\b(?:once|when|after|as soon as)\s+(?:the|each|every|a)\s+month\s+(?:is over|ends|has ended|closes|is closed|is done|is finished|finishes)\b/gi,
    apply: (d) => void ((d.monthly = true), (d.dom ??= '1')),
  },
  {
    pattern:
      /\b(?:(?:on )?the last day of (?:the|every|each|a) month|(?:at )?the end of (?:every|each) month)\b/gi,
    apply: (d) => void ((d.dom = 'L'), (d.monthly = true)),
  },
  {
    pattern: new RegExp(
      String.raw`\b${DOM_LIST}\s+(?:day\s+)?of\s+(?:(?:the|every|each|a)\s+)?month\b|\b(?:every|each)\s+(?:the\s+)?${DOM_LIST}\s+(?:day\s+)?of\s+(?:the\s+)?month\b|\b(?:every|each)\s+(?:the\s+)?${ORDINAL_LIST}\b(?!\s+(?:day|week|month|hour|minute|time|of|run|quarter|year)s?\b)`,
      'gi',
    ),
    apply: (d, m) => void ((d.dom = domList((m[1] ?? m[2] ?? m[3])!)), (d.monthly = true)),
  },
  {
    // "on the 5th of January, April, July and October": a day in each of several months.
    pattern: new RegExp(
      String.raw`\b(?:on\s+)?the\s+${DOM_LIST}\s+(?:day\s+)?of\s+((?:${MONTHS.join('|')})(?:\s*(?:,|and|&)\s*(?:${MONTHS.join('|')}))+)\b`,
      'gi',
    ),
    apply: (d, m) => {
      const months = [...m[2]!.matchAll(new RegExp(MONTHS.join('|'), 'gi'))].map((x) =>
        Number(monthOf(x[0])),
      );
      d.dom = domList(m[1]!);
      d.month = [...new Set(months)].sort((a, b) => a - b).join(',');
      d.monthly = true;
    },
  },
  {
    // ("On the first Monday" is the weekday rule's.)
    // ("went out on the 3rd": a day of the month is a schedule's only beside a rhythm.)
    pattern: new RegExp(String.raw`\bon the ${DOM_LIST}(?!\s+(?:day\s+)?of)\b(?!\s+${DAY})`, 'gi'),
    apply: (d, m) => void (d.onDay ??= { dom: domList(m[1]!), index: m.index! }),
    qualifier: true,
  },
  {
    pattern:
      /\b(?:monthly|every month|each month|once (?:a|per) month)\b(?<!\b(?:twice|semi-?)\s?monthly)/gi,
    apply: (d) => void (d.monthly = true),
  },
  {
    pattern:
      /\b(?:(?:twice|two times|2 ?(?:times|x)) (?:a|per|each|every) month|twice monthly|semi-?monthly)\b/gi,
    apply: (d) => void ((d.twiceMonthly = true), (d.monthly = true)),
  },
  {
    // "twice a month (1st + 16th)": the days in brackets, beside the rhythm.
    pattern: new RegExp(String.raw`\(\s*(?:on\s+)?(?:the\s+)?${DOM_LIST}\s*\)`, 'gi'),
    apply: (d, m) => void (d.onDay ??= { dom: domList(m[1]!), index: m.index! }),
    qualifier: true,
  },
  {
    pattern:
      /\b(?:quarterly|every quarter|each quarter|once a quarter|first day of (?:the|each|every) quarter)\b/gi,
    apply: (d) => void ((d.quarterly = true), (d.month = '1,4,7,10')),
  },
  {
    // ("each year group" is a school's grade.)
    pattern:
      /\b(?:yearly|annually|every year|each year|once a year)\b(?!\s+(?:groups?|levels?|olds?)\b)/gi,
    apply: (d) => void (d.yearly = true),
  },
  // A date is a yearly schedule after "every" or "each" ("every 14 February"), or beside
  // "yearly"; alone it is one day ("the webinar on March 14"), not a schedule.
  {
    pattern: new RegExp(
      String.raw`\b(?:(every|each)\s+)?(${MONTHS.join('|')}) (\d{1,2})(?:st|nd|rd|th)?\b`,
      'gi',
    ),
    apply: (d, m) =>
      void (d.date = { month: monthOf(m[2]!), dom: String(Number(m[3])), every: !!m[1] }),
    qualifier: true,
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:(every|each)\s+)?(\d{1,2})(?:st|nd|rd|th)? (?:of )?(${MONTHS.join('|')})\b`,
      'gi',
    ),
    apply: (d, m) =>
      void (d.date = { month: monthOf(m[3]!), dom: String(Number(m[2])), every: !!m[1] }),
    qualifier: true,
  },
  {
    pattern:
      /\b(?:weekly|every week|each week|once (?:a|per) week|(?:once|twice|\d+ times|\d+x) per week)\b/gi,
    apply: (d) => void (d.weekly = true),
  },
];

function domList(text: string): string {
  const days = [...text.matchAll(/\d{1,2}|first/gi)].map((m) => dayOfMonth(m[0]));
  return [...new Set(days)]
    .filter((n) => n >= 1 && n <= 31)
    .sort((a, b) => a - b)
    .join(',');
}

function monthOf(name: string): string {
  return String(MONTHS.indexOf(name.toLowerCase()) + 1);
}
