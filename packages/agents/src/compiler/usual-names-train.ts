import type { CorpusCase } from './corpus/types.ts';
import { everydayNames } from './integrations.ts';
import { analyse } from './nlp.ts';
import { sameService } from './services.ts';
import { normalize } from './text.ts';

/** How often a word must appear, and how often name its product, to be read as the product. */
export const USUAL_AT = { times: 5, share: 0.95 } as const;

/**
 * Which everyday words that are also products' names ("stripe", "sentry", "notion", unlike "line",
 * "front" or "close") name the product nearly every time the labelled descriptions write them: the
 * words, sorted, for `usual-names.json`.
 */
export function learnUsualNames(cases: readonly CorpusCase[]): string[] {
  const owner = new Map<string, string>();
  for (const [id, words] of everydayNames()) for (const word of words) owner.set(word, id);
  const seen = new Map<string, { times: number; named: number }>();
  for (const item of cases) {
    for (const word of analyse(normalize(item.prompt))) {
      const id = owner.get(word.lower);
      if (!id) continue;
      const count = seen.get(word.lower) ?? { times: 0, named: 0 };
      count.times++;
      if (item.integrations.some((label) => sameService(label, id))) count.named++;
      seen.set(word.lower, count);
    }
  }
  return [...seen]
    .filter(([, c]) => c.times >= USUAL_AT.times && c.named / c.times >= USUAL_AT.share)
    .map(([word]) => word)
    .sort();
}
