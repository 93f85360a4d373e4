import {
  AgentSpecSchema,
  POLL_INTERVAL_DEFAULT_MINUTES,
  type AgentCategory,
  type AgentIntegration,
  type AgentSpec,
  type AgentTrigger,
  type AgentTriggerType,
  type EventDelivery,
} from '@spoke/shared';

/** The editable spec as the form holds it: text fields, and tools as a comma-separated line. */
export interface SpecDraft {
  name: string;
  summary: string;
  category: AgentCategory;
  instructions: string;
  triggerType: AgentTriggerType;
  cron: string;
  timezone: string;
  scheduleText: string;
  eventIntegration: string;
  event: string;
  /** How the event reaches the agent. */
  deliveryType: EventDelivery['type'];
  /** Minutes between checks, as typed. */
  pollInterval: string;
  /** The tool checked; empty: the catalog's default for the event. */
  pollTool: string;
  /** The tool's arguments, kept from the saved trigger (the form does not edit them). */
  pollArguments?: Record<string, unknown>;
  integrations: AgentIntegration[];
  steps: { text: string; tools: string[] }[];
  guardrails: string[];
}

/** Form errors by field path, as the server names them without the `spec.` prefix. */
export type SpecErrors = Record<string, string>;

export const DEFAULT_CRON = '0 9 * * 1-5';

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function draftFromSpec(spec: AgentSpec): SpecDraft {
  const { trigger } = spec;
  const delivery = trigger.type === 'event' ? trigger.delivery : undefined;
  const poll = delivery?.type === 'poll' ? delivery : undefined;
  return {
    name: spec.name,
    summary: spec.summary,
    category: spec.category,
    instructions: spec.instructions,
    triggerType: trigger.type,
    cron: trigger.type === 'schedule' ? trigger.cron : '',
    timezone: trigger.type === 'schedule' ? trigger.timezone : browserTimeZone(),
    scheduleText: trigger.type === 'schedule' ? trigger.text : '',
    eventIntegration: trigger.type === 'event' ? trigger.integration : '',
    event: trigger.type === 'event' ? trigger.event : '',
    deliveryType: delivery?.type ?? 'webhook',
    pollInterval: String(poll?.interval_minutes ?? POLL_INTERVAL_DEFAULT_MINUTES),
    pollTool: poll?.tool ?? '',
    ...(poll?.arguments ? { pollArguments: poll.arguments } : {}),
    integrations: spec.integrations.map((each) => ({ ...each, config: [...each.config] })),
    steps: spec.steps.map((step) => ({ text: step.text, tools: [...step.tools] })),
    guardrails: [...spec.guardrails],
  };
}

function triggerFromDraft(draft: SpecDraft): AgentTrigger {
  switch (draft.triggerType) {
    case 'manual':
    case 'webhook':
      return { type: draft.triggerType };
    case 'schedule':
      return {
        type: 'schedule',
        cron: draft.cron.trim(),
        timezone: draft.timezone,
        text: draft.scheduleText.trim(),
      };
    case 'event':
      return {
        type: 'event',
        integration: draft.eventIntegration,
        event: draft.event,
        delivery: deliveryFromDraft(draft),
      };
  }
}

function deliveryFromDraft(draft: SpecDraft): EventDelivery {
  if (draft.deliveryType === 'webhook') return { type: 'webhook' };
  const typed = draft.pollInterval.trim();
  const tool = draft.pollTool.trim();
  return {
    type: 'poll',
    // Blank is no number, rather than 0: the schema then says what is expected.
    interval_minutes: typed === '' ? Number.NaN : Number(typed),
    ...(tool ? { tool } : {}),
    ...(draft.pollArguments ? { arguments: draft.pollArguments } : {}),
  };
}

/** The spec fields the form edits, ready for `PATCH /api/agents/{id}`. */
export function specPatch(draft: SpecDraft): Omit<AgentSpec, 'assumptions' | 'unresolved'> {
  return {
    name: draft.name.trim(),
    summary: draft.summary.trim(),
    category: draft.category,
    instructions: draft.instructions.trim(),
    trigger: triggerFromDraft(draft),
    integrations: draft.integrations.map((each) => ({ ...each, why: each.why.trim() })),
    steps: draft.steps.map((step) => ({
      text: step.text.trim(),
      tools: [...step.tools],
    })),
    guardrails: draft.guardrails.map((rule) => rule.trim()).filter(Boolean),
  };
}

/** Checks the draft with the contract's schema; errors keyed like the server's. */
export function validateDraft(draft: SpecDraft, spec: AgentSpec): SpecErrors {
  const parsed = AgentSpecSchema.safeParse({ ...spec, ...specPatch(draft) });
  const errors: SpecErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The server's 422 fields (`spec.trigger.cron`) as form keys (`trigger.cron`). */
export function errorsFromFields(fields: Record<string, string> | undefined): SpecErrors {
  const errors: SpecErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    errors[key.replace(/^spec\./, '')] = message;
  }
  return errors;
}

/** Whether the draft says something other than the saved spec. */
export function isDirty(draft: SpecDraft, spec: AgentSpec): boolean {
  const saved = specPatch(draftFromSpec(spec));
  return JSON.stringify(specPatch(draft)) !== JSON.stringify(saved);
}
