import { AgentPlanSchema, checkPlan, type AgentPlan } from '@spoke/shared';
import { childLists, type PlanErrors, type StepDraft } from './plan-draft.ts';

/**
 * What the contract finds wrong with a plan before it is sent: its shapes, ids and references.
 * Whether each tool and its arguments fit the catalog is the server's to say.
 */
export function checkDraftPlan(plan: AgentPlan, found: PlanErrors = {}): PlanErrors {
  const errors: PlanErrors = { ...found };
  if (plan.steps.length === 0) {
    errors.steps ??= 'Add at least one step, or cancel to keep the agent as it is.';
  }
  const parsed = AgentPlanSchema.safeParse(plan);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    errors[issue.path.join('.')] ??= issue.message;
  }
  for (const issue of checkPlan(plan)) errors[issue.path] ??= issue.message;
  return errors;
}

/** The server's 422 fields (`spec.plan.steps.0.args.url`) as editor keys (`steps.0.args.url`). */
export function errorsFromServer(fields: Record<string, string> | undefined): PlanErrors {
  const errors: PlanErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const local = key === 'spec.plan' ? 'steps' : key.replace(/^spec\.plan\./, '');
    errors[local] ??= message;
  }
  return errors;
}

/** A field's error: its own, or with `nested`, the first about a part of its value. */
export function errorAt(errors: PlanErrors, key: string, nested = false): string | undefined {
  if (errors[key]) return errors[key];
  if (!nested) return undefined;
  const inside = Object.keys(errors).find((each) => each.startsWith(`${key}.`));
  return inside ? errors[inside] : undefined;
}

/**
 * A field's error in words: its own after its label, or one about a part of its value after
 * that part's name (`channel is required` on a JSON field of arguments).
 */
export function messageAt(
  errors: PlanErrors,
  key: string,
  label: string,
  { nested = false, prefix = true }: { nested?: boolean; prefix?: boolean } = {},
): string | undefined {
  if (errors[key]) return fieldMessage(label, errors[key]);
  if (!nested) return undefined;
  const inside = Object.keys(errors).find((each) => each.startsWith(`${key}.`));
  if (!inside) return undefined;
  const part = inside.slice(key.length + 1);
  return fieldMessage(prefix ? `${label}.${part}` : part, errors[inside]!);
}

/** Drops the errors about a field and what is inside it: its value has changed. */
export function withoutErrors(errors: PlanErrors, key: string): PlanErrors {
  const kept = Object.entries(errors).filter(
    ([each]) => each !== key && !each.startsWith(`${key}.`),
  );
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

// Server messages name no field ("is required"): beside the field they read after its name.
const RELATIVE = /^(is|must|uses|has|needs|should)\b/;

export function fieldMessage(label: string, message: string): string {
  return RELATIVE.test(message) ? `${label} ${message}` : message;
}

const FIELD_LABELS: Record<string, string> = {
  id: 'Id',
  note: 'Note',
  tool: 'Tool',
  args: 'Arguments',
  on_error: 'If the tool fails',
  instruction: 'Instruction',
  inputs: 'Inputs',
  output: 'Output',
  tools: 'Tools',
  over: 'List',
  max: 'At most',
  then: 'Then',
  else: 'Otherwise',
  steps: 'Steps',
};

function fieldLabel(rest: string[]): string {
  const [first, second, ...more] = rest;
  if (first === undefined) return '';
  if (first === 'args' && second !== undefined) return [second, ...more].join('.');
  if (first === 'inputs' && second !== undefined) return `Input ${Number(second) + 1}`;
  if (first === 'output' && second === 'schema') return 'Output schema';
  if (first === 'condition') {
    return second === 'op' ? 'Comparison' : second === 'compare' ? 'Compare with' : 'Value';
  }
  return FIELD_LABELS[first] ?? rest.join('.');
}

const BRANCH_ORDER = ['then', 'else', 'steps'];

/**
 * Orders error keys as the plan is written: by step, then branch. Within a step the order they
 * came in is kept.
 */
export function compareKeys(a: string, b: string): number {
  const left = a.split('.');
  const right = b.split('.');
  for (let at = 0; at < Math.min(left.length, right.length); at++) {
    const [x, y] = [left[at]!, right[at]!];
    if (x === y) continue;
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
    const [i, j] = [BRANCH_ORDER.indexOf(x), BRANCH_ORDER.indexOf(y)];
    return i >= 0 && j >= 0 ? i - j : 0;
  }
  return 0;
}

/** Where an error is, in words: the step's id and the field's label. */
export function describeKey(
  key: string,
  steps: readonly StepDraft[],
): { step: string | null; field: string } {
  const parts = key.split('.');
  if (parts[0] !== 'steps') return { step: null, field: key.replace(/^spec\./, '') };
  let list: readonly StepDraft[] = steps;
  let step: StepDraft | undefined;
  let at = 1;
  for (;;) {
    const found = list[Number(parts[at])];
    if (!found) break;
    step = found;
    at += 1;
    const branch = parts[at];
    const lists = childLists(found);
    const next =
      branch === 'then' || branch === 'steps' ? lists[0] : branch === 'else' ? lists[1] : null;
    if (!next || parts[at + 1] === undefined) break;
    list = next;
    at += 1;
  }
  const rest = parts.slice(step ? at : 1);
  return { step: step ? step.id || 'without an id' : null, field: fieldLabel(rest) };
}
