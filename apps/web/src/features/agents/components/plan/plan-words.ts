import {
  UNARY_CONDITION_OPS,
  comparisonInWords,
  valueInWords,
  type ConditionOp,
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

export function isUnary(op: ConditionOp): boolean {
  return UNARY_CONDITION_OPS.includes(op);
}

export { comparisonInWords, valueInWords };
