import type { AgentSpec, AgentTrigger } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import { chooseCategory } from './category.ts';
import { isValidTimeZone, nextRuns } from './cron.ts';
import { dropDraftPurposes, findMentions, mentionedIds, type Mention } from './integrations.ts';
import { makeName } from './naming.ts';
import { guardrails, questions } from './notes.ts';
import { planSteps } from './plan.ts';
import { clip, normalize, tokenize } from './text.ts';
import { timeZoneInText } from './timezone.ts';
import { readTrigger, type TriggerReading } from './trigger.ts';
import type { CompileInput, CompilePhase } from './types.ts';
import { makeInstructions, makeSummary, whyFor } from './writing.ts';

export type CompileOptions = { onPhase?: (phase: CompilePhase) => void };

function resolveTimeZone(
  prompt: string,
  input: CompileInput,
): { zone: string; note: string | null } {
  const written = timeZoneInText(prompt);
  if (written) return { zone: written, note: null };
  const given = input.timezone?.trim();
  if (given && isValidTimeZone(given)) {
    return { zone: given, note: `Time zone taken as ${given} from your settings` };
  }
  if (given)
    return {
      zone: 'UTC',
      note: `Unknown time zone "${clip(given, 64)}": the schedule runs in UTC`,
    };
  return { zone: 'UTC', note: 'No time zone given: the schedule runs in UTC' };
}

function buildTrigger(reading: TriggerReading, zone: string): AgentTrigger {
  if (reading.type === 'schedule' && reading.schedule) {
    return {
      type: 'schedule',
      cron: reading.schedule.cron,
      timezone: zone,
      text: reading.schedule.text,
    };
  }
  if (reading.type === 'event' && reading.event) {
    return { type: 'event', integration: reading.event.integration, event: reading.event.event };
  }
  return { type: reading.type === 'webhook' ? 'webhook' : 'manual' };
}

function firstRun(trigger: AgentTrigger, now: Date): string | null {
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

function assumptionsFor(
  text: string,
  mentions: readonly Mention[],
  reading: TriggerReading,
  trigger: AgentTrigger,
  zoneNote: string | null,
  now: Date,
): string[] {
  const notes = [
    ...reading.assumptions,
    ...(trigger.type === 'schedule' && zoneNote ? [zoneNote] : []),
    ...mentions.flatMap((m) => (m.assumption ? [m.assumption] : [])),
  ];
  const ids = new Set(mentions.map((m) => m.id));
  if (ids.has('email') && /\bme\b/i.test(text))
    notes.push('"Me" means the e-mail address of your account');
  if (trigger.type === 'schedule' && /\bnew\b/i.test(text)) {
    notes.push('"New" means added since the previous run');
  }
  const run = firstRun(trigger, now);
  if (run) notes.push(run);
  return [...new Set(notes)].map((note) => clip(note, 300)).slice(0, 20);
}

/**
 * Compiles a plain-language description into an agent spec without a model: deterministic,
 * offline and fast. The result always passes `validateSpec`.
 */
export function compileEmbedded(input: CompileInput, options: CompileOptions = {}): AgentSpec {
  const now = input.now ?? new Date();
  options.onPhase?.('understanding');
  const text = normalize(input.prompt);
  const tokens = tokenize(text);
  const mentions = dropDraftPurposes(text, findMentions(text, tokens));
  const reading = readTrigger(text, tokens, mentions);
  const { zone, note } = resolveTimeZone(input.prompt, input);
  const trigger = buildTrigger(reading, zone);

  options.onPhase?.('integrations');
  const ids = mentionedIds(mentions);
  if (trigger.type === 'event' && !ids.includes(trigger.integration))
    ids.unshift(trigger.integration);
  const chosen = ids.filter((id) => integrationById(id)).slice(0, 20);

  options.onPhase?.('planning');
  const steps = planSteps(text, tokens, mentions, reading).map((step) => ({
    ...step,
    tools: step.tools.filter((tool) => chosen.includes(tool.split('.')[0]!)),
  }));
  const integrations = chosen.map((id) => ({
    id,
    why: whyFor(id, steps, trigger),
    config: integrationById(id)!
      .env.filter((env) => env.required)
      .map((env) => env.name),
  }));
  const context = { text, ids: new Set(chosen), steps, trigger: trigger.type };
  const rules = guardrails(context).map((rule) => clip(rule, 300));
  const unresolved = questions(context);
  const assumptions = assumptionsFor(text, mentions, reading, trigger, note, now);
  const name = makeName(text, steps, reading, chosen);
  return {
    name,
    summary: makeSummary(trigger, steps, reading.event?.clause ?? null),
    category: chooseCategory(text, chosen),
    instructions: makeInstructions({
      name,
      prompt: input.prompt,
      trigger,
      steps,
      integrations,
      guardrails: rules,
      assumptions,
      unresolved,
    }),
    trigger,
    integrations,
    steps: steps.map((step) => ({ text: step.text, tools: step.tools })),
    guardrails: rules,
    assumptions,
    unresolved,
  };
}
