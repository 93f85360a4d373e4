import { INSTRUCTIONS_MAX, type AgentIntegration, type AgentTrigger } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import type { PlannedStep } from './plan.ts';
import { capitalize, clip, listing } from './text.ts';

// The words of the spec: a one-sentence summary, why each integration is there, and the agent's
// system prompt, all written from the description and the plan.

const lowerFirst = (text: string) => (text ? text[0]!.toLowerCase() + text.slice(1) : text);

/** Steps the agent does, as opposed to reading what started it. */
const workSteps = (steps: readonly PlannedStep[]) =>
  steps.filter(
    (step) => !step.text.endsWith('that started the run') && !/started the run \(/.test(step.text),
  );

function triggerLead(trigger: AgentTrigger, eventClause: string | null): string {
  switch (trigger.type) {
    case 'schedule':
      return capitalize(trigger.text);
    case 'event': {
      if (eventClause && eventClause.length <= 90)
        return capitalize(eventClause.replace(/[,;:.]+$/, ''));
      const integration = integrationById(trigger.integration);
      const event = integration?.events.find((e) => e.id === trigger.event);
      return `On each ${event?.name.toLowerCase() ?? trigger.event} event in ${integration?.name ?? trigger.integration}`;
    }
    case 'webhook':
      return 'When its webhook is called';
    case 'manual':
      return 'When started';
  }
}

export function makeSummary(
  trigger: AgentTrigger,
  steps: readonly PlannedStep[],
  eventClause: string | null,
): string {
  const lead = triggerLead(trigger, eventClause);
  const actions: string[] = [];
  for (const step of workSteps(steps)) {
    const next = [...actions, lowerFirst(step.text)];
    if (`${lead}, ${listing(next)}.`.length > 290 && actions.length) break;
    actions.push(lowerFirst(step.text));
  }
  return clip(`${lead}, ${listing(actions)}.`, 300);
}

export function whyFor(id: string, steps: readonly PlannedStep[], trigger: AgentTrigger): string {
  const uses = steps.filter((step) => step.ids.includes(id));
  const parts: string[] = [];
  if (trigger.type === 'event' && trigger.integration === id) {
    const event = integrationById(id)?.events.find((e) => e.id === trigger.event);
    parts.push(`starts a run on each ${event?.name.toLowerCase() ?? trigger.event} event`);
  }
  const use = uses.find((step) => !step.text.includes('that started the run'));
  if (use) parts.push(lowerFirst(use.text));
  if (!parts.length)
    parts.push(lowerFirst(integrationById(id)?.description.replace(/\.$/, '') ?? id));
  return clip(parts.join('; '), 300);
}

function whenSentence(trigger: AgentTrigger): string {
  switch (trigger.type) {
    case 'schedule':
      return `You run ${trigger.text} (time zone ${trigger.timezone}).`;
    case 'event': {
      const integration = integrationById(trigger.integration);
      const event = integration?.events.find((e) => e.id === trigger.event);
      return `You run each time this happens in ${integration?.name ?? trigger.integration}: ${event?.name ?? trigger.event}. The event's data is your input.`;
    }
    case 'webhook':
      return 'You run when your webhook URL is called. The request body is your input.';
    case 'manual':
      return 'You run when your owner starts a run, sometimes with an input that narrows the task.';
  }
}

function outputSentence(ids: ReadonlySet<string>, steps: readonly PlannedStep[]): string {
  const delivers = steps.some((step) => step.kind === 'deliver');
  if (delivers && ['slack', 'microsoft-teams', 'discord', 'lark'].some((id) => ids.has(id))) {
    return 'Post one concise message: lead with what matters most, use short bullet points and link to the items you mention.';
  }
  if (ids.has('email') || ids.has('gmail') || ids.has('resend')) {
    return 'Send one e-mail with a clear subject line and a short, scannable body.';
  }
  if (['linkedin', 'x', 'wordpress'].some((id) => ids.has(id))) {
    return "Write in a clear, friendly voice and keep each post within the platform's length limits.";
  }
  if (steps.some((step) => step.kind === 'store')) {
    return 'Change only the records the plan names, and list each record you created or updated.';
  }
  return 'Answer with a short, well-structured result.';
}

export type InstructionParts = {
  name: string;
  prompt: string;
  trigger: AgentTrigger;
  steps: readonly PlannedStep[];
  integrations: readonly AgentIntegration[];
  guardrails: readonly string[];
  assumptions: readonly string[];
  unresolved: readonly string[];
};

/** The agent's system prompt. */
export function makeInstructions(p: InstructionParts): string {
  const ids = new Set(p.integrations.map((i) => i.id));
  const plan = p.steps.map((step, n) => {
    const tools = step.tools.length ? ` (tools: ${step.tools.join(', ')})` : '';
    return `${n + 1}. ${step.text}${tools}`;
  });
  const tools = p.integrations.map(
    (i) => `- ${integrationById(i.id)?.name ?? i.id} (${i.id}): ${i.why}`,
  );
  const lines = [
    `You are "${p.name}", an automation agent. ${whenSentence(p.trigger)}`,
    '',
    'Your owner described the job like this:',
    `"${p.prompt.trim()}"`,
    '',
    'Plan:',
    ...plan,
    '',
    ...(tools.length ? ['Integrations:', ...tools, ''] : []),
    `Output: ${outputSentence(ids, p.steps)} End every run with a short note of what you did.`,
    '',
    'Rules:',
    ...p.guardrails.map((rule) => `- ${rule}`),
    ...(p.assumptions.length
      ? ['', 'Assumptions to respect:', ...p.assumptions.map((a) => `- ${a}`)]
      : []),
    '',
    p.unresolved.length
      ? `Open questions (${p.unresolved.join(' ')}): if the answer is not in your input or configuration, stop and say what is missing instead of guessing.`
      : 'If something you need is missing, stop and say what is missing instead of guessing.',
  ];
  return clip(lines.join('\n'), INSTRUCTIONS_MAX);
}
