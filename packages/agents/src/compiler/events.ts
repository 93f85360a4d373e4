import { INTEGRATIONS, integrationById } from '../catalog/index.ts';
import type { Mention } from './integrations.ts';
import { findPhrase, phrase, stem, type Phrase, type Token } from './text.ts';
import { momentCue } from './verbs.ts';

// Event triggers: "when a new ticket arrives in Zendesk" -> zendesk ticket.created. A cue word
// ("when", "whenever", "every new") opens a clause; the catalog's event phrases, and phrases made
// from each event's id and name, are looked for in it.

export type EventTrigger = {
  integration: string;
  event: string;
  /** Offset of the cue in the text. */
  index: number;
  /** "when"/"whenever" make a trigger; "if"/"after" only when nothing else does. */
  strong: boolean;
  /** The clause that describes the event, as written. */
  clause: string;
  /** Read from grammar: the service was named in the clause or before it. */
  near?: boolean;
};

type EventPhrase = {
  integration: string;
  event: string;
  order: number;
  phrase: Phrase;
  /** Made from the event's id or name rather than listed in the catalog. */
  derived: boolean;
  specificity: number;
};

const CREATION = /^(?:created?|opened|added|new)$/;
/** Stems of the actions that make a thing: what "a new X" is news of. */
const CREATION_STEMS = new Set(['creat', 'new', 'submit']);

function derivedPhrases(id: string, name: string): string[] {
  const parts = id.split('.').map((part) => part.replace(/_/g, ' '));
  const action = parts.length > 1 ? parts.pop()! : '';
  const object = parts.join(' ');
  const last = parts[parts.length - 1] ?? object;
  const phrases = [name, `${object} ${action}`, `${last} ${action}`];
  if (CREATION.test(action.split(' ').pop() ?? '')) phrases.push(`new ${object}`, `new ${last}`);
  // ("every paid order", "a won deal": the happening said before its thing, for participles
  // that are not also the verb's stem: "triggered incident" would read "trigger an incident".)
  else if (/^(?:paid|sent|won|lost|done|sold|bought)$/.test(action))
    phrases.push(`${action} ${last}`);
  return phrases;
}

const EVENT_PHRASES: readonly EventPhrase[] = INTEGRATIONS.flatMap((integration) => {
  const nameStems = new Set(phrase(integration.name).stems);
  return integration.events.flatMap((event, order) => {
    const make = (text: string, derived: boolean): EventPhrase => {
      const compiled = phrase(text);
      const specificity = compiled.stems.filter((s) => !nameStems.has(s) && s !== 'new').length;
      return {
        integration: integration.id,
        event: event.id,
        order,
        phrase: compiled,
        derived,
        specificity,
      };
    };
    return [
      ...event.phrases.map((text) => make(text, false)),
      ...derivedPhrases(event.id, event.name).map((text) => make(text, true)),
    ];
  });
});

const NAME_STEMS = new Map(
  INTEGRATIONS.map((integration) => [integration.id, [...phrase(integration.name).stems]]),
);

/** Stems of an event's object and action words, for "a customer posts in #feedback on Slack". */
const EVENT_WORDS = INTEGRATIONS.flatMap((integration) =>
  integration.events.map((event, order) => {
    const parts = event.id.split(/[._]/);
    const action = stem(parts.pop() ?? '');
    // ("New pledge": a thing made, and "new" is no word of the thing.)
    const nameStems = [...phrase(event.name).stems];
    const made = nameStems[0] === 'new';
    if (made) nameStems.shift();
    const nameAction = made ? action : (nameStems.pop() ?? '');
    const objects = new Set([...parts.map(stem), ...nameStems]);
    const actions = new Set([action, nameAction]);
    return { integration: integration.id, event: event.id, order, objects, actions };
  }),
);

type Cue = { at: number; length: number; strong: boolean; loose: boolean };

type CueWords = {
  words: readonly string[];
  strong: boolean;
  includesNew?: boolean;
  /** The cue only counts when one of these words follows closely ("as issues are opened"). */
  before?: ReadonlySet<string>;
  /** Only a plain "when" clause may name an event by its object alone. */
  loose?: boolean;
  /** Only before the one who acts: "the second I go live", not "the second sheet". */
  subject?: boolean;
};

const PASSIVE = new Set(['are', 'is', 'get', 'gets']);

const CUES: readonly CueWords[] = [
  { words: ['whenever'], strong: true, loose: true },
  { words: ['when'], strong: true, loose: true },
  { words: ['as', 'soon', 'as'], strong: true, loose: true },
  { words: ['each', 'time'], strong: true, loose: true },
  { words: ['every', 'time'], strong: true, loose: true },
  { words: ['any', 'time'], strong: true, loose: true },
  { words: ['anytime'], strong: true, loose: true },
  { words: ['everytime'], strong: true, loose: true },
  { words: ['the', 'moment'], strong: true, loose: true },
  { words: ['the', 'second'], strong: true, loose: true, subject: true },
  { words: ['the', 'minute'], strong: true, loose: true, subject: true },
  { words: ['the', 'instant'], strong: true, loose: true, subject: true },
  { words: ['every', 'new'], strong: true, includesNew: true },
  { words: ['each', 'new'], strong: true, includesNew: true },
  { words: ['any', 'new'], strong: true, includesNew: true },
  { words: ['as'], strong: true, before: PASSIVE },
  { words: ['if'], strong: false },
  { words: ['after'], strong: false },
];

/** Verbs before "if" that ask a question ("check if they follow ..."): no news follows. */
export const ASKING_VERBS: ReadonlySet<string> = new Set(
  'check see verify confirm test ask wonder find'.split(' '),
);

function findCues(tokens: readonly Token[]): Cue[] {
  const cues: Cue[] = [];
  tokens.forEach((token, i) => {
    const first = i === 0 || tokens[i - 1]!.clause !== token.clause;
    if (first && token.lower === 'new') {
      cues.push({ at: i, length: 0, strong: true, loose: false });
      return;
    }
    const cue = CUES.find(
      (c) =>
        c.words.every((w, k) => tokens[i + k]?.lower === w) &&
        (!c.before || tokens.slice(i + 1, i + 5).some((t) => c.before!.has(t.lower))) &&
        (!c.subject || momentCue(tokens.slice(i, i + 3).map((t) => t.lower))),
    );
    if (!cue) return;
    // "check if they follow ...": a question the agent answers, not news.
    if (cue.words[0] === 'if' && ASKING_VERBS.has(stem(tokens[i - 1]?.lower ?? ''))) return;
    if (cues.some((c) => c.at <= i && i < c.at + Math.max(c.length, 1))) return;
    const length = cue.words.length - (cue.includesNew ? 1 : 0);
    // "If a client cancels on Calendly, email them": an "if" opening the request says when, as
    // "when" does.
    // (Only the first: a later "if" is more often a condition on what the agent does, "... post
    // it in #platform. If the app is on prod, also page".)
    const opensRequest = cue.words[0] === 'if' && i === 0;
    cues.push({ at: i, length, strong: cue.strong, loose: Boolean(cue.loose) || opensRequest });
  });
  return cues;
}

const SCOPE = 14;

function bestEvent(scope: readonly Token[], mentioned: ReadonlySet<string>, loose: boolean) {
  const inScope = new Set(scope.map((token) => token.stem));
  const named = (id: string) => NAME_STEMS.get(id)!.some((s) => inScope.has(s));
  type Candidate = { integration: string; event: string; order: number; score: number };
  const candidates: Candidate[] = [];
  for (const entry of EVENT_PHRASES) {
    if (entry.derived && !mentioned.has(entry.integration)) continue;
    if (!findPhrase(scope, entry.phrase).length) continue;
    const bonus = (mentioned.has(entry.integration) ? 5 : 0) + (named(entry.integration) ? 3 : 0);
    candidates.push({ ...entry, score: 10 + entry.specificity + bonus });
  }
  if (loose) {
    // ("applies" and "application": a verb and the noun made of it.)
    const root = (x: string) => x.replace(/(?:ication|ation|ition|ion|ment|y|i)$/, '');
    const roots = new Set([...inScope].map(root).filter((r) => r.length >= 4));
    const present = (x: string) => inScope.has(x) || roots.has(root(x));
    const fresh = inScope.has('new');
    for (const words of EVENT_WORDS) {
      if (!mentioned.has(words.integration) || !named(words.integration)) continue;
      const objects = [...words.objects].filter(present).length;
      const actions = [...words.actions].filter(present).length;
      if (objects + actions === 0) continue;
      // ("a new candidate applies": not the candidate's hiring, which the words do not name.)
      if (fresh && !actions && ![...words.actions].some((a) => CREATION_STEMS.has(a))) continue;
      candidates.push({ ...words, score: 10 + 2 * objects + actions });
    }
  }
  const pool = candidates.some((c) => mentioned.has(c.integration))
    ? candidates.filter((c) => mentioned.has(c.integration))
    : candidates;
  pool.sort((a, b) => b.score - a.score || a.order - b.order);
  return pool[0] ?? null;
}

/** Actions of a thing that already exists: what a "new" thing has not had yet. */
const CHANGES = /(?:^|_)(?:updated?|changed?|tagged|moved|status_changed|stage_changed)$/;

/**
 * "new zendesk ticket tagged 'refund'": what the clause calls new is created, whatever else the
 * words say of it; the service's own event for a created thing of the same kind, when it has one.
 */
export function createdInstead(event: EventTrigger): EventTrigger {
  // ("new" opening the clause or just after its cue: "new X tagged ...", "when a new X ...").
  if (!/^\W*(?:\w+\s+){0,3}new\b/i.test(event.clause)) return event;
  const eventId = event.event;
  const dot = eventId.lastIndexOf('.');
  if (!CHANGES.test(eventId.slice(dot + 1))) return event;
  const thing = eventId.slice(0, dot);
  const declared = integrationById(event.integration)?.events ?? [];
  // (A service that declares no events: its thing created, in the generic form.)
  if (!declared.length) return { ...event, event: `${thing}.created` };
  const created = declared.find(
    (e) =>
      e.id.startsWith(`${thing}.`) &&
      /(?:^|_)(?:created?|new|added|opened)$/.test(e.id.slice(dot + 1)),
  );
  return created ? { ...event, event: created.id } : event;
}

/** The event that starts the agent, if the description names one. */
export function findEvent(
  text: string,
  tokens: readonly Token[],
  mentions: readonly Mention[],
): EventTrigger | null {
  const mentioned = new Set(mentions.map((m) => m.id));
  // "Stripe's invoice.payment_failed - when that fires": the service's own name for the event,
  // as its developers write it.
  for (const match of text.matchAll(/(?<![\w.])[a-z][a-z_]*(?:\.[a-z][a-z_]*)+(?![\w.])/g)) {
    const id = [...mentioned].find((m) =>
      integrationById(m)?.events.some((e) => e.id === match[0]),
    );
    if (id)
      return {
        integration: id,
        event: match[0],
        index: match.index,
        strong: true,
        clause: match[0],
      };
  }
  const cues = findCues(tokens);
  for (const strong of [true, false]) {
    for (const cue of cues.filter((c) => c.strong === strong)) {
      const start = cue.at + cue.length;
      const clause = tokens[start]?.clause;
      const scope = tokens.slice(start, start + SCOPE).filter((t) => t.clause === clause);
      if (!scope.length) continue;
      const best = bestEvent(scope, mentioned, cue.loose);
      if (!best) continue;
      const from = tokens[cue.at]!.start;
      return {
        integration: best.integration,
        event: best.event,
        index: from,
        strong,
        clause: text.slice(from, scope[scope.length - 1]!.end),
      };
    }
  }
  return null;
}
