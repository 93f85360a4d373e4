import {
  POLL_INTERVAL_DEFAULT_MINUTES,
  type AgentSpec,
  type AgentTrigger,
  type EventDelivery,
  type UnavailableService,
} from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import { chooseCategory } from './category.ts';
import { isValidTimeZone } from '@spoke/shared/schedule';
import { firstRun } from './restate.ts';
import { findMentions, mentionedIds, namedAsNotUsed, type Mention } from './integrations.ts';
import { makeName } from './naming.ts';
import { analyse } from './nlp.ts';
import { guardrails, questions } from './notes.ts';
import { planSteps } from './plan.ts';
import {
  findUnknownServices,
  thingOnProduct,
  isRunnable,
  joinNames,
  spanOf,
  type ServiceSpan,
} from './services.ts';
import { clip, normalize, serviceKey, tokenize } from './text.ts';
import { timeZoneInText } from './timezone.ts';
import { readTrigger, type TriggerReading } from './trigger.ts';
import type { CompileInput, CompilePhase } from './types.ts';
import { withPlan } from './typed-plan.ts';
import { makeInstructions, makeSummary, unavailableHelp, whyFor } from './writing.ts';

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
    const { integration, event } = reading.event;
    return { type: 'event', integration, event, delivery: deliveryFor(integration, event) };
  }
  return { type: reading.type === 'webhook' ? 'webhook' : 'manual' };
}

/**
 * How the event reaches the agent: by the service's webhook where the catalog says it sends this
 * event (and for services Spoke cannot run, whose only way in is a webhook), otherwise by polling
 * the integration's tools every POLL_INTERVAL_DEFAULT_MINUTES.
 */
export function deliveryFor(id: string, eventId: string): EventDelivery {
  const integration = integrationById(id);
  if (!integration || !isRunnable(integration)) return { type: 'webhook' };
  const event = integration.events.find((e) => e.id === eventId);
  if (event && event.webhook !== false) return { type: 'webhook' };
  return {
    type: 'poll',
    interval_minutes: POLL_INTERVAL_DEFAULT_MINUTES,
    ...(event?.poll ? { tool: event.poll.tool } : {}),
  };
}

/** Services named that Spoke cannot run: known without a server, or unknown to the catalog. */
function unavailableServices(
  services: readonly ServiceSpan[],
  trigger: AgentTrigger,
): UnavailableService[] {
  const list: UnavailableService[] = [];
  const seen = new Set<string>();
  // Keyed by the service, so that "Judge.me" and "judge-me" are one entry; `id` only for
  // services the catalog knows.
  const add = (id: string | undefined, name: string) => {
    const key = id ?? serviceKey(name);
    if (seen.has(key)) return;
    seen.add(key);
    list.push({ name: clip(name, 80), ...(id ? { id } : {}), help: unavailableHelp(name) });
  };
  for (const service of services) {
    const integration = integrationById(service.id);
    if (integration && isRunnable(integration)) continue;
    if (integration) add(integration.id, integration.name);
    else add(undefined, service.name);
  }
  if (trigger.type === 'event') {
    // The trigger's service, however it was read (a catalog phrase of a service written as an
    // everyday word: "Zoom cloud recording ready"), is listed when Spoke cannot run it.
    const integration = integrationById(trigger.integration);
    if (!integration) {
      const named = services.find((s) => s.id === trigger.integration);
      add(undefined, named?.name ?? trigger.integration);
    } else if (!isRunnable(integration)) add(integration.id, integration.name);
  }
  return list.slice(0, 20);
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

/** What stands between a way of sending and the product that sends: " the patient back from ". */
const SENT_BY =
  /^[^.;!?\n]{0,40}\b(?:via|through|thru|using|from|with)\s+(?:our\s+|my\s+|the\s+)?$/i;

/** Words between a kind of thing and the product that holds it: "PRs in our forgejo". */
const KEPT_ELSEWHERE =
  /^\s*(?:(?!and\b|then\b|or\b)[\w-]+\s+)?(?:in|on|from|at)\s+(?:our|my|the|their)?\s*(?:self-?hosted\s+)?$/i;

/**
 * Whether the mention is written as its product's own name ("Twilio"), or a slip of it
 * ("Mailchip"), not a word for it ("SMS").
 */
const calledByName = (text: string, m: Mention) => {
  const integration = integrationById(m.id);
  const written = text.slice(m.start, m.end).toLowerCase();
  return (
    m.via === 'name' &&
    !!integration &&
    (m.fuzzy === true ||
      [integration.id, integration.name, ...integration.aliases].some(
        (name) => name.toLowerCase() === written,
      ))
  );
};

/**
 * Compiles a plain-language description into an agent spec without a model: deterministic,
 * offline and fast. The result always passes `validateSpec`.
 */
export function compileEmbedded(input: CompileInput, options: CompileOptions = {}): AgentSpec {
  const now = input.now ?? new Date();
  options.onPhase?.('understanding');
  const text = normalize(input.prompt);
  const tokens = tokenize(text);
  const words = analyse(text);
  // ("reviews on Google Maps": the thing and the name are another product's name.)
  const catalogued = findMentions(text, tokens, words).map((m) => {
    const product = m.via === 'name' ? thingOnProduct(text, words, m) : undefined;
    return product ? { ...m, id: product.id } : m;
  });
  const { found, unknown } = joinNames(
    text,
    catalogued,
    findUnknownServices(text, words, catalogued),
  );
  // A name the catalog's matching passed over but resolves to one of its runnable products
  // ("google calender"): a mention like any other.
  const mentions = [
    ...found,
    ...unknown
      .filter((s) => {
        const integration = integrationById(s.id);
        return !!integration && isRunnable(integration) && integration.provider.kind !== 'builtin';
      })
      .map((s): Mention => ({ id: s.id, start: s.start, end: s.end, via: 'name', fuzzy: true })),
  ].sort((a, b) => a.start - b.start);
  const named: ServiceSpan[] = mentions
    .filter((m) => m.via === 'name' && integrationById(m.id)?.provider.kind !== 'builtin')
    .map(spanOf);
  const services = [
    ...named,
    ...unknown.filter((s) => !named.some((n) => n.start === s.start)),
  ].sort((a, b) => a.start - b.start);
  const reading = readTrigger(text, tokens, mentions, words, services);
  const { zone, note } = resolveTimeZone(input.prompt, input);
  const trigger = buildTrigger(reading, zone);

  options.onPhase?.('integrations');
  // What the event's clause implies belongs to the service the event comes from: "we self-host
  // Forgejo. When someone opens a pull request there" implies no GitHub.
  const told = reading.event
    ? { from: reading.event.index, to: reading.event.index + reading.event.clause.length }
    : null;
  const impliedByEvent = (m: Mention) =>
    !!told &&
    trigger.type === 'event' &&
    m.via === 'intent' &&
    m.id !== trigger.integration &&
    m.start >= told.from &&
    m.end <= told.to &&
    integrationById(m.id)?.provider.kind !== 'builtin';
  // A product the catalog cannot run named after the mention, with `between` the words between
  // them: the product the description means instead of the one the mention stands for.
  const followedByUnrunnable = (m: Mention, between: RegExp) =>
    services.some(
      (s) =>
        (!s.known || integrationById(s.id)?.provider.kind === 'none') &&
        s.start >= m.end &&
        between.test(text.slice(m.end, s.start)),
    );
  // "our helpdesk (Kayako)": the kind of tool is the one named beside it, not the catalog's.
  const namedBeside = (m: Mention) => followedByUnrunnable(m, /^\s*\(\s*$/);
  // "send each patient a reminder SMS via ClickSend", "text them back from Weave": a way of
  // reaching people the words imply gives way to the product named as what sends it.
  // (Not e-mail: "send the letter through DocuSign" still e-mails it.)
  const sentBy = (m: Mention) =>
    m.id !== 'email' &&
    !calledByName(text, m) &&
    integrationById(m.id)?.category === 'Communication' &&
    followedByUnrunnable(m, SENT_BY);
  // "the open PRs in our forgejo", "#alerts in Rocket.Chat": the product a kind of thing is taken
  // for gives way to one the catalog cannot run, named right after as where the things are.
  const keptElsewhere = (m: Mention) =>
    m.via === 'intent' &&
    integrationById(m.id)?.provider.kind !== 'builtin' &&
    followedByUnrunnable(m, KEPT_ELSEWHERE);
  // "(they're in Outlook, not Google Calendar)": a product named to say it is not the one.
  const notUsed = (span: { start: number }) => {
    const at = tokens.findIndex((token) => token.start === span.start);
    return at !== -1 && namedAsNotUsed(tokens, at);
  };
  // (Once named as not used, a product is not used where it is named again: "NOT slack, nobody
  // reads slack here".)
  const refused = new Set(mentions.filter(notUsed).map((m) => m.id));
  const kept = mentions.filter(
    (m) =>
      !impliedByEvent(m) &&
      !namedBeside(m) &&
      !sentBy(m) &&
      !keptElsewhere(m) &&
      !refused.has(m.id),
  );
  const ids = mentionedIds(kept);
  if (trigger.type === 'event' && !ids.includes(trigger.integration))
    ids.unshift(trigger.integration);
  // A webhook the agent is called by is its trigger, not a webhook it posts to: that needs an
  // address of its own ("send it on to https://...").
  const callsOut = (id: string) =>
    id !== 'webhook' || trigger.type !== 'webhook' || /https?:\/\//i.test(text);
  const chosen = ids
    .filter((id) => {
      const integration = integrationById(id);
      return integration && isRunnable(integration) && callsOut(id);
    })
    .slice(0, 20);
  const unavailable = unavailableServices(
    services.filter((s) => !notUsed(s)),
    trigger,
  );

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
  // (Only what was kept: no "pull requests taken as GitHub's" beside a self-hosted Forgejo.)
  const assumptions = assumptionsFor(text, kept, reading, trigger, note, now);
  const name = makeName(
    text,
    steps,
    reading,
    chosen,
    new Map(services.map((service) => [service.id, service.name])),
  );
  const spec: AgentSpec = {
    name,
    summary: makeSummary(input.prompt, trigger),
    category: chooseCategory({
      description: text,
      integrations: [...chosen, ...unavailable.flatMap((u) => (u.id ? [u.id] : []))],
      trigger: trigger.type,
      ...(trigger.type === 'event' ? { source: trigger.integration, event: trigger.event } : {}),
    }),
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
    ...(unavailable.length ? { unavailable } : {}),
  };
  return withPlan(
    spec,
    steps.map((step) => step.kind),
    input.prompt,
  );
}
