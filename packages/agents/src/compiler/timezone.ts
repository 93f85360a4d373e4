import { isValidTimeZone } from '@spoke/shared/schedule';

// Time zones written in a description: an IANA name ("Europe/London"), an abbreviation ("CET",
// "PST") or a city followed by "time" ("New York time"). Abbreviations map to one representative
// zone that follows the same rules, daylight saving included.

const ABBREVIATIONS: Readonly<Record<string, string>> = {
  UTC: 'UTC',
  GMT: 'Europe/London',
  BST: 'Europe/London',
  WET: 'Europe/Lisbon',
  CET: 'Europe/Berlin',
  CEST: 'Europe/Berlin',
  EET: 'Europe/Helsinki',
  EEST: 'Europe/Helsinki',
  MSK: 'Europe/Moscow',
  IST: 'Asia/Kolkata',
  SGT: 'Asia/Singapore',
  JST: 'Asia/Tokyo',
  KST: 'Asia/Seoul',
  AEST: 'Australia/Sydney',
  AEDT: 'Australia/Sydney',
  NZST: 'Pacific/Auckland',
  ET: 'America/New_York',
  EST: 'America/New_York',
  EDT: 'America/New_York',
  CT: 'America/Chicago',
  CST: 'America/Chicago',
  CDT: 'America/Chicago',
  MT: 'America/Denver',
  MST: 'America/Denver',
  MDT: 'America/Denver',
  PT: 'America/Los_Angeles',
  PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles',
};

const CITIES: Readonly<Record<string, string>> = {
  'new york': 'America/New_York',
  eastern: 'America/New_York',
  chicago: 'America/Chicago',
  central: 'America/Chicago',
  denver: 'America/Denver',
  mountain: 'America/Denver',
  'los angeles': 'America/Los_Angeles',
  'san francisco': 'America/Los_Angeles',
  pacific: 'America/Los_Angeles',
  toronto: 'America/Toronto',
  'são paulo': 'America/Sao_Paulo',
  'sao paulo': 'America/Sao_Paulo',
  london: 'Europe/London',
  dublin: 'Europe/Dublin',
  lisbon: 'Europe/Lisbon',
  paris: 'Europe/Paris',
  berlin: 'Europe/Berlin',
  amsterdam: 'Europe/Amsterdam',
  madrid: 'Europe/Madrid',
  rome: 'Europe/Rome',
  zurich: 'Europe/Zurich',
  stockholm: 'Europe/Stockholm',
  warsaw: 'Europe/Warsaw',
  helsinki: 'Europe/Helsinki',
  istanbul: 'Europe/Istanbul',
  dubai: 'Asia/Dubai',
  india: 'Asia/Kolkata',
  singapore: 'Asia/Singapore',
  'hong kong': 'Asia/Hong_Kong',
  tokyo: 'Asia/Tokyo',
  seoul: 'Asia/Seoul',
  sydney: 'Australia/Sydney',
  melbourne: 'Australia/Melbourne',
  auckland: 'Pacific/Auckland',
};

const IANA = /\b([A-Z][A-Za-z]+(?:\/[A-Z][A-Za-z_-]+)+)\b/g;
const ABBREVIATION = new RegExp(String.raw`\b(${Object.keys(ABBREVIATIONS).join('|')})\b`, 'g');
const CITY = new RegExp(String.raw`\b(${Object.keys(CITIES).join('|')}) time\b`, 'gi');

/** The time zone the description names, or null. */
export function timeZoneInText(text: string): string | null {
  for (const match of text.matchAll(IANA)) {
    if (isValidTimeZone(match[1]!)) return match[1]!;
  }
  const abbreviation = ABBREVIATION.exec(text);
  ABBREVIATION.lastIndex = 0;
  if (abbreviation) return ABBREVIATIONS[abbreviation[1]!]!;
  const city = CITY.exec(text);
  CITY.lastIndex = 0;
  return city ? CITIES[city[1]!.toLowerCase()]! : null;
}
