import type { Token } from './text.ts';
import type { StepKind } from './tools.ts';

// Imperative verbs a description uses for the agent's actions, by kind of step.

const KINDS: Readonly<Record<StepKind, string>> = {
  fetch: `pull get fetch read collect gather list find check look count query scan search monitor
    watch go compare compute sum run load download inspect research review export poll verify
    see test grab scrape`,
  process: `summarise summarize group classify translate analyse analyze score draft write compile
    build generate prepare pick select extract refresh rewrite turn plan highlight flag decide
    brainstorm explain suggest identify triage rank sort filter shuffle enrich repurpose outline
    estimate calculate match make help give detect point convert use`,
  deliver: `post send email notify ping text sms share publish announce tell remind forward drop
    report alert warn message dm reply answer comment tweet return ask thank acknowledge
    celebrate page invite push leave`,
  store: `save add append create update log record store put open tag label mark assign attach
    move set fill sync back block book upload insert archive organise organize rename keep
    enter import copy`,
  act: `restart scale rerun clean delete deploy approve merge request close rotate roll trigger
    cancel pause resume stop kill`,
  remember: 'remember',
};

export const VERB_KIND: ReadonlyMap<string, StepKind> = new Map(
  (Object.entries(KINDS) as [StepKind, string][]).flatMap(([kind, words]) =>
    words
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => [word, kind] as const),
  ),
);

/** Words that make the next word a statement, not an instruction ("I get", "it posts"). */
export const SUBJECTS = new Set([
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'it',
  'someone',
  'somebody',
  'anyone',
  'who',
  'that',
  'which',
  'to',
  'may',
  'might',
  'not',
  'a',
  'an',
  'the',
  'our',
  'my',
  'their',
  'your',
  'its',
  'his',
  'her',
  "don't",
  'do',
  'does',
  'did',
  'this',
  'these',
  'those',
  'new',
  'each',
  'every',
  'any',
  'no',
  'of',
  'never',
  'last',
  'first',
  'next',
  'daily',
  'weekly',
  'monthly',
]);

/** After these, a verb's -s form also reads as an instruction ("the agent reads", ", selects"). */
export const THIRD_PERSON_OK = new Set(['agent', 'and', 'then', 'also']);

/** Words that may stand right before an instruction's verb ("please check", "should collect"). */
export const LEAD_INS = new Set([
  'and',
  'then',
  'also',
  'n',
  '&',
  'or',
  'please',
  'plz',
  'pls',
  'just',
  'should',
  'must',
  'will',
  'shall',
  'can',
  'agent',
]);

/** Words that open a clause describing when, not what ("when a ticket arrives, ..."). */
export const CUE_WORDS = new Set(['when', 'whenever', 'if', 'once', 'as', 'after', 'unless']);

/**
 * "The moment", "the second", "the minute", "the instant" open a clause that says when: the last
 * three only before the one who acts ("the second I go live", "the minute a payment fails"), as
 * "the second sheet" or "the minute hand" are things.
 */
export const MOMENT_CUE =
  'the (?:moment|(?:second|minute|instant)(?= (?:i|we|you|they|he|she|someone|somebody|anyone|anybody|a|an|the|any|my|our|your|their|it)\\b))';
const MOMENT_OPENS = new RegExp(`^${MOMENT_CUE}`);
/** Whether three words in lower case ("the", the noun, the next) open such a clause. */
export function momentCue(lowers: readonly (string | undefined)[]): boolean {
  return MOMENT_OPENS.test(lowers.join(' '));
}

/** A verb's word right before these is a noun: "a GitHub Actions run fails". */
const STATEMENT = new Set([
  'fails',
  'failed',
  'completes',
  'completed',
  'finishes',
  'finished',
  'succeeds',
  'succeeded',
  'arrives',
  'arrived',
  'breaks',
  'starts',
  'stops',
  'is',
  'are',
  'was',
  'were',
  'gets',
  'has',
  'have',
  'fires',
  'fired',
  'calls',
  'appears',
  'happens',
  'goes',
  'lands',
  'hits',
  'spikes',
  'bounces',
  'says',
  'shows',
]);
const MODALS = new Set(['can', 'should', 'must', 'will', 'shall']);
/** Nouns made of a word and a verb: "pull request", "code review". */
const COMPOUNDS = new Set([
  'pull request',
  'merge request',
  'feature request',
  'http request',
  'change request',
  'code review',
  'health check',
  'status check',
  'blog post',
  'linkedin post',
  'x post',
  'weekly report',
  'daily report',
  'error report',
  'bug report',
  'close date',
]);
/** Verbs that are nouns more often than not: only verbs when an object follows ("page the"). */
const NOUNY = new Set(['page', 'report', 'open', 'plan', 'record', 'book', 'point', 'test']);
const OBJECT_STARTS = new Set([
  'the',
  'a',
  'an',
  'me',
  'us',
  'them',
  'him',
  'her',
  'it',
  'our',
  'their',
  'my',
  'your',
  'each',
  'every',
  'all',
  'any',
  'one',
  'someone',
  'whoever',
  'back',
  'out',
  'up',
]);
const PRONOUNS = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'it', 'someone', 'somebody']);

/** The kind of step if token `i` starts an instruction, else null. */
function verbAt(tokens: readonly Token[], i: number, firstInClause: boolean): StepKind | null {
  const token = tokens[i]!;
  const prev = tokens[i - 1];
  const start = !prev || prev.clause !== token.clause;
  const opener = clauseStart(tokens, i)?.lower ?? '';
  const afterCue = firstInClause && CUE_WORDS.has(opener);
  if (!start && !afterCue && !(prev && LEAD_INS.has(prev.lower))) return null;
  // "I can review" is a statement; "the agent should collect" is an instruction.
  if (prev && MODALS.has(prev.lower) && PRONOUNS.has(tokens[i - 2]?.lower ?? '')) return null;
  if (prev && COMPOUNDS.has(`${prev.lower} ${token.lower}`)) return null;
  const next = tokens[i + 1];
  if (NOUNY.has(token.lower) && !OBJECT_STARTS.has(next?.lower ?? '')) return null;
  const nextIsVerb =
    next &&
    (STATEMENT.has(next.lower) ||
      (next.lower.endsWith('s') && VERB_KIND.has(next.lower.slice(0, -1))));
  if (next && next.clause === token.clause && nextIsVerb) return null;
  const base = VERB_KIND.get(token.lower);
  if (base) return !start && prev && SUBJECTS.has(prev.lower) ? null : base;
  if (!token.lower.endsWith('s')) return null;
  const kind =
    VERB_KIND.get(token.lower.replace(/es$/, '')) ?? VERB_KIND.get(token.lower.slice(0, -1));
  return kind && (start || (prev && THIRD_PERSON_OK.has(prev.lower))) ? kind : null;
}

const clauseStart = (tokens: readonly Token[], i: number) => {
  let k = i;
  while (k > 0 && tokens[k - 1]!.clause === tokens[i]!.clause) k--;
  return tokens[k];
};

/** Token indexes where instructions start, with their kind. */
export function instructionStarts(tokens: readonly Token[]): [number, StepKind][] {
  const starts: [number, StepKind][] = [];
  tokens.forEach((token, i) => {
    const firstInClause = !starts.some(([s]) => tokens[s]!.clause === token.clause);
    const kind = verbAt(tokens, i, firstInClause);
    if (kind) starts.push([i, kind]);
  });
  return starts;
}

/** Where a step must end at the latest: a colon, a semicolon, a "when ..." clause. */
export function breaks(text: string, tokens: readonly Token[]): number[] {
  const at = [...text.matchAll(/[:;](?=\s|$)/g)].map((m) => m.index);
  tokens.forEach((token, i) => {
    const prev = tokens[i - 1];
    if (prev && prev.clause !== token.clause && CUE_WORDS.has(token.lower)) at.push(token.start);
  });
  return at.sort((a, b) => a - b);
}

/** Verbs that send or put things somewhere: "post each new article to LinkedIn", "move it to trello". */
export const SENDING_VERBS: ReadonlySet<string> = new Set(
  `post send share forward publish push copy sync tweet tell notify text message add move upload
  save export write report log`.split(/\s+/),
);
