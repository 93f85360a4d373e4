import { planSteps, type AgentSpec, type AgentTrigger, type PlanStep } from '@spoke/shared';
import { integrationById } from '@spoke/agents';

const KIND_WORDS: Readonly<Record<PlanStep['kind'], string>> = {
  tool: 'tool',
  model: 'language model',
  agent: 'agent',
  if: 'decision',
  for_each: 'repeat',
};

function triggerWords(trigger: AgentTrigger): string {
  switch (trigger.type) {
    case 'manual':
      return 'when you run it';
    case 'schedule':
      return `${trigger.text} (${trigger.timezone})`;
    case 'webhook':
      return 'when its webhook is called';
    case 'event': {
      const name = integrationById(trigger.integration)?.name ?? trigger.integration;
      const how = trigger.delivery?.type === 'poll' ? ', checked by polling' : '';
      return `on ${name} ${trigger.event}${how}`;
    }
  }
}

const nameOf = (id: string) => integrationById(id)?.name ?? id;
const quoted = (text: string) => `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;

/** A plan step in a line: its kind and what it does. */
function stepWords(step: PlanStep): string {
  const what =
    step.kind === 'tool'
      ? step.tool
      : step.kind === 'model' || step.kind === 'agent'
        ? quoted(step.instruction)
        : step.kind === 'if'
          ? `${step.condition.value} ${step.condition.op.replace(/_/g, ' ')}`
          : `each of ${step.over}`;
  return `"${step.id}" (${KIND_WORDS[step.kind]}: ${what})`;
}

/** The plan's steps by id, nested ones included, each as JSON without its nested steps. */
function flatPlan(spec: AgentSpec): Map<string, { step: PlanStep; json: string }> {
  const steps = new Map<string, { step: PlanStep; json: string }>();
  for (const { step } of planSteps(spec.plan?.steps ?? [])) {
    const own =
      step.kind === 'if'
        ? { ...step, then: [], else: [] }
        : step.kind === 'for_each'
          ? { ...step, steps: [] }
          : step;
    steps.set(step.id, { step, json: JSON.stringify(own) });
  }
  return steps;
}

/**
 * What replacing `before` with `after` changes, a line each, in the words the agent page uses:
 * the trigger, the integrations, the plan's steps (added, removed, changed), the name, the
 * instructions, the guardrails and the open questions.
 */
export function specChanges(before: AgentSpec, after: AgentSpec): string[] {
  const changes: string[] = [];
  if (JSON.stringify(before.trigger) !== JSON.stringify(after.trigger)) {
    changes.push(`Runs ${triggerWords(after.trigger)} instead of ${triggerWords(before.trigger)}`);
  }
  if (before.name !== after.name)
    changes.push(`Name: ${quoted(after.name)} (was ${quoted(before.name)})`);
  const had = new Set(before.integrations.map((i) => i.id));
  const has = new Set(after.integrations.map((i) => i.id));
  const added = [...has].filter((id) => !had.has(id));
  const removed = [...had].filter((id) => !has.has(id));
  if (added.length) changes.push(`Integrations added: ${added.map(nameOf).join(', ')}`);
  if (removed.length) changes.push(`Integrations removed: ${removed.map(nameOf).join(', ')}`);
  const old = flatPlan(before);
  const now = flatPlan(after);
  for (const [id, { step, json }] of now) {
    const was = old.get(id);
    if (!was) changes.push(`Plan step added: ${stepWords(step)}`);
    else if (was.json !== json) changes.push(`Plan step changed: ${stepWords(step)}`);
  }
  for (const [id, { step }] of old) {
    if (!now.has(id)) changes.push(`Plan step removed: ${stepWords(step)}`);
  }
  const order = (plan: Map<string, unknown>) =>
    [...plan.keys()].filter((id) => old.has(id) && now.has(id));
  if (order(old).join() !== order(now).join()) changes.push('Plan steps reordered');
  if (before.instructions !== after.instructions) changes.push('Instructions rewritten');
  const rules = (spec: AgentSpec) => spec.guardrails.join('\n');
  if (rules(before) !== rules(after)) changes.push('Guardrails changed');
  const asked = new Set(before.unresolved);
  for (const question of after.unresolved) {
    if (!asked.has(question)) changes.push(`New open question: ${question}`);
  }
  return changes;
}
