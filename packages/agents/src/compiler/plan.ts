import { integrationById } from '../catalog/index.ts';
import type { Mention } from './integrations.ts';
import { scheduleSpans } from './schedule.ts';
import { capitalize, clip, type Token } from './text.ts';
import { toolsFor, type StepKind } from './tools.ts';
import type { TriggerReading } from './trigger.ts';
import { breaks, CUE_WORDS, instructionStarts, MOMENT_CUE } from './verbs.ts';

/** A clause that says when the agent starts: "when a review arrives", "the moment it fails". */
const OPENS_WHEN = new RegExp(
  `^(?:when|whenever|as soon as|soon as|once|if|each time|every time|any ?time|${MOMENT_CUE}|after|on every)\\b`,
  'i',
);

// The plan: one step per instruction in the description, in its order. An instruction starts at
// an imperative verb ("summarise", "post", "create"); the step keeps the description's own words,
// minus the schedule, and names the tools of the integrations it mentions.

export type PlannedStep = {
  text: string;
  tools: string[];
  /** Integrations the step works with. */
  ids: string[];
  /** Of those, the ones it reads from, and the ones it writes or sends to. */
  sources: string[];
  targets: string[];
  kind: StepKind;
};

/** Phrases that only say when the agent runs; they are not steps. */
const TRIGGER_ONLY = [
  /\b(?:run|runs|only run)?\s*(?:when i ask|on demand|when i tell you(?: about (?:it|them|this))?)\b/gi,
  /\btrigger(?:ed)? (?:by|via|on|from) (?:a |an )?webhook\b/gi,
];

const DESTINATION = new Set(['to', 'into', 'on', 'as', 'under']);
const ORIGIN = new Set(['from', 'their', 'of']);
/** Sources by nature: searching the web or scraping a site never sends anything anywhere. */
const READ_ONLY = new Set([
  'brave-search',
  'tavily',
  'perplexity',
  'firecrawl',
  'apify',
  'web-page',
  'rss',
]);

const WRITES_INTO = new Set(['write', 'draft', 'put', 'record', 'note', 'enter', 'log', 'save']);

function cleanText(
  text: string,
  from: number,
  to: number,
  cut: readonly [number, number][],
): string {
  let piece = '';
  let at = from;
  for (const [s, e] of [...cut].sort((a, b) => a[0] - b[0])) {
    if (e <= at || s >= to) continue;
    piece += text.slice(at, Math.max(at, s));
    at = Math.max(at, e);
  }
  piece += text.slice(at, to);
  let clean = piece.replace(/\s+([,;:.])/g, '$1').replace(/\s{2,}/g, ' ');
  for (let previous = ''; previous !== clean;) {
    previous = clean;
    clean = clean
      .replace(
        /^[\s,;:\-\u3001\uff0c\u060c\u061b\uff1a]+|[\s,;:.\-(\u3001\uff0c\u060c\u3002]+$/gu,
        '',
      )
      // A particle of a language that writes it onto the time cut before it ("오전 10시에",
      // "朝9時に、"): nothing without the time.
      .replace(/^(?:에서|에는|에|마다|には|に|では|で|は)(?=[\s\u3001\uff0c,]|$)/u, '')
      .replace(/\s+(?:and|then|also|at|on|n|&)$/i, '')
      .trim();
  }
  return clean;
}

function kindFor(
  kind: StepKind,
  verb: string,
  mention: Mention,
  tokens: readonly Token[],
): StepKind {
  const chat = integrationById(mention.id)?.category === 'Communication';
  const index = tokens.findIndex((t) => t.start >= mention.start);
  const before = tokens.slice(Math.max(0, index - 4), index).map((t) => t.lower);
  if (READ_ONLY.has(mention.id)) return 'fetch';
  if (kind === 'deliver' || kind === 'store') {
    if (before.some((w) => ORIGIN.has(w)) && !before.some((w) => DESTINATION.has(w)))
      return 'fetch';
    return kind === 'store' && chat ? 'deliver' : kind;
  }
  if (kind !== 'process' && kind !== 'fetch') return kind;
  const writesInto = WRITES_INTO.has(verb) && before.includes('in') && !before.includes('from');
  const into = kind === 'fetch' ? ['to', 'into'] : [...DESTINATION];
  if (writesInto || before.some((w) => into.includes(w))) {
    return chat ? 'deliver' : 'store';
  }
  return 'fetch';
}

function stepFrom(
  text: string,
  tokens: readonly Token[],
  range: { from: number; to: number; kind: StepKind; verb: string },
  mentions: readonly Mention[],
  cut: readonly [number, number][],
): PlannedStep | null {
  const body = cleanText(text, range.from, range.to, cut);
  if (body.split(/\s+/).length < 2) return null;
  const inside = mentions.filter((m) => m.start >= range.from && m.start < range.to);
  const ids = [...new Set(inside.map((m) => m.id))];
  const roles = new Map(
    ids.map((id) => {
      const mention = inside.find((m) => m.id === id)!;
      return [id, kindFor(range.kind, range.verb, mention, tokens)] as const;
    }),
  );
  const tools = ids.flatMap((id) => toolsFor(id, roles.get(id)!, range.verb, body));
  return {
    text: clip(capitalize(body), 500),
    tools: tools.slice(0, 20),
    ids,
    sources: ids.filter((id) => roles.get(id) === 'fetch'),
    targets: ids.filter((id) => roles.get(id) !== 'fetch'),
    kind: range.kind,
  };
}

function triggerStep(reading: TriggerReading): PlannedStep | null {
  if (reading.type === 'webhook') {
    const text = 'Read the request body that started the run';
    return { text, tools: [], ids: [], sources: [], targets: [], kind: 'fetch' };
  }
  if (reading.type !== 'event' || !reading.event) return null;
  const { integration: id, event: eventId } = reading.event;
  const integration = integrationById(id);
  const declared = integration?.events.find((e) => e.id === eventId);
  const object = eventId.split('.')[0]!.replace(/_/g, ' ');
  const runnable = integration && integration.provider.kind !== 'none';
  const tools = runnable ? toolsFor(id, 'fetch', '', object) : [];
  const what = (declared?.name ?? eventId.replace(/[._]/g, ' ')).toLowerCase();
  return {
    text: `Read the ${integration?.name ?? id} event that started the run (${what})`,
    tools,
    ids: runnable ? [id] : [],
    sources: runnable ? [id] : [],
    targets: [],
    kind: 'fetch',
  };
}

/** The ordered plan for a description. */
export function planSteps(
  text: string,
  tokens: readonly Token[],
  mentions: readonly Mention[],
  reading: TriggerReading,
): PlannedStep[] {
  // A day alone that owns a thing stays ("grab the weekend's runs"); a time written with an
  // apostrophe goes whole ("every Monday's at 9").
  const cut: [number, number][] = [...scheduleSpans(text)].flatMap(([start, end]) => {
    const owned = /^['\u2019]s\b/.test(text.slice(end));
    if (!owned) return [[start, end] as [number, number]];
    return /^\p{L}+$/u.test(text.slice(start, end)) ? [] : [[start, end + 2] as [number, number]];
  });
  for (const pattern of TRIGGER_ONLY) {
    for (const m of text.matchAll(pattern)) cut.push([m.index, m.index + m[0].length]);
  }
  // The clause that says what starts the agent is its first step, not a step of its own
  // ("when someone leaves a one-star review on G2" is not "Review on G2").
  if (reading.event?.near && OPENS_WHEN.test(reading.event.clause)) {
    cut.push([reading.event.index, reading.event.index + reading.event.clause.length]);
  }
  const live = tokens.filter((t) => !cut.some(([s, e]) => t.start >= s && t.end <= e));
  const starts = instructionStarts(live);
  const hardBreaks = breaks(text, live);
  const cueAfter = (at: number) =>
    live.some((t) => t.start > at && CUE_WORDS.has(t.lower) && t.start < at + 40);
  const steps: PlannedStep[] = [];
  const first = triggerStep(reading);
  if (first) steps.push(first);
  starts.forEach(([i, kind], n) => {
    const from = live[i]!.start;
    const next = starts[n + 1];
    const sentenceEnd = text.slice(from).search(/[.!?](?:\s|$)/);
    const sentenceStop = sentenceEnd === -1 ? text.length : from + sentenceEnd;
    const nextStart = next ? live[next[0]]!.start : text.length;
    // A colon before a list ("a report: revenue, deals and tickets") does not end the step.
    const hardBreak = hardBreaks.find(
      (b) => b > from && (text[b] !== ':' || nextStart < sentenceStop || cueAfter(b)),
    );
    const ends = [sentenceStop, nextStart, hardBreak ?? text.length];
    const to = Math.min(...ends);
    const step = stepFrom(text, live, { from, to, kind, verb: live[i]!.lower }, mentions, cut);
    if (step) steps.push(step);
  });
  if (steps.length === (first ? 1 : 0)) {
    const ids = [...new Set(mentions.map((m) => m.id))];
    const body = cleanText(text, 0, text.length, cut) || text;
    const tools = ids.flatMap((id) => toolsFor(id, 'fetch', 'get', body));
    const only = clip(capitalize(body), 500);
    steps.push({
      text: only,
      tools: tools.slice(0, 20),
      ids,
      sources: ids,
      targets: [],
      kind: 'process',
    });
  }
  return steps.slice(0, 30);
}
