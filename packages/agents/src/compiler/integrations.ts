import { INTENTS } from './intents.ts';
import { EXACT_NAMES, FUZZY_NAMES, LEXEMES, NOT_TYPOS, type Lexeme } from './lexicon.ts';
import { editDistance, type Token } from './text.ts';

/** One place where the description points at an integration. */
export type Mention = {
  id: string;
  /** Character offsets in the normalised text. */
  start: number;
  end: number;
  /** Named outright, or implied by what the description asks for. */
  via: 'name' | 'intent';
  /** Said to the user when an intent chose the integration. */
  assumption?: string;
};

const BY_FIRST_STEM = new Map<string, Lexeme[]>();
for (const lexeme of LEXEMES) {
  const first = lexeme.phrase.stems[0];
  if (!first) continue;
  BY_FIRST_STEM.set(first, [...(BY_FIRST_STEM.get(first) ?? []), lexeme]);
}

/** Words that cancel a mention right after them: "without Slack", "instead of Jira". */
const NEGATORS = new Set(['without', 'instead', 'except', 'rather', 'excluding']);

function negated(tokens: readonly Token[], index: number): boolean {
  for (let i = Math.max(0, index - 3); i < index; i++) {
    if (NEGATORS.has(tokens[i]!.lower)) return true;
  }
  return false;
}

function nameMentions(text: string, tokens: readonly Token[]): Mention[] {
  const found: Mention[] = [];
  tokens.forEach((token, i) => {
    for (const lexeme of BY_FIRST_STEM.get(token.stem) ?? []) {
      const { stems } = lexeme.phrase;
      const fits = stems.every((s, k) => tokens[i + k]?.stem === s);
      const sameClause = tokens[i + stems.length - 1]?.clause === token.clause;
      if (fits && sameClause && !negated(tokens, i)) {
        const last = tokens[i + stems.length - 1]!;
        found.push({ id: lexeme.id, start: token.start, end: last.end, via: 'name' });
      }
    }
  });
  for (const { id, pattern } of EXACT_NAMES) {
    for (const match of text.matchAll(pattern)) {
      const offset = match[0].search(/\S+$/);
      const at = tokens.findIndex((token) => token.start >= match.index + offset);
      if (at !== -1 && negated(tokens, at)) continue;
      found.push({
        id,
        start: match.index + offset,
        end: match.index + match[0].length,
        via: 'name',
      });
    }
  }
  const named = new Set(found.map((mention) => `${mention.start}`));
  for (const token of tokens) {
    if (named.has(`${token.start}`) || NOT_TYPOS.has(token.lower)) continue;
    if (!/^[a-z]{6,}$/.test(token.lower)) continue;
    const typo = FUZZY_NAMES.find(
      ({ word }) => word[0] === token.lower[0] && editDistance(word, token.lower, 1) === 1,
    );
    if (typo) found.push({ id: typo.id, start: token.start, end: token.end, via: 'name' });
  }
  return found;
}

function intentMentions(text: string, names: readonly Mention[]): Mention[] {
  const named = new Set(names.map((mention) => mention.id));
  const found: Mention[] = [];
  for (const intent of INTENTS) {
    if (intent.unless?.some((id) => named.has(id))) continue;
    for (const pattern of intent.patterns) {
      for (const match of text.matchAll(pattern)) {
        const start = match.index;
        const end = start + match[0].length;
        const before = text.slice(Math.max(0, start - 60), start);
        if (intent.notAfter?.test(before) || intent.reject?.test(match[0])) continue;
        const around = (m: Mention) => m.start >= start - 12 && m.end <= end + 12;
        if (intent.yieldsToNames && names.some(around)) continue;
        // The mention sits on the match's last word ("save it ... in the shared folder"), so that
        // it belongs to the step that names the thing.
        const last = match[0].search(/\S+\s*$/);
        found.push({
          id: intent.id,
          start: start + Math.max(0, last),
          end,
          via: 'intent',
          ...(intent.assumption ? { assumption: intent.assumption } : {}),
        });
      }
    }
  }
  return found;
}

/** Every mention of a catalog integration in the normalised description, in text order. */
export function findMentions(text: string, tokens: readonly Token[]): Mention[] {
  const names = nameMentions(text, tokens);
  return [...names, ...intentMentions(text, names)].sort((a, b) => a.start - b.start);
}

/** The integrations mentioned, each once, in order of first mention. */
export function mentionedIds(mentions: readonly Mention[]): string[] {
  return [...new Set(mentions.map((mention) => mention.id))];
}

const PUBLISHERS = new Set(['linkedin', 'x', 'discord']);
const DRAFT_SENTENCE = /\bdrafts?\b/i;
const STORES = /\b(?:save|saves|saving|add|adds|put|puts|store|stores|email|send|sends)\b/i;

/**
 * "Draft posts for LinkedIn and save them in Notion" writes text meant for LinkedIn without
 * touching it: a publishing product named only as the drafts' purpose is not an integration the
 * agent needs, as long as the drafts go to another named product.
 */
export function dropDraftPurposes(text: string, mentions: readonly Mention[]): Mention[] {
  const sentenceOf = (at: number) => {
    const start = text.lastIndexOf('.', at - 1) + 1;
    const end = text.indexOf('.', at);
    return [start, end === -1 ? text.length : end] as const;
  };
  return mentions.filter((mention) => {
    if (mention.via !== 'name' || !PUBLISHERS.has(mention.id)) return true;
    const [start, end] = sentenceOf(mention.start);
    const sentence = text.slice(start, end);
    if (!DRAFT_SENTENCE.test(sentence) || !STORES.test(sentence)) return true;
    const before = text.slice(Math.max(start, mention.start - 25), mention.start);
    const named = text.slice(mention.start, mention.end + 12);
    const purpose =
      /\bfor\s+(?:\w+\s+and\s+)?$/i.test(before) || /^\S+\s+(?:posts?|threads?)\b/i.test(named);
    const elsewhere = mentions.some(
      (other) => !PUBLISHERS.has(other.id) && other.start >= start && other.start < end,
    );
    return !(purpose && elsewhere);
  });
}
