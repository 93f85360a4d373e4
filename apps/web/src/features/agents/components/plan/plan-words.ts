import {
  UNARY_CONDITION_OPS,
  type ConditionOp,
  type PlanCondition,
  type PlanStep,
} from '@spoke/shared';

export type StepKind = PlanStep['kind'];

export const KIND_LABELS: Record<StepKind, string> = {
  tool: 'Tool',
  model: 'Language model',
  agent: 'Agent',
  if: 'Decision',
  for_each: 'Repeat',
};

/** What each kind of step does, for the buttons that add one. */
export const KIND_HINTS: Record<StepKind, string> = {
  tool: 'Calls one tool with fixed arguments',
  model: 'Asks the language model for one piece of writing or sorting',
  agent: 'Hands a task to the language model, which picks tools itself',
  if: 'Runs some steps only when a condition holds',
  for_each: 'Runs some steps once for each element of a list',
};

/** The order the add buttons offer the kinds in. */
export const STEP_KINDS: readonly StepKind[] = ['tool', 'model', 'if', 'for_each', 'agent'];

/** Model and agent steps ask the language model; the rest run without one. */
export function needsModel(kind: StepKind): boolean {
  return kind === 'model' || kind === 'agent';
}

export const OP_WORDS: Record<ConditionOp, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  greater_than: 'is greater than',
  at_least: 'is at least',
  less_than: 'is less than',
  at_most: 'is at most',
  contains: 'contains',
  not_contains: 'does not contain',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  is_true: 'is true',
  is_false: 'is false',
};

export function isUnary(op: ConditionOp): boolean {
  return UNARY_CONDITION_OPS.includes(op);
}

/** A compared value as people read it: text in quotes, numbers and lists as written. */
export function valueInWords(value: unknown): string {
  if (typeof value === 'string') return `“${value}”`;
  if (Array.isArray(value)) return value.map(valueInWords).join(', ');
  return JSON.stringify(value) ?? String(value);
}

/** The words after the tested value: "is at least 500", "is one of “a”, “b”". */
export function comparisonInWords(condition: PlanCondition): string {
  const { op, compare } = condition;
  if (isUnary(op)) return OP_WORDS[op];
  if (op === 'equals' && Array.isArray(compare)) return `is one of ${valueInWords(compare)}`;
  if (op === 'not_equals' && Array.isArray(compare)) return `is none of ${valueInWords(compare)}`;
  return `${OP_WORDS[op]} ${compare === undefined ? '…' : valueInWords(compare)}`;
}
