import type { AgentSpec, AgentTrigger } from '@spoke/shared';
import { Cron } from 'croner';
import { integrationById } from '../catalog/index.ts';
import type { CorpusCase, ExpectedTrigger } from './corpus/types.ts';
import { resolveService, sameService } from './services.ts';
import { serviceKey } from './text.ts';
import { validateSpec } from './validate.ts';

// How well a compiler does on a labelled set: integration precision/recall/F1 (micro, over every
// expected and produced integration that Spoke can run), named services dropped (named in the
// description but neither an integration nor listed as unavailable), trigger accuracy (type, plus
// the schedule or the event), category accuracy, and vague descriptions answered with a question.
// Used by the corpus test and by bench/compiler, on the development and the held-out sets alike.

/** A description too vague to build from: the compiler must answer with a question. */
export type VagueCase = { prompt: string; vague: true };
export type LabelledCase = CorpusCase | VagueCase;

/** What compiling a description gives: a spec, or a question back. */
export type CompileOutcome = AgentSpec | { question: string };

export const isVague = (item: LabelledCase): item is VagueCase => 'vague' in item && item.vague;
const isQuestion = (outcome: CompileOutcome): outcome is { question: string } =>
  'question' in outcome;

/**
 * From this instant, two schedules that fire at the same next 30 times are the same schedule. A
 * cron expression that restricts both the day of the month and the weekday is read as both
 * (`0 9 1-7 * 1`: the first Monday), as people who write one mean, not by cron's rule of either.
 */
const FROM = new Date('2027-01-01T00:00:00Z');
const sameSchedule = (a: string, b: string) => {
  const times = (cron: string) =>
    new Cron(cron, { mode: '5-part', timezone: 'UTC', paused: true, domAndDow: true })
      .nextRuns(30, FROM)
      .map((d) => d.getTime())
      .join();
  try {
    return times(a) === times(b);
  } catch {
    return false;
  }
};

const singular = (word: string) => word.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/**
 * Verbs that name the same happening in different products' words: a Typeform response is
 * "submitted", a Calendly booking "scheduled", a Better Stack incident "started" — each a thing
 * created. Labels written without the catalog say `created`; the catalog's ids say the product's
 * word; both are the same event. The compiler has a table of its own (generic-events.ts) and this
 * one does not follow it: what the scorer counts as the same event is the measurement's definition,
 * and widening what the compiler reads as one happening must not widen what counts as right.
 */
const SAME_ACTIONS: readonly (readonly string[])[] = [
  [
    'created',
    'create',
    'opened',
    'added',
    'submitted',
    'received',
    'scheduled',
    'started',
    'uploaded',
    'triggered',
    'new',
  ],
  ['completed', 'finished', 'done', 'succeeded', 'paid', 'resolved', 'ended'],
  ['deleted', 'removed', 'cancelled', 'canceled', 'archived'],
  ['failed', 'error', 'errored', 'bounced', 'payment_failed', 'down'],
  ['updated', 'changed', 'edited', 'moved', 'status_updated', 'stage_changed'],
  ['replied', 'comment', 'commented', 'answered'],
];
/** The same verb in another form: `publish` and `published`, `create` and `created`. */
const inflected = (a: string, b: string) =>
  [`${a}ed`, `${a}d`].includes(b) || [`${b}ed`, `${b}d`].includes(a);
const sameAction = (a: string, b: string) =>
  a === b ||
  inflected(a, b) ||
  SAME_ACTIONS.some((group) => group.includes(a) && group.includes(b));

/**
 * Events match by id, or by their action (as above) and object, compared without separators and
 * allowing a qualified object on one side (`form_response` and `response`, `git.pullrequest` and
 * `pull_request`).
 */
export function sameEvent(actual: string, expected: string): boolean {
  if (actual === expected) return true;
  const split = (id: string) => {
    const dot = id.lastIndexOf('.');
    const object = singular(id.slice(0, Math.max(0, dot)).replace(/[._]/g, ''));
    return [object, id.slice(dot + 1)] as const;
  };
  const [ao, aa] = split(actual);
  const [eo, ea] = split(expected);
  const sameObject = Boolean(ao && eo) && (ao.endsWith(eo) || eo.endsWith(ao));
  return sameObject && sameAction(aa, ea);
}

/**
 * A label written without the catalog ("booking.created") matches the catalog's own event for it
 * ("invitee.created" of Calendly, named "Invitee created" with the phrase "new booking") when the
 * label's object is among the event's words and the actions are the same kind.
 */
function describedAs(integrationId: string, eventId: string, label: string): boolean {
  const declared = integrationById(integrationId)?.events.find((e) => e.id === eventId);
  if (!declared) return false;
  const dot = label.lastIndexOf('.');
  const object = singular(label.slice(0, Math.max(0, dot)).split(/[._]/).pop() ?? '');
  const words = new Set(
    [declared.name, ...declared.phrases]
      .join(' ')
      .toLowerCase()
      .split(/[^a-z]+/)
      .map(singular),
  );
  return (
    Boolean(object) &&
    words.has(object) &&
    sameAction(eventId.slice(eventId.lastIndexOf('.') + 1), label.slice(dot + 1))
  );
}

export function triggerMatches(actual: AgentTrigger, expected: ExpectedTrigger): boolean {
  if (actual.type !== expected.type) return false;
  if (actual.type === 'schedule' && expected.type === 'schedule') {
    return sameSchedule(actual.cron, expected.cron);
  }
  if (actual.type === 'event' && expected.type === 'event') {
    return (
      sameService(actual.integration, expected.integration) &&
      (sameEvent(actual.event, expected.event) ||
        describedAs(actual.integration, actual.event, expected.event))
    );
  }
  return true;
}

export type CaseResult = {
  case: LabelledCase;
  outcome: CompileOutcome;
  /** Integrations Spoke can run that the labels expect and the spec lacks, and the reverse. */
  missing: string[];
  extra: string[];
  /** Named services that are neither integrations nor listed as unavailable. */
  dropped: string[];
  /** Names listed as services Spoke does not have that the labels do not name (people, labels). */
  strayUnavailable: string[];
  /** Counted towards integration precision/recall. */
  truePositives: number;
  triggerOk: boolean;
  categoryOk: boolean;
  /** A question where one was due, and none where an agent was. */
  questionOk: boolean;
  issues: ReturnType<typeof validateSpec>;
};

export type CorpusScore = {
  cases: number;
  precision: number;
  recall: number;
  f1: number;
  /** Services the labels name (built-ins aside), and how many of them vanished. */
  namedServices: number;
  dropped: number;
  /** Entries of the specs' lists of services Spoke does not have, and those the labels lack. */
  unavailableListed: number;
  strayUnavailable: number;
  triggerAccuracy: number;
  /** The trigger's type alone (manual, schedule, event, webhook): how much of a miss is detail. */
  triggerTypeAccuracy: number;
  categoryAccuracy: number;
  vagueCases: number;
  /** Vague descriptions answered with a question, and buildable ones wrongly answered so. */
  questionsAsked: number;
  falseQuestions: number;
  invalid: number;
  results: CaseResult[];
};

/**
 * Whether the description names the service (by its id, catalog name or an alias, as whole
 * words), rather than implying it ("our repos" for GitHub): only named services can be dropped.
 */
export function namedIn(prompt: string, label: string): boolean {
  const resolved = resolveService(label)?.integration;
  const names = [label, ...(resolved ? [resolved.id, resolved.name, ...resolved.aliases] : [])];
  const text = ` ${prompt.toLowerCase().replace(/[^a-z0-9.]+/g, ' ')} `;
  return names.some((name) => {
    const words = name
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, ' ')
      .trim();
    return (
      words.length > 0 &&
      (text.includes(` ${words} `) ||
        text.includes(` ${words}s `) ||
        text.includes(` ${words.replace(/ /g, '')} `))
    );
  });
}

export function scoreCase(item: LabelledCase, outcome: CompileOutcome): CaseResult {
  const blank = {
    missing: [],
    extra: [],
    dropped: [],
    strayUnavailable: [],
    truePositives: 0,
    issues: [],
  };
  if (isVague(item)) {
    const asked = isQuestion(outcome);
    return {
      case: item,
      outcome,
      ...blank,
      triggerOk: asked,
      categoryOk: asked,
      questionOk: asked,
    };
  }
  if (isQuestion(outcome)) {
    return {
      case: item,
      outcome,
      ...blank,
      missing: item.integrations.filter((label) => resolveService(label)?.runnable),
      dropped: item.integrations.filter(
        (label) => !resolveService(label)?.builtin && namedIn(item.prompt, label),
      ),
      triggerOk: false,
      categoryOk: false,
      questionOk: false,
    };
  }
  const spec = outcome;
  const got = spec.integrations.map((i) => i.id);
  const unavailable = (spec.unavailable ?? []).map((u) => u.id ?? u.name);
  const runnable = item.integrations.filter((label) => resolveService(label)?.runnable);
  const missing = runnable.filter((label) => !got.some((id) => sameService(id, label)));
  const extra = got.filter((id) => !runnable.some((label) => sameService(id, label)));
  const dropped = item.integrations.filter(
    (label) =>
      !resolveService(label)?.builtin &&
      namedIn(item.prompt, label) &&
      ![...got, ...unavailable].some((name) => sameService(name, label)),
  );
  const strayUnavailable = (spec.unavailable ?? [])
    .filter(
      (u) =>
        !item.integrations.some(
          (label) => sameService(label, u.id ?? u.name) || sameService(label, u.name),
        ),
    )
    .map((u) => u.name);
  return {
    case: item,
    outcome,
    missing,
    extra,
    dropped,
    strayUnavailable,
    truePositives: runnable.length - missing.length,
    triggerOk: triggerMatches(spec.trigger, item.trigger),
    categoryOk: spec.category === item.category,
    questionOk: true,
    issues: validateSpec(spec),
  };
}

export function scoreCorpus(
  corpus: readonly LabelledCase[],
  compile: (prompt: string) => CompileOutcome,
): CorpusScore {
  const results = corpus.map((item) => scoreCase(item, compile(item.prompt)));
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let namedServices = 0;
  let dropped = 0;
  let unavailableListed = 0;
  let strayUnavailable = 0;
  for (const r of results) {
    if (!isQuestion(r.outcome)) unavailableListed += (r.outcome.unavailable ?? []).length;
    strayUnavailable += r.strayUnavailable.length;
    truePositives += r.truePositives;
    falsePositives += r.extra.length;
    falseNegatives += r.missing.length;
    dropped += r.dropped.length;
    if (!isVague(r.case)) {
      const { prompt, integrations } = r.case;
      namedServices += integrations.filter(
        (l) => !resolveService(l)?.builtin && namedIn(prompt, l),
      ).length;
    }
  }
  const buildable = results.filter((r) => !isVague(r.case));
  const vague = results.filter((r) => isVague(r.case));
  const precision = truePositives / Math.max(1, truePositives + falsePositives);
  const recall = truePositives / Math.max(1, truePositives + falseNegatives);
  const share = (test: (r: CaseResult) => boolean) =>
    buildable.filter(test).length / Math.max(1, buildable.length);
  return {
    cases: results.length,
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    namedServices,
    dropped,
    unavailableListed,
    strayUnavailable,
    triggerAccuracy: share((r) => r.triggerOk),
    triggerTypeAccuracy: share(
      (r) =>
        !isQuestion(r.outcome) && r.outcome.trigger.type === (r.case as CorpusCase).trigger.type,
    ),
    categoryAccuracy: share((r) => r.categoryOk),
    vagueCases: vague.length,
    questionsAsked: vague.filter((r) => r.questionOk).length,
    falseQuestions: buildable.filter((r) => !r.questionOk).length,
    invalid: results.filter((r) => r.issues.length).length,
    results,
  };
}

export { serviceKey };
