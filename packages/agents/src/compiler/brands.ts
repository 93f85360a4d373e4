import { createRequire } from 'node:module';
import type { Word } from './nlp.ts';
import { serviceKey } from './text.ts';

// The names of about 4,600 brands, from two public icon sets (scripts/names.ts records them and
// where they come from): products people name, many of them English words ("Perforce", "Drip",
// "Graphite"), which the reading of names by where they stand cannot tell from words.

/** Longest name of the list, in words. */
const MOST_WORDS = 4;

let byKey: ReadonlyMap<string, string> | null = null;

/** Read and built on first use: a server that never compiles never pays for it. */
function brands(): ReadonlyMap<string, string> {
  if (byKey) return byKey;
  const { names } = createRequire(import.meta.url)('./brands.json') as { names: string[] };
  const map = new Map<string, string>();
  for (const name of names) {
    const key = serviceKey(name);
    if (!map.has(key)) map.set(key, name);
  }
  byKey = map;
  return map;
}

export type BrandMatch = {
  /** The index of the name's last word. */
  last: number;
  /** The name as the brand writes it ("CodeRabbit"), or as written when the list has only a slug. */
  title: string;
};

/**
 * The longest brand name that starts at `words[at]`, written with nothing but spaces, dots,
 * colons or hyphens between its words ("Review Board", "Re:amaze", "Oh Dear"), within one sentence.
 */
export function brandAt(text: string, words: readonly Word[], at: number): BrandMatch | null {
  const first = words[at];
  if (!first || !/^[A-Za-z0-9]/.test(first.value)) return null;
  let best: BrandMatch | null = null;
  // (Each word of a name, and a mark between two: "Re:amaze", "Cal.com", "Oh Dear".)
  for (let last = at; last < Math.min(words.length, at + MOST_WORDS * 2); last++) {
    const word = words[last]!;
    if (last > at) {
      const gap = text.slice(words[last - 1]!.end, word.start);
      // (A space after a mark ends the name: "Arbor: every Friday".)
      if (gap !== '' && (gap !== ' ' || !/[A-Za-z0-9]$/.test(words[last - 1]!.value))) break;
      if (gap === ' ' && word.sentence !== first.sentence) break;
    }
    if (!/[A-Za-z0-9]$/.test(word.value)) {
      if (!['.', ':', '-'].includes(word.value)) break;
      continue;
    }
    const written = text.slice(first.start, word.end);
    if (written.split(' ').length > MOST_WORDS) break;
    const title = brands().get(serviceKey(written));
    if (title) best = { last, title: /[A-Z]/.test(title) ? title : written };
  }
  return best;
}
