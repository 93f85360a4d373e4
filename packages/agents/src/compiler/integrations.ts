import usualNames from './usual-names.json' with { type: 'json' };
import { INTEGRATIONS, integrationById } from '../catalog/index.ts';
import { INTENTS } from './intents.ts';
import {
  EXACT_NAMES,
  LEXEMES,
  NOT_TYPOS,
  ONE_WORD_NAMES,
  slipFrom,
  type Lexeme,
} from './lexicon.ts';
import { analyse, inVocabulary, type Word } from './nlp.ts';
import { SENDING_VERBS } from './verbs.ts';
import { commonWord } from './english-words.ts';
import { givenName } from './given-names.ts';
import { DETERMINERS, LABELLED, productWord } from './services.ts';
import { CALENDAR_WORDS, stem, type Token } from './text.ts';

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
  /** Matched as a typo of the name ("Hubsopt"). */
  fuzzy?: boolean;
  /** Matched by a pattern that already read the words around it ("Linear issue", "in Sheets"). */
  read?: boolean;
};

const BY_FIRST_STEM = new Map<string, Lexeme[]>();
for (const lexeme of LEXEMES) {
  const first = lexeme.phrase.stems[0];
  if (!first) continue;
  BY_FIRST_STEM.set(first, [...(BY_FIRST_STEM.get(first) ?? []), lexeme]);
}

/** Words that cancel a mention right after them: "without Slack", "instead of Jira". */
const NEGATORS = new Set(['without', 'instead', 'except', 'rather', 'excluding']);
/** Prepositions that may stand between "not" and the name: "not in Google Calendar". */
const NOT_BEFORE = new Set(['in', 'on', 'from', 'to', 'via']);

/** "without Slack", "instead of Zoom": a product named as left out, read as its name is found. */
function negated(tokens: readonly Token[], index: number): boolean {
  for (let i = Math.max(0, index - 3); i < index; i++) {
    if (NEGATORS.has(tokens[i]!.lower)) return true;
  }
  return false;
}

/**
 * Whether the product named at `index` is named as not used: as above, or after "not" ("(they're
 * in Outlook, not Google Calendar)"), which is read once every product is found, so that a
 * product named beside a message still says how it goes ("not gmail/outlook"). ("do not post to
 * Slack" forbids an act, not Slack.)
 */
export function namedAsNotUsed(tokens: readonly Token[], index: number): boolean {
  const before = tokens[index - 1]?.lower ?? '';
  return (
    negated(tokens, index) ||
    before === 'not' ||
    (NOT_BEFORE.has(before) && tokens[index - 2]?.lower === 'not') ||
    refusedUse(tokens, index)
  );
}

/** "dont use any github stuff", "never use Zoom": a product the description says not to use. */
function refusedUse(tokens: readonly Token[], index: number): boolean {
  for (let k = Math.max(1, index - 3); k < index; k++) {
    if (tokens[k]!.clause !== tokens[index]!.clause) continue;
    if (!['use', 'using', 'touch'].includes(tokens[k]!.lower)) continue;
    const refusal = tokens[k - 1]!.lower;
    if (['dont', "don't", 'not', 'never', 'no', "won't", 'avoid'].includes(refusal)) return true;
  }
  return false;
}

/** A product's pages, not its service: "status.stripe.com", "docs.github.com". */
const PAGE_HOSTS =
  /^(?:status|docs?|help|support|blog|developers?|dev|community|www|news|learn|academy|changelog|trust|careers|jobs|forum|updates)\./;

/** Where code and files are kept, after their names: "the k8s-manifests repo". */
const CODE_PLACES = new Set(
  'repo repos repository repositories branch bucket folder directory package module project'.split(
    ' ',
  ),
);

/** The products one word names by itself (not as the first of several): "freshdesk", "zammad". */
const oneWordLexemes = (word: string) =>
  (BY_FIRST_STEM.get(stem(word)) ?? []).filter((lexeme) => lexeme.phrase.stems.length === 1);

function nameMentions(text: string, tokens: readonly Token[]): Mention[] {
  const found: Mention[] = [];
  tokens.forEach((token, i) => {
    for (const lexeme of BY_FIRST_STEM.get(token.stem) ?? []) {
      const { stems } = lexeme.phrase;
      const fits = stems.every((s, k) => tokens[i + k]?.stem === s);
      const last = tokens[i + stems.length - 1];
      // (A mark inside the name is no clause's end: "Re:amaze".)
      const sameClause =
        last?.clause === token.clause ||
        text.slice(token.start, last?.end).toLowerCase() === lexeme.phrase.text.toLowerCase();
      if (fits && sameClause && !negated(tokens, i)) {
        found.push({ id: lexeme.id, start: token.start, end: last!.end, via: 'name' });
      }
    }
    // "acme.freshdesk.com", "app.hubspot.com/contacts": a product's own domain under an
    // account's or an app's name.
    const hosted = /^[a-z0-9-]+\.([a-z0-9-]+)\.(?:com|io|net|app|co|so|ai)(?:\/\S*)?$/.exec(
      token.lower,
    );
    if (hosted && !PAGE_HOSTS.test(token.lower) && !negated(tokens, i)) {
      const part = hosted[1]!;
      const at = token.start + token.lower.indexOf(`.${part}.`) + 1;
      for (const lexeme of oneWordLexemes(part)) {
        const integration = integrationById(lexeme.id);
        const own = [integration?.id, integration?.name, ...(integration?.aliases ?? [])].some(
          (n) => n?.toLowerCase().replace(/[\s-]+/g, '') === part,
        );
        if (own)
          found.push({ id: lexeme.id, start: at, end: at + part.length, via: 'name', read: true });
      }
    }
    // "die Zammad-Tickets", "HubSpot-Kontakte": a name no dictionary knows, with its capital,
    // joined by a hyphen to what it holds, as other languages write it. (Not a key, "LIN-204",
    // nor a repository's or a folder's name, "the netsuite-scripts repo".) An everyday word
    // that is a product's name with its capital counts too: "im Outlook-Postfach".
    const [head, ...rest] = token.lower.split('-');
    if (
      !head ||
      !/^[a-z]/.test(rest[0] ?? '') ||
      !/^[A-Z]/.test(token.raw) ||
      (inVocabulary(head) &&
        !(
          /^[A-Z][a-z]+-/.test(token.raw) &&
          oneWordLexemes(head).length &&
          !inVocabulary(rest[0]!)
        )) ||
      CODE_PLACES.has(tokens[i + 1]?.lower ?? '') ||
      negated(tokens, i)
    )
      return;
    for (const lexeme of oneWordLexemes(head)) {
      found.push({
        id: lexeme.id,
        start: token.start,
        end: token.start + head.length,
        via: 'name',
      });
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
        read: true,
      });
    }
  }
  // "the trip list in Sheets", "check our Backlog": an everyday word with a capital, inside a
  // sentence and not one of a run of capitalised words ("the Product Backlog").
  tokens.forEach((token, i) => {
    const id = capitalisedNames().get(token.lower);
    if (!id || !/^[A-Z][a-z]+$/.test(token.raw) || negated(tokens, i)) return;
    const lead = text.slice(0, token.start).trimEnd();
    const capital = (t: Token | undefined) => !!t && /^[A-Z]/.test(t.raw) && t.raw !== 'I';
    // (At the head of a sentence only as what reports: "Socket flags a new alert".)
    const reporting = /^(?:flag|report|raise|detect|alert|catch|spot|notif)/.test(
      tokens[i + 1]?.lower ?? '',
    );
    if ((!lead || /[.!?:;(\n"']$/.test(lead) || /\bthen$/.test(lead)) && !reporting) return;
    // (The first word of a sentence has its capital for that: "Whenever Mention catches ...".)
    const opening = (t: Token) => /(?:^|[.!?:;\n"'(])\s*$/.test(text.slice(0, t.start));
    // ("Outlook-Postfach": a word joined by a hyphen is what the product holds, not a title's.)
    const joined = text[token.end] === '-' && tokens[i + 1]?.start === token.end + 1;
    if ((capital(tokens[i - 1]) && !opening(tokens[i - 1]!)) || (capital(tokens[i + 1]) && !joined))
      return;
    // ("the Spring board", "'Harbor' list": a label of a thing inside a product. A project is the
    // product's own: "a Scratch project".)
    const next = tokens[i + 1]?.lower ?? '';
    if (/['"\u2018\u201c]\s*$/.test(lead) || (LABELLED.has(next) && !/^projects?$/.test(next)))
      return;
    if (found.some((m) => m.start <= token.start && m.end >= token.end)) return;
    found.push({ id, start: token.start, end: token.end, via: 'name', read: true });
  });
  // "front is our shared inbox", "Linear is my tracker": a product's everyday-word name said to
  // be the user's kind of tool.
  tokens.forEach((token, i) => {
    const id = everydayWordIds().get(token.lower);
    if (!id || !['is', "'s"].includes(tokens[i + 1]?.lower ?? '')) return;
    if (!['our', 'my'].includes(tokens[i + 2]?.lower ?? '') || negated(tokens, i)) return;
    const kind = tokens
      .slice(i + 3, i + 6)
      .findIndex((t) => t.clause === token.clause && TOOL_KINDS.has(t.lower));
    if (kind === -1) return;
    const same = found.find((m) => m.id === id && m.start === token.start);
    if (same) same.read = true;
    else if (!found.some((m) => m.start <= token.start && m.end >= token.end))
      found.push({ id, start: token.start, end: token.end, via: 'name', read: true });
  });
  const named = new Set(found.map((mention) => `${mention.start}`));
  for (const token of tokens) {
    if (named.has(`${token.start}`) || NOT_TYPOS.has(token.lower)) continue;
    if (!/^[a-z]{5,}$/.test(token.lower)) continue;
    // (Against product names of six letters or more that are not everyday words; a letter
    // changed or added only in lower case: with a capital, "Paycor" is another name than Paycom.)
    const capital = /^[A-Z]/.test(token.raw);
    const typo = ONE_WORD_NAMES.find(({ word, alias, generic }) => {
      if (alias || generic || word.length < 6) return false;
      const slip = slipFrom(word, token.lower);
      // (Five letters for a letter left out of a longer name, "Trelo", unless a first name does:
      // "Klara" is no slip of Klarna.)
      return (
        slip !== null &&
        (token.lower.length >= 6 || (slip === 'left out' && !givenName(token.lower))) &&
        (!capital || slip === 'left out' || slip === 'swapped')
      );
    });
    if (typo)
      found.push({ id: typo.id, start: token.start, end: token.end, via: 'name', fuzzy: true });
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
        // (Words inside a product's name are its name: "Remember The Milk" asks for no memory.)
        if (names.some((m) => m.start <= start && m.end >= end)) continue;
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

let everyday: ReadonlyMap<string, ReadonlySet<string>> | null = null;

/**
 * Integrations called by an everyday English word ("Front", "Close", "Signal", "Slack", "Canvas"
 * for Canvas LMS), with those words: the language model's vocabulary decides, not a list.
 */
export function everydayNames(): ReadonlyMap<string, ReadonlySet<string>> {
  if (everyday) return everyday;
  const byId = new Map<string, Set<string>>();
  for (const integration of INTEGRATIONS) {
    for (const name of [integration.name, ...integration.aliases]) {
      const words = analyse(name.toLowerCase()).filter((w) => w.pos !== 'PUNCT');
      if (words.length !== 1 || !words[0]!.known) continue;
      byId.set(integration.id, (byId.get(integration.id) ?? new Set()).add(words[0]!.lower));
    }
  }
  everyday = byId;
  return byId;
}

/** Kinds of tool a product is said to be: "our shared inbox", "my task tracker". */
const TOOL_KINDS = new Set(
  `inbox helpdesk crm tracker tool app wiki cms erp ats pos platform system software chat
  messenger database store shop calendar`.split(/\s+/),
);

/** Products (not built-ins) by each of the given names' words. */
function productsByWord(
  names: Iterable<readonly [string, ReadonlySet<string>]>,
): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const [id, words] of names) {
    if (integrationById(id)?.provider.kind === 'builtin') continue;
    for (const word of words) ids.set(word, [...(ids.get(word) ?? []), id]);
  }
  return ids;
}

let byEverydayWord: ReadonlyMap<string, string> | null = null;

/** Everyday words that name exactly one product the catalog has (not a built-in), and its id. */
function everydayWordIds(): ReadonlyMap<string, string> {
  byEverydayWord ??= new Map(
    [...productsByWord(everydayNames())]
      .filter(([, list]) => list.length === 1)
      .map(([word, list]) => [word, list[0]!]),
  );
  return byEverydayWord;
}

let capitalised: ReadonlyMap<string, string> | null = null;

/**
 * Products whose one-word everyday names the lexicon leaves to intents ("Sheets", "Backlog",
 * "Linear"), by word: written with a capital inside a sentence, English says it is the name. Days
 * and months keep their capitals for themselves ("Monday"), and so do people's names ("Percy"),
 * which are no English words.
 */
function capitalisedNames(): ReadonlyMap<string, string> {
  if (capitalised) return capitalised;
  const matched = new Set(LEXEMES.map((lexeme) => `${lexeme.id} ${lexeme.phrase.text}`));
  // (And one-word names the lexicon leaves out though no dictionary knows them: "Homerun".)
  const oneWord = INTEGRATIONS.map((integration) => {
    const names = [integration.name, ...integration.aliases].map((n) => n.toLowerCase());
    return [integration.id, new Set(names.filter((n) => /^[a-z]+$/.test(n)))] as const;
  });
  const byWord = new Map<string, string>();
  for (const [word, ids] of productsByWord([...everydayNames(), ...oneWord])) {
    if (!/^[a-z]{4,}$/.test(word) || CALENDAR_WORDS.has(word)) continue;
    // (Where two products share the word, the last the catalog lists, as it always was.)
    const id = ids.findLast((candidate) => !matched.has(`${candidate} ${word}`));
    if (id) byWord.set(word, id);
  }
  capitalised = byWord;
  return byWord;
}

/** Everyday-word names that, in the development set, name their product (usual-names-train.ts). */
const USUAL_NAMES: ReadonlySet<string> = new Set(usualNames);

/** Whether the mention is written as one of its integration's everyday-word names. */
function isEverydayWord(
  common: ReadonlyMap<string, ReadonlySet<string>>,
  mention: Mention,
  text: string,
): boolean {
  const names = common.get(mention.id);
  if (!names) return false;
  const written = text.slice(mention.start, mention.end).toLowerCase();
  return names.has(written) || names.has(written.replace(/s$/, ''));
}

/** Words after a product's name that make an everyday word a name: "Front inbox". */
const SERVICE_AFTER = new Set(
  `account accounts workspace channel channels inbox board boards app api integration crm
  store shop list lists audience audiences dashboard project projects bot group groups server
  message messages dm dms thread threads ticket tickets conversation conversations chat chats
  review reviews profile feed space spaces base table tables database db dbs repo repos form forms
  campaign campaigns subscribers customers contacts deals leads orders payments invoices events
  notification notifications alert alerts post posts team teams folder folders docs doc sheet
  sheets calendar pipeline pipelines tasks issues emails data report reports errors incidents logs
  builds deploys deployments exceptions crashes monitors wiki notes databases subscriptions charges
  images containers compose hub clusters pods revenue sales mrr metrics stats numbers traffic
  webinar webinars meeting meetings call calls recording recordings service services balance
  balances transactions payouts link links bridge room rooms invite invites`.split(/\s+/),
);
/** Words before it that do the same: "to slack", "in notion", "our sentry". */
const SERVICE_BEFORE = new Set(
  'on in into to via through using with from at our my your their check use connect triage query search'.split(
    ' ',
  ),
);

/**
 * The last word of the noun phrase a word opens, when words describing it stand between: "notion
 * [content calendar] db", "missive [shared] inbox" (at most three).
 */
function nounPhraseHead(words: readonly Word[], at: number): Word | undefined {
  let end = at;
  while (
    end + 1 < words.length &&
    end - at < 3 &&
    words[end + 1]!.sentence === words[at]!.sentence &&
    ['NOUN', 'ADJ', 'VERB', 'PROPN'].includes(words[end + 1]!.pos) &&
    /^[a-z]+$/.test(words[end + 1]!.value) &&
    // ("shared" describes; "stored" or "uploads" starts a clause of its own.)
    (words[end + 1]!.pos !== 'VERB' || /ed$/.test(words[end + 1]!.lower)) &&
    !(words[end + 1]!.pos === 'VERB' && words[end + 2]?.pos !== 'NOUN')
  )
    end++;
  return end > at + 1 ? words[end] : undefined;
}

/** Words a clause's subject follows: "when twitch goes live", "as soon as square says". */
const SUBJECT_BEFORE = new Set(['when', 'whenever', 'if', 'once', 'as', 'so', 'then', ',', '->']);

/**
 * An everyday word counts as the product unless the sentence uses it as the everyday word: as a
 * verb, adjective or adverb ("close the deal", "a crisp summary"), after an article ("send a
 * signal", "the front"), or before "of" ("in front of").
 */
function readsAsName(
  words: readonly Word[],
  mention: Mention,
  others: readonly Mention[] = [],
): boolean {
  const at = words.findIndex((w) => w.start === mention.start);
  if (at === -1) return true;
  const word = words[at]!;
  const next = words[at + 1];
  const before = words[at - 1];
  // The word itself, not a relative that shares its stem ("plan" is not Plane).
  const names = everydayNames().get(mention.id) ?? new Set<string>();
  if (!names.has(word.lower) && !names.has(word.lower.replace(/s$/, ''))) return false;
  if (next?.lower === 'of') return false;
  // ("file:line links": a part of a notation, joined to what is before it.)
  if (before?.value === ':' && before.end === word.start && words[at - 2]?.end === before.start)
    return false;
  // ("under 'Graphite Notes'", "Weekly Graphite Report": a label in quotes, a title's word; a
  // sentence's first word has its capital for that, and an abbreviation is no title's word.)
  if (/^[A-Z][a-z]/.test(word.value)) {
    const title = (w: Word | undefined) =>
      !!w && w.sentence === word.sentence && /^[A-Z][a-z]/.test(w.value) && w.value !== 'I';
    const opening = (k: number) => words[k - 1]?.sentence !== words[k]?.sentence;
    if (
      // (An opening quote, not a plural's apostrophe: "the volunteers' Discord".)
      (/^['"\u2018\u201c]$/.test(before?.value ?? '') &&
        (at < 2 || words[at - 2]!.end < before!.start)) ||
      (title(before) && !opening(at - 1)) ||
      (title(before) && title(next)) ||
      // (A name that is nearly always the product's may have a word of its own after it:
      // "through Stripe Checkout".)
      (title(next) && !USUAL_NAMES.has(word.lower))
    )
      return false;
  }
  // ("the front page", "the front desk": English's own compounds, in lower case.)
  if (next && COMPOUNDS.has(`${word.lower} ${next.lower}`) && !/^[A-Z]/.test(word.value))
    return false;
  // ("in line with", "from scratch": English's own pairs, in lower case.)
  if (before && IDIOMS.has(`${before.lower} ${word.lower}`) && !/^[A-Z]/.test(word.value))
    return false;
  // Words that name the product nearly every time the development set writes them ("stripe",
  // "sentry", "notion"): the product wherever they stand as a noun, but after an article or an
  // adjective ("paint it on a canvas").
  if (
    USUAL_NAMES.has(word.lower) &&
    ['NOUN', 'PROPN'].includes(word.pos) &&
    !DETERMINERS.has(before?.lower ?? '') &&
    before?.pos !== 'ADJ'
  )
    return true;
  const first = !before || before.sentence !== word.sentence;
  // At the head of a line: "Close: new lead created ->", "Front - new message".
  if (first && next && (/^(?::|-)$/.test(next.value) || next.lower === 'new')) return true;
  // "3 short posts for threads": where posts are written for.
  if (
    before?.lower === 'for' &&
    words
      .slice(Math.max(0, at - 4), at - 1)
      .some((w) => ['post', 'thread', 'tweet', 'caption', 'reel', 'story'].includes(w.lemma))
  )
    return true;
  // "send me a telegram", "send me telegram with the time": the product as what is sent.
  if (
    words
      .slice(Math.max(0, at - 4), at)
      .some((w, k, run) => w.lemma === 'send' && ['me', 'us'].includes(run[k + 1]?.lower ?? '')) &&
    (!next ||
      next.sentence !== word.sentence ||
      ['with', 'message', 'saying', 'that'].includes(next.lower) ||
      /^[,.;!?]$/.test(next.value) ||
      // ("... a telegram whenever frost is forecast", "a telegram 🎉": no noun goes on, for a
      // word that names its product nearly always; "send me a signal when" is English.)
      (USUAL_NAMES.has(word.lower) && !['NOUN', 'PROPN', 'ADJ', 'NUM', 'PART'].includes(next.pos)))
  )
    return true;
  // "sentry raises a new issue", "square reports a payment": what a watching product does.
  if (
    next?.sentence === word.sentence &&
    next.pos === 'VERB' &&
    ['raise', 'report', 'detect', 'flag', 'alert', 'catch', 'spot', 'notify'].includes(next.lemma)
  )
    return true;
  // "twitch goes live", "when notion shows a new page": a bare word as the subject of a verb in
  // the third person, opening its clause (an everyday noun would take an article).
  if (
    next?.sentence === word.sentence &&
    next.pos === 'VERB' &&
    /s$/.test(next.lower) &&
    next.lower !== next.lemma &&
    (first || SUBJECT_BEFORE.has(before!.lower))
  )
    return true;
  // "slack me when ...", "Slack the team": the product used as the verb of sending.
  // ... and a messenger's name the same way before whom it reaches: "then slack the CSM" (a
  // word that names its product nearly always; "signal the team" is English).
  const messenger =
    integrationById(mention.id)?.category === 'Communication' && USUAL_NAMES.has(word.lower);
  const reached =
    ['me', 'us', 'him', 'her', 'them'].includes(next?.lower ?? '') ||
    (messenger &&
      word.pos === 'VERB' &&
      ['the', 'our', 'my', 'their', 'each', 'every'].includes(next?.lower ?? '') &&
      ['NOUN', 'PROPN'].includes(words[at + 2]?.pos ?? ''));
  if (reached && (first || ['and', 'then', '+', '&', '/'].includes(before?.lower ?? '')))
    return true;
  // Where an arrow sends things: "daily revenue -> telegram, 21:00".
  if (
    before?.lower === 'then' &&
    words[words.indexOf(before) - 1]?.value === ',' &&
    (!next || next.sentence !== word.sentence || /^[,.;:!?)]$/.test(next.value))
  )
    return true;
  // One more in a list of products: "on instagram and threads".
  if (
    before &&
    ['and', 'or', ','].includes(before.lower) &&
    word.pos !== 'VERB' &&
    (!next || next.sentence !== word.sentence || /^(?:[,.;:!?)]|and|or)$/.test(next.lower)) &&
    others.some((m) => m.id !== mention.id && m.end <= before.start && m.end >= before.start - 2)
  )
    return true;
  // ... or the first of them: "the stripe + postmark keys".
  const after = words[at + 2];
  if (
    next &&
    after &&
    ['and', 'or', '+', '&', '/', ','].includes(next.lower) &&
    word.pos !== 'VERB' &&
    others.some((m) => m.id !== mention.id && m.start === after.start)
  )
    return true;
  // "the notion content calendar db", "missive shared inbox": the noun the name's phrase ends in
  // is a product's.
  const head = nounPhraseHead(words, at);
  if (
    head &&
    ['NOUN', 'PROPN'].includes(word.pos) &&
    (SERVICE_AFTER.has(head.lower) || SERVICE_AFTER.has(head.lemma))
  )
    return true;
  if (
    next &&
    next.sentence === word.sentence &&
    (SERVICE_AFTER.has(next.lower) ||
      SERVICE_AFTER.has(`${next.lemma}s`) ||
      SERVICE_AFTER.has(next.lemma) ||
      // "a stripe refund", "sentry issue": a thing products send news of, after the word used
      // as a name rather than as a verb ("close deals").
      (productWord(next) &&
        word.pos !== 'VERB' &&
        !['the', 'cold', 'warm'].includes(before?.lower ?? '') &&
        (before?.pos !== 'ADJ' || before.lower === 'new')))
  )
    return true;
  if (before && before.sentence === word.sentence) {
    if (/^[A-Z]/.test(word.value)) return true;
    // ("assign it to front desk", "at front door": in lower case before a noun of its own after
    // "to" or "at", the everyday word.)
    if (
      ['to', 'at'].includes(before.lower) &&
      next?.sentence === word.sentence &&
      next.pos === 'NOUN' &&
      word.pos !== 'PROPN'
    )
      return false;
    // ("plan to renovate the kitchen", "try to close the deal": the verb of an infinitive, not
    // where something is sent, "send it to slack the moment it is done".)
    // ("what clothes to bring", "how to float it": after a question word, an infinitive.)
    if (
      before.lower === 'to' &&
      word.pos === 'VERB' &&
      !USUAL_NAMES.has(word.lower) &&
      words.slice(Math.max(0, at - 4), at - 1).some((w) => QUESTION_WORDS.has(w.lower))
    )
      return false;
    // ("want to float": nothing after it, or where it ends its clause.)
    if (
      before.lower === 'to' &&
      word.pos === 'VERB' &&
      (['DET', 'PRON'].includes(next?.sentence === word.sentence ? next.pos : '') ||
        ((!next || next.sentence !== word.sentence || /^[,.;:!?)]$/.test(next.value)) &&
          !USUAL_NAMES.has(word.lower))) &&
      !words.slice(Math.max(0, at - 5), at - 1).some((w) => SENDING_VERBS.has(w.lemma))
    )
      return false;
    // ("about their motive for leaving": after whose it is, only a word that names its product
    // nearly every time, "our stripe", is the product by that alone.)
    if (
      SERVICE_BEFORE.has(before.lower) &&
      (!OWNERS.has(before.lower) || USUAL_NAMES.has(word.lower))
    )
      return true;
  }
  return false;
}

/** Every mention of a catalog integration in the normalised description, in text order. */
export function findMentions(
  text: string,
  tokens: readonly Token[],
  words: readonly Word[] = analyse(text),
): Mention[] {
  const common = everydayNames();
  // A typo is a word no dictionary knows, and so is a name met only through its stem: "canvas"
  // and "toggled" are English words, not Canva and Toggl.
  const english = (m: Mention) => words.some((w) => w.start === m.start && w.known);
  const asWritten = (m: Mention) => {
    // ("Stripe's payouts": the name, owning.)
    const written = text
      .slice(m.start, m.end)
      .toLowerCase()
      .replace(/['\u2019]s$/, '');
    const integration = integrationById(m.id);
    if (!integration) return true;
    const terms = [
      integration.id,
      integration.name,
      ...integration.aliases,
      ...integration.keywords,
    ];
    // A name of several words matches by stems, but its short words as written: "booking comes"
    // is not "booking com".
    if (/\s/.test(written)) {
      const apart = written.split(/\s+/);
      return terms.some((t) => {
        const parts = t.toLowerCase().split(/[\s.-]+/);
        return (
          parts.length === apart.length &&
          parts.every(
            (part, k) =>
              part.length > 3 || apart[k] === part || apart[k]!.replace(/s$/, '') === part,
          )
        );
      });
    }
    return terms.some((t) => {
      const term = t.toLowerCase();
      return written === term || written === term.replace(/[\s-]+/g, '');
    });
  };
  const cutShort = (m: Mention) => {
    const written = text.slice(m.start, m.end).toLowerCase();
    const integration = integrationById(m.id);
    return (
      !!integration &&
      [integration.name, ...integration.aliases].some((name) => {
        const term = name.toLowerCase();
        return term.length > written.length && term.startsWith(written);
      })
    );
  };
  const found = nameMentions(text, tokens);
  // A word written as one product's name is not another's by their shared stem ("Canva" is not
  // "Canvas").
  const exact = (m: Mention) => asWritten(m) && !m.fuzzy;
  // The longer name wins where two overlap: "Azure DevOps" is not also Azure.
  const covered = (m: Mention) =>
    found.some(
      (other) =>
        other !== m &&
        other.id !== m.id &&
        other.start <= m.start &&
        other.end >= m.end &&
        other.end - other.start > m.end - m.start,
    );
  // "#billing", "@close": a channel's or a person's handle, not a product.
  // ("on @intercom", "via @typeform": where things happen, written as the product's handle.)
  const handle = (m: Mention) =>
    /[#@]$/.test(text.slice(Math.max(0, m.start - 1), m.start)) &&
    !/\b(?:on|in|via|from|into|through|using)\s+@$/i.test(
      text.slice(Math.max(0, m.start - 12), m.start),
    );
  const again = (m: Mention) => doneAgain(words, m);
  const names = found.filter(
    (mention) =>
      !covered(mention) &&
      !handle(mention) &&
      !again(mention) &&
      (exact(mention) || !found.some((other) => other.start === mention.start && exact(other))) &&
      (mention.read ||
        !isEverydayWord(common, mention, text) ||
        readsAsName(words, mention, found)) &&
      // (A pattern written for its product, "ADO" in capitals, is read as written.)
      !(!mention.read && (mention.fuzzy || !asWritten(mention)) && english(mention)) &&
      // (Nor a shorter word that shares the name's stem: German "wir" is not Wire.)
      !(!mention.read && !mention.fuzzy && !asWritten(mention) && cutShort(mention)),
  );
  names.push(...listedNames(words, names));
  names.push(...bareObjects(words, names));
  const intents = intentMentions(text, names);
  return [...names, ...intents, ...sendingTo(words, [...names, ...intents])].sort(
    (a, b) => a.start - b.start,
  );
}

const LIST_MARKS = new Set(['and', 'or', '&', '+', '/', ',']);

/** Words after which a clause starts with its verb when it is a request. */
const CLAUSE_OPENERS = new Set([
  'and',
  'then',
  ',',
  ':',
  ';',
  '->',
  '=>',
  '\u2192',
  'please',
  'pls',
]);
/** Words a verb's object starts with. */
const OBJECT_OPENERS = new Set(['DET', 'PRON', 'NUM', 'ADJ']);

/**
 * A product named like a verb done again ("Resend", "Rerun"), opening a request with its object
 * after it: "resend the invoice to the client", "Resend failed campaigns" ask for the act, not the
 * product ("send it with Resend", "Resend bounces" keep the name).
 */
function doneAgain(words: readonly Word[], mention: Mention): boolean {
  const at = words.findIndex((w) => w.start === mention.start && w.end === mention.end);
  const word = words[at];
  if (!word || !/^re[a-z]{3,}$/.test(word.lower) || !inVocabulary(word.lower.slice(2)))
    return false;
  const before = words[at - 1];
  const next = words[at + 1];
  const opens = !before || before.sentence !== word.sentence || CLAUSE_OPENERS.has(before.lower);
  const object =
    !!next &&
    next.sentence === word.sentence &&
    (OBJECT_OPENERS.has(next.pos) || (next.pos === 'VERB' && /ed$/.test(next.lower)));
  return opens && object;
}

/** Things only a product has. */
const ACCOUNT_WORDS = new Set(['account', 'workspace', 'dashboard', 'inbox', 'api', 'integration']);

/** Words that open an infinitive's question: "what to bring", "how to float it". */
const QUESTION_WORDS = new Set(['what', 'which', 'how', 'where', 'whether', 'who']);

/** Words that say whose a thing is. */
const OWNERS = new Set(['my', 'our', 'their', 'your']);

/** Prepositions English follows with a determiner before a common noun: "in the box". */
const PLACING = new Set(['of', 'in', 'on', 'into', 'onto', 'to', 'from', 'via', 'through']);

/**
 * An everyday word that names a product, standing alone as the object of a preposition where the
 * common noun would take a determiner, with nothing after it in its phrase: "the folder of box,",
 * "a draft post in later with the photo", "schedule them through later", "on my square,"; or owned
 * before a thing only a product has, "our square account". (Not where English drops the article
 * itself, "from scratch", "in line with"; "for later" has no preposition of place.)
 */
function bareObjects(words: readonly Word[], names: readonly Mention[]): Mention[] {
  const byWord = everydayProducts();
  const found: Mention[] = [];
  words.forEach((word, at) => {
    const id = byWord.get(word.lower);
    const next = words[at + 1];
    // ("on my square,", "into our box.": whose it is may stand between.)
    const owned =
      OWNERS.has(words[at - 1]?.lower ?? '') && words[at - 1]!.sentence === word.sentence;
    const before = owned ? words[at - 2] : words[at - 1];
    if (!id) return;
    if (names.some((m) => m.start <= word.start && m.end >= word.end)) return;
    // ("our square account", "my front inbox": a thing only a product has, whosever it is.)
    if (owned && next?.sentence === word.sentence && ACCOUNT_WORDS.has(next.lower)) {
      found.push({ id, start: word.start, end: word.end, via: 'name', read: true });
      return;
    }
    if (!before || before.sentence !== word.sentence || !PLACING.has(before.lower)) return;
    if (IDIOMS.has(`${before.lower} ${word.lower}`)) return;
    // ("instead of Slack", "not to slack": named to be left out.)
    if (words.slice(Math.max(0, at - 3), at).some((w) => NEGATORS.has(w.lower))) return;
    // ("want to render", "tell me what to bring": the verb of an infinitive; not where something
    // is sent, "save to pocket".)
    const lead = words.slice(Math.max(0, at - 5), at - 1);
    if (
      before.lower === 'to' &&
      word.pos === 'VERB' &&
      (!lead.some((w) => SENDING_VERBS.has(w.lemma)) ||
        lead.some((w) => QUESTION_WORDS.has(w.lower)))
    )
      return;
    const ends =
      !next ||
      next.sentence !== word.sentence ||
      /^(?:[,.;:!?)]|->|=>|\u2192)$/.test(next.value) ||
      ['with', 'and', 'or', 'too', 'as'].includes(next.lower) ||
      (next.lower === 'w' && words[at + 2]?.value === '/') ||
      // ("look it up on socket for supply chain risk": a phrase of its own after it.)
      (next.pos === 'ADP' && next.lower !== 'of');
    if (ends) found.push({ id, start: word.start, end: word.end, via: 'name', read: true });
  });
  return found;
}

let everydayByWord: ReadonlyMap<string, string> | null = null;

/** Everyday words that name a product Spoke connects to (not a built-in, not a day), by word. */
function everydayProducts(): ReadonlyMap<string, string> {
  if (everydayByWord) return everydayByWord;
  const byWord = new Map<string, string>();
  for (const [id, set] of everydayNames()) {
    if (integrationById(id)?.provider.kind === 'builtin') continue;
    for (const word of set) if (!CALENDAR_WORDS.has(word)) byWord.set(word, id);
  }
  everydayByWord = byWord;
  return byWord;
}

/** Prepositions with a bare everyday word that English says as they are. */
/** English compounds an everyday-word name opens: "the HN front page". */
const COMPOUNDS = new Set([
  'front page',
  'front end',
  'front door',
  'front desk',
  'front office',
  'front line',
  'front row',
]);
const IDIOMS = new Set([
  'from scratch',
  'in line',
  'on line',
  'in rows',
  'into rows',
  'in motion',
  'into motion',
  'of things',
]);

/**
 * Everyday words that name a product only in the lexicon's exact patterns ("square"), standing in a
 * list with another product named outright: "on square and etsy", "shopify + square".
 */
function listedNames(words: readonly Word[], names: readonly Mention[]): Mention[] {
  const found: Mention[] = [];
  const product = (m: Mention) =>
    m.via === 'name' && !m.fuzzy && integrationById(m.id)?.provider.kind !== 'builtin';
  words.forEach((word, i) => {
    const id = capitalisedNames().get(word.lower) ?? shortNames().get(word.lower);
    // (The tagger reads such a word in a list as it would alone: "on square and etsy" an adjective.)
    if (!id || !['NOUN', 'PROPN', 'ADJ'].includes(word.pos)) return;
    if (names.some((m) => m.start < word.end && m.end > word.start)) return;
    const before = words[i - 1];
    const next = words[i + 1];
    const same = (w: Word | undefined) => !!w && w.sentence === word.sentence;
    const after =
      same(before) &&
      LIST_MARKS.has(before!.lower) &&
      names.some((m) => product(m) && m.id !== id && m.end === words[i - 2]?.end) &&
      (!same(next) || !['NOUN', 'PROPN'].includes(next!.pos));
    const first =
      same(next) &&
      LIST_MARKS.has(next!.lower) &&
      !DETERMINERS.has(before?.lower ?? '') &&
      before?.pos !== 'ADJ' &&
      names.some((m) => product(m) && m.id !== id && m.start === words[i + 2]?.start);
    if (after || first)
      found.push({ id, start: word.start, end: word.end, via: 'name', read: true });
  });
  return found;
}

let short: ReadonlyMap<string, string> | null = null;

/** Names of three letters or fewer no dictionary has as a common word ("x", "yr", "ig"), by word. */
function shortNames(): ReadonlyMap<string, string> {
  if (short) return short;
  const byWord = new Map<string, string>();
  for (const integration of INTEGRATIONS) {
    for (const name of [integration.name, ...integration.aliases]) {
      const word = name.toLowerCase();
      if (/^[a-z0-9]{1,3}$/.test(word) && !commonWord(word)) byWord.set(word, integration.id);
    }
  }
  short = byWord;
  return byWord;
}

/** People a message can be sent to. */
const RECIPIENTS = new Set(
  `me us him her them customer customers client clients team cfo ceo cto founder founders manager
  managers owner owners boss rep reps lead leads user users subscriber subscribers attendee
  attendees member members everyone colleague colleagues partner partners investor investors
  candidate candidates employee employees author authors person people reviewer reviewers
  accountant accountants bookkeeper lawyer lawyers`.split(/\s+/),
);
/** Words that name a way to reach someone other than e-mail. */
const CHANNEL_WORDS = new Set(
  'sms text texts whatsapp telegram signal slack teams discord webhook channel dm push call phone'.split(
    ' ',
  ),
);

/**
 * "Send me a summary", "send reminders to customers", "send it to our CFO": something sent to a
 * person with no channel named in the sentence goes by e-mail (the built-in, no account needed).
 */
function sendingTo(words: readonly Word[], mentions: readonly Mention[]): Mention[] {
  const found: Mention[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    // ("email the invoice to the client": the noun as the verb, where a request opens.)
    const opening =
      i === 0 ||
      words[i - 1]!.sentence !== word.sentence ||
      CLAUSE_OPENERS.has(words[i - 1]!.lower);
    const verb =
      ['send', 'resend', 'mail', 'forward', 'deliver'].includes(word.lemma) ||
      (word.lower === 'email' && opening);
    if (!verb) continue;
    // "a file a candidate sent us" describes; only a request to send makes a message.
    if (word.lower !== word.lemma && word.lower !== `${word.lemma}s`) continue;
    const sentence = words.filter((w) => w.sentence === word.sentence);
    const from = sentence[0]!.start;
    const to = sentence[sentence.length - 1]!.end;
    const channel =
      sentence.some((w) => CHANNEL_WORDS.has(w.lower) || w.value.startsWith('#')) ||
      mentions.some(
        (m) =>
          m.start >= from &&
          m.end <= to &&
          // (A mailbox is where mail is read, "my Gmail inbox", unless it is what sends: "by Gmail".)
          (!/mail|outlook/.test(m.id) ||
            ['by', 'via', 'through', 'using', 'with'].includes(
              words[words.findIndex((w) => w.start === m.start) - 1]?.lower ?? '',
            )) &&
          integrationById(m.id)?.category === 'Communication',
      );
    if (channel || mentions.some((m) => m.id === 'email' && m.start >= from && m.end <= to))
      continue;
    const after = words.slice(i + 1, i + 12).filter((w) => w.sentence === word.sentence);
    // ("send it to me", "send the invoice to the client": after "to", or close by.)
    const addressed = (k: number) =>
      after[k - 1]?.lower === 'to' ||
      (after[k - 2]?.lower === 'to' &&
        ['the', 'our', 'my', 'each', 'every', 'a'].includes(after[k - 1]!.lower));
    const recipient = after.find((w, k) => RECIPIENTS.has(w.lower) && (k < 4 || addressed(k)));
    if (!recipient) continue;
    found.push({ id: 'email', start: word.start, end: word.end, via: 'intent' });
  }
  return found;
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
    // ("from the most active Discord threads": read from, not written for.)
    const source = /\b(?:from|across|through|in)\s+(?:[\w-]+\s+){0,3}$/i.test(before);
    const purpose =
      /\bfor\s+(?:\w+\s+and\s+)?$/i.test(before) ||
      (/^\S+\s+(?:posts?|threads?)\b/i.test(named) && !source);
    const elsewhere = mentions.some(
      (other) => !PUBLISHERS.has(other.id) && other.start >= start && other.start < end,
    );
    return !(purpose && elsewhere);
  });
}
