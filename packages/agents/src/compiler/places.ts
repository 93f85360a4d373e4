import { createRequire } from 'node:module';

/**
 * Cities of the world, from the city-timezones package (about 7,300 cities, each with its
 * population and time zone): the places a description names ("our clinic in Leeds", "9am Kyoto
 * time") are told from products by them. Loaded on first use (1.9 MB of JSON, about 20 ms), so a
 * server that never compiles never pays for it.
 */
type City = { city: string; city_ascii: string; pop: number; timezone: string };

/** Large enough that a name is the city's before it is a product's ("Phoenix" is both). */
const PLACE_POPULATION = 100_000;

let byName: ReadonlyMap<string, City> | null = null;

/** Lower case without accents: the data writes "Sao Paulo", people "São Paulo". */
const fold = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function cities(): ReadonlyMap<string, City> {
  if (byName) return byName;
  const list = createRequire(import.meta.url)('city-timezones/data/cityMap.json') as City[];
  const map = new Map<string, City>();
  for (const city of list) {
    for (const name of new Set([city.city, city.city_ascii])) {
      const key = fold(name);
      // Of the cities that share a name (Springfield), the largest.
      if ((map.get(key)?.pop ?? -1) < city.pop) map.set(key, city);
    }
  }
  byName = map;
  return map;
}

/** The names of the cities large enough to read as places, in lower case without accents. */
export function largeCityNames(): string[] {
  return [...cities()].filter(([, city]) => city.pop >= PLACE_POPULATION).map(([name]) => name);
}

/**
 * The time zone of the largest city of that name ("Kyoto" → Asia/Tokyo), or null: of one of
 * 100,000 people or more, or of a million written in lower case ("london time", not "reading
 * time").
 */
export function cityTimeZone(name: string): string | null {
  const city = cities().get(fold(name));
  const least = /^\p{Lu}/u.test(name) ? PLACE_POPULATION : 1_000_000;
  return city && city.pop >= least ? city.timezone : null;
}
