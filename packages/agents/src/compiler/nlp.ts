import { createRequire } from 'node:module';
import type winkNLPType from 'wink-nlp';
import type { ItemSentence, ItemToken, ItsFunction, WinkMethods } from 'wink-nlp';
import type modelType from 'wink-eng-lite-web-model';
import { dictionaryWord } from './english-words.ts';

// English analysis with wink-nlp and its English model (offline, deterministic): lemmas, parts of
// speech and whether a word is in the model's vocabulary. Loaded on first use (about 150 ms), so
// that a process that never compiles a description never pays for it.

export type WordPos =
  | 'ADJ'
  | 'ADP'
  | 'ADV'
  | 'AUX'
  | 'CCONJ'
  | 'DET'
  | 'INTJ'
  | 'NOUN'
  | 'NUM'
  | 'PART'
  | 'PRON'
  | 'PROPN'
  | 'PUNCT'
  | 'SCONJ'
  | 'SYM'
  | 'VERB'
  | 'X'
  | 'SPACE';

export type Word = {
  /** As written. */
  value: string;
  lower: string;
  lemma: string;
  pos: WordPos;
  /** Character offsets in the analysed text. */
  start: number;
  end: number;
  /** In the model's English vocabulary (product names and keyboard mash are not). */
  known: boolean;
  stop: boolean;
  /** Index of the sentence the word belongs to. */
  sentence: number;
};

type Engine = { nlp: WinkMethods; firstUnknownId: number; vocabulary: Map<string, boolean> };
let engine: Engine | null = null;

function load(): Engine {
  if (engine) return engine;
  // Required here rather than imported, so that the model (tens of megabytes) is read only by a
  // process that compiles a description.
  const require = createRequire(import.meta.url);
  const winkNLP = require('wink-nlp') as typeof winkNLPType;
  const model = require('wink-eng-lite-web-model') as typeof modelType;
  const nlp = winkNLP(model, ['sbd', 'pos', 'negation']);
  // The model numbers its vocabulary first; words it meets later get the next numbers, so the
  // number a nonsense word gets now is where the vocabulary ends.
  const probe = nlp.readDoc('qxzjvkwq');
  const firstUnknownId = probe.tokens().out(nlp.its.uniqueId)[0] as number;
  engine = { nlp, firstUnknownId, vocabulary: new Map() };
  return engine;
}

/** The words of a text with their lemmas, parts of speech and offsets. */
export function analyse(text: string): readonly Word[] {
  const kept = recent.get(text);
  if (kept) return kept;
  const words = read(text);
  // One compile reads the same text from several places (the trigger, the vagueness check):
  // the last few analyses are kept, so each text is parsed once.
  recent.set(text, words);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  return words;
}

const RECENT = 4;
const recent = new Map<string, readonly Word[]>();

/**
 * The model keeps a word with marks inside it that it first met before a closing mark ("week's.",
 * "follow-up,") as one token from then on, so that the same text would read differently once some
 * other text had been read. The closing marks after such words are set apart before it reads:
 * a text reads the same whatever came before it. (Offsets are found in the text as written.)
 */
const CLOSING_AFTER_JOINED =
  /([\p{L}\p{N}]+(?:[^\s\p{L}\p{N}][\p{L}\p{N}]+)+)([.,;:!?)\]]+)(?=\s|$)/gu;

const LONG_RUN = /\S{201,}/g;
const PART = /\S{1,200}/g;

function read(text: string): readonly Word[] {
  const { nlp, firstUnknownId } = load();
  const { its } = nlp;
  // The model's tests of a token take time growing with the square of its length, as does the
  // search for marks after a joined word: a run of thousands of letters would take seconds. No
  // word is that long; such a run is read in parts, before anything else.
  const parted = text.replace(LONG_RUN, (run) => run.match(PART)!.join(' '));
  // (Not addresses, which the model reads as one token either way.)
  const spaced = parted.replace(
    CLOSING_AFTER_JOINED,
    (m, word: string, marks: string, at: number) =>
      /[/@]|^www\./i.test(word) || /\/\/\S*$/.test(parted.slice(Math.max(0, at - 200), at))
        ? m
        : `${word} ${marks}`,
  );
  const doc = nlp.readDoc(spaced);
  // The vocabulary is kept in lower case ("Open" at the start of a sentence is a known word).
  const lowerIds = nlp.readDoc(spaced.toLowerCase()).tokens().out(its.uniqueId) as number[];
  const sameTokens = lowerIds.length === doc.tokens().length();
  const words: Word[] = [];
  let at = 0;
  // A dot inside a name ("Judge.me", "monday.com") ends no sentence, whatever the model says.
  let sentenceId = -1;
  doc.sentences().each((sentence: ItemSentence) => {
    const previous = words[words.length - 1];
    const dotInName =
      previous?.value === '.' &&
      words[words.length - 2]?.end === previous.start &&
      text[previous.end] !== undefined &&
      /[a-z]/.test(text[previous.end]!);
    if (!dotInName) sentenceId++;
    const index = Math.max(0, sentenceId);
    sentence.tokens().each((token: ItemToken) => {
      const value = token.out(its.value) as string;
      // (The model has no lemma for a few of its own contractions in capitals: "IAM", "IVE".)
      const lemma = (
        (token.out(its.lemma as ItsFunction<string>) as string | undefined) ?? value
      ).toLowerCase();
      const listed =
        (sameTokens ? lowerIds[words.length]! : (token.out(its.uniqueId) as number)) <
        firstUnknownId;
      const found = text.indexOf(value, at);
      const start = found === -1 ? at : found;
      const end = found === -1 ? at : found + value.length;
      at = end;
      // "->" and "=>" are one mark, though the model reads "-" or "=" and ">" apart.
      const before = words[words.length - 1];
      if (value === '>' && before && /^[-=]$/.test(before.value) && before.end === start) {
        const arrow = `${before.value}>`;
        words[words.length - 1] = { ...before, value: arrow, lower: arrow, lemma: arrow, end };
        return;
      }
      words.push({
        value,
        lower: value.toLowerCase(),
        lemma,
        pos: token.out(its.pos) as WordPos,
        start,
        end,
        // "toggled" is missing from the vocabulary; "toggle" is not.
        known:
          listed ||
          (lemma !== value.toLowerCase() && inVocabulary(lemma)) ||
          dictionaryWord(value.toLowerCase()) ||
          inflectedWord(value.toLowerCase()) ||
          SOFTWARE_WORDS.has(value.toLowerCase()),
        stop: token.out(its.stopWordFlag) as boolean,
        sentence: index,
      });
    });
  });
  return Object.freeze(words);
}

/**
 * Words of software work that the dictionaries lack ("check the diff", "our repos", "the config"):
 * English to those who write descriptions of agents, and no product's name.
 */
const SOFTWARE_WORDS = new Set(
  `diff diffs repo repos config configs env envs changelog changelogs linter linters monorepo
  monorepos backend backends frontend frontends codebase codebases reindex dns ssl cron crons
  kubectl enps saas auth ips api apis cli sdk sdks`.split(/\s+/),
);

/** "onboarding", "upsold": a word the dictionaries lack, made of one they know and an ending. */
function inflectedWord(word: string): boolean {
  const base = /^([a-z]{4,})(?:ing|ed)$/.exec(word)?.[1];
  return !!base && (dictionaryWord(base) || dictionaryWord(`${base}e`));
}

/**
 * Whether a single word is English: in the model's vocabulary (answers are kept) or in the
 * spelling dictionaries' list.
 */
export function inVocabulary(word: string): boolean {
  if (dictionaryWord(word)) return true;
  const { nlp, firstUnknownId, vocabulary } = load();
  const known = vocabulary.get(word);
  if (known !== undefined) return known;
  // (No word of the vocabulary is that long, and reading one would take the model long.)
  if (word.length > 200) return false;
  const ids = nlp.readDoc(word).tokens().out(nlp.its.uniqueId) as number[];
  const answer = ids.length === 1 && ids[0]! < firstUnknownId;
  if (vocabulary.size < 10_000) vocabulary.set(word, answer);
  return answer;
}
