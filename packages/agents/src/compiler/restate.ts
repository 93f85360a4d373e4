import { AGENT_SUMMARY_MAX, type AgentSpec, type AgentTrigger } from '@spoke/shared';
import { nextRuns } from '@spoke/shared/schedule';
import { parseSchedule, scheduleSpans } from './schedule.ts';
import { capitalize, clip } from './text.ts';
import { MOMENT_CUE } from './verbs.ts';
import { eventWords, serviceName } from './writing.ts';

// When the owner changes an agent's trigger, what was written about the old one (the summary's
// time words, "First run: …", how a schedule was read) must not stay behind to contradict it.

/** The date and time of a schedule's next run, as the agent page lists it among its notes. */
export function firstRun(trigger: AgentTrigger, now: Date): string | null {
  if (trigger.type !== 'schedule') return null;
  const [next] = nextRuns(trigger.cron, trigger.timezone, 1, now);
  if (!next) return null;
  const when = next.toLocaleString('en-GB', {
    timeZone: trigger.timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `First run: ${when} (${trigger.timezone})`;
}

const FIRST_RUN = /^First run: /;
const ZONE_NOTE = /^Time zone taken as /;

/**
 * Subordinators that open a clause saying when something happens ("when a review arrives",
 * "as soon as", "each time"): English's closed class of them, not phrases of any description.
 */
const WHEN_CLAUSE = new RegExp(
  `(?:^|(?<=[\\s,;(]))(?:whenever|when|once|as soon as|each time|every time|any ?time|${MOMENT_CUE}|after|if)\\b[^,.;!?]*`,
  'gi',
);

/** Cuts `[start, end)` spans out of a text, joining what is left with single spaces. */
function cut(text: string, spans: readonly [number, number][]): string {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of sorted) {
    if (end <= at) continue;
    out += text.slice(at, Math.max(at, start));
    at = Math.max(at, end);
  }
  return out + text.slice(at);
}

/** Puts a sentence back together after words were cut out of it. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;!?])/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(/(^|[.!?]\s+)[,;]\s*/g, '$1')
    .replace(/[,;]\s*([.!?])/g, '$1')
    .replace(/\b(and|then)\s+([.!?]|$)/gi, '$2')
    .trim();
}

/** The summary without the words that said when the agent ran. */
function withoutTrigger(summary: string, trigger: AgentTrigger): string {
  if (trigger.type === 'manual') return summary;
  const spans: [number, number][] =
    trigger.type === 'schedule'
      ? scheduleSpans(summary)
      : [...summary.matchAll(WHEN_CLAUSE)].map((m) => [m.index, m.index + m[0].length]);
  return tidy(cut(summary, spans));
}

/** The new trigger as the opening of a sentence; none for an agent started by hand. */
function opening(trigger: AgentTrigger): string {
  switch (trigger.type) {
    case 'manual':
      return '';
    case 'schedule':
      return capitalize(trigger.text);
    case 'webhook':
      return 'When its webhook is called';
    case 'event':
      return `When ${eventWords(trigger)} in ${serviceName(trigger.integration)}`;
  }
}

/**
 * The summary and notes of `spec` once its trigger is `trigger`: the old trigger's words leave
 * the summary and the new one opens it; the first-run date and the notes on how the old schedule
 * was read go, and the new schedule's first run is added.
 */
export function restateForTrigger(
  spec: Pick<AgentSpec, 'summary' | 'assumptions' | 'trigger'>,
  trigger: AgentTrigger,
  options: { prompt?: string | null; now?: Date } = {},
): { summary: string; assumptions: string[] } {
  const before = spec.trigger;
  const work = withoutTrigger(spec.summary, before);
  const lead = opening(trigger);
  const sentence = lead
    ? `${lead}, ${work ? work[0]!.toLowerCase() + work.slice(1) : 'it runs.'}`
    : capitalize(work);
  const summary = clip(/[.!?]$/.test(sentence) ? sentence : `${sentence}.`, AGENT_SUMMARY_MAX);

  const readNotes = new Set(
    before.type === 'schedule'
      ? (parseSchedule(options.prompt || spec.summary)?.assumptions ?? [])
      : [],
  );
  const keepZone =
    trigger.type === 'schedule' && before.type === 'schedule'
      ? trigger.timezone === before.timezone
      : false;
  const assumptions = spec.assumptions.filter(
    (note) => !FIRST_RUN.test(note) && !readNotes.has(note) && (keepZone || !ZONE_NOTE.test(note)),
  );
  const next = firstRun(trigger, options.now ?? new Date());
  if (next) assumptions.push(next);
  return { summary, assumptions: assumptions.slice(0, 20) };
}
