import { lookupTable } from '@spoke/shared';
import { isValidTimeZone } from '@spoke/shared/schedule';
import { cityTimeZone } from './places.ts';

// Time zones written in a description: an IANA name ("Europe/London"), an abbreviation ("CET",
// "PST") or a city or region followed by "time" ("New York time", "Kyoto time", "Eastern time").
// Abbreviations map to one representative zone that follows the same rules, daylight saving
// included.

const ABBREVIATIONS: Readonly<Record<string, string>> = lookupTable({
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
});

/** Zones named by a region rather than a city: "Eastern time", "India time". */
const REGIONS: Readonly<Record<string, string>> = lookupTable({
  eastern: 'America/New_York',
  central: 'America/Chicago',
  mountain: 'America/Denver',
  pacific: 'America/Los_Angeles',
  india: 'Asia/Kolkata',
});

const IANA = /\b([A-Z][A-Za-z]+(?:\/[A-Z][A-Za-z_-]+)+)\b/g;
const ABBREVIATION = new RegExp(String.raw`\b(${Object.keys(ABBREVIATIONS).join('|')})\b`, 'g');
// "Kyoto time", "São Paulo time", "eastern time": one to three words before "time", all but the
// last capitalised.
const PLACE_TIME = /(?<![\p{L}\p{N}])((?:\p{Lu}[\p{L}'-]*\s+){0,2}[\p{L}'-]+)\s+time\b/gu;

/** The time zone the description names, or null. */
export function timeZoneInText(text: string): string | null {
  for (const match of text.matchAll(IANA)) {
    if (isValidTimeZone(match[1]!)) return match[1]!;
  }
  const abbreviation = ABBREVIATION.exec(text);
  ABBREVIATION.lastIndex = 0;
  if (abbreviation) return ABBREVIATIONS[abbreviation[1]!]!;
  for (const match of text.matchAll(PLACE_TIME)) {
    const words = match[1]!.split(/\s+/);
    // The longest run of words just before "time" that names a place: "New York", not "York".
    for (let from = 0; from < words.length; from++) {
      const name = words.slice(from).join(' ');
      const region = REGIONS[name.toLowerCase()];
      if (region) return region;
      const zone = cityTimeZone(name);
      if (zone) return zone;
    }
  }
  return null;
}
