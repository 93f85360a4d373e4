import { PLAN_STEP_ID, type AgentPlan, type ConditionOp, type PlanStep } from '@spoke/shared';
import { argFields, argText, extraField, type ArgField, type ToolInfo } from './tool-fields.ts';

/**
 * The plan as the editor holds it: every value as the text of its field, and a `key` per step
 * that stays the same while its id is edited or it moves.
 */
interface DraftBase {
  key: string;
  id: string;
  note: string;
}
export interface ToolDraft extends DraftBase {
  kind: 'tool';
  tool: string;
  /** Argument texts by name, for tools whose input schema is known. */
  args: Record<string, string>;
  /** All arguments as one JSON object, for tools without a schema. */
  argsJson: string;
  onError: 'stop' | 'continue';
}
export interface ModelDraft extends DraftBase {
  kind: 'model';
  instruction: string;
  inputs: string[];
  outputType: 'text' | 'json';
  schema: string;
}
export interface AgentDraft extends DraftBase {
  kind: 'agent';
  instruction: string;
  tools: string[];
  inputs: string[];
}
export interface IfDraft extends DraftBase {
  kind: 'if';
  value: string;
  op: ConditionOp;
  compare: string;
  then: StepDraft[];
  else: StepDraft[];
}
export interface ForEachDraft extends DraftBase {
  kind: 'for_each';
  over: string;
  max: string;
  steps: StepDraft[];
}
export type StepDraft = ToolDraft | ModelDraft | AgentDraft | IfDraft | ForEachDraft;

/** Mistakes found before sending, keyed like the server's fields without `spec.plan.`. */
export type PlanErrors = Record<string, string>;

export type Tools = ReadonlyMap<string, ToolInfo>;

let lastKey = 0;
const newKey = () => `step-${++lastKey}`;

export const DEFAULT_OUTPUT_SCHEMA = `{
  "type": "object",
  "properties": {}
}`;

/** The fields a tool step shows: its schema's, then any other argument it holds. */
export function fieldsOf(draft: ToolDraft, tools: Tools): ArgField[] | null {
  const schema = tools.get(draft.tool)?.schema;
  if (!schema) return null;
  const fields = argFields(schema);
  const named = new Set(fields.map((field) => field.name));
  const extra = Object.keys(draft.args).filter((name) => !named.has(name));
  return [...fields, ...extra.map(extraField)];
}

/** The texts of a tool's argument fields, for the values given. */
export function argTexts(tool: string, args: Record<string, unknown>, tools: Tools) {
  const schema = tools.get(tool)?.schema;
  if (!schema) return {};
  const texts: Record<string, string> = {};
  for (const field of argFields(schema)) texts[field.name] = argText(field.kind, args[field.name]);
  for (const [name, value] of Object.entries(args)) {
    if (!(name in texts)) texts[name] = argText('json', value);
  }
  return texts;
}

/** A compared value as typed: text as it is, anything else (or text that reads as it) as JSON. */
export function compareText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') return JSON.stringify(value);
  try {
    JSON.parse(value);
    return JSON.stringify(value);
  } catch {
    return value;
  }
}

export function draftFromStep(step: PlanStep, tools: Tools): StepDraft {
  const base = { key: newKey(), id: step.id, note: step.note ?? '' };
  switch (step.kind) {
    case 'tool':
      return {
        ...base,
        kind: 'tool',
        tool: step.tool,
        args: argTexts(step.tool, step.args, tools),
        argsJson: JSON.stringify(step.args, null, 2),
        onError: step.on_error ?? 'stop',
      };
    case 'model':
      return {
        ...base,
        kind: 'model',
        instruction: step.instruction,
        inputs: [...step.inputs],
        outputType: step.output.type,
        schema:
          step.output.type === 'json'
            ? JSON.stringify(step.output.schema, null, 2)
            : DEFAULT_OUTPUT_SCHEMA,
      };
    case 'agent':
      return {
        ...base,
        kind: 'agent',
        instruction: step.instruction,
        tools: [...step.tools],
        inputs: [...(step.inputs ?? [])],
      };
    case 'if':
      return {
        ...base,
        kind: 'if',
        value: step.condition.value,
        op: step.condition.op,
        compare: compareText(step.condition.compare),
        then: step.then.map((each) => draftFromStep(each, tools)),
        else: (step.else ?? []).map((each) => draftFromStep(each, tools)),
      };
    case 'for_each':
      return {
        ...base,
        kind: 'for_each',
        over: step.over,
        max: String(step.max),
        steps: step.steps.map((each) => draftFromStep(each, tools)),
      };
  }
}

export function draftFromPlan(plan: AgentPlan | undefined, tools: Tools): StepDraft[] {
  return (plan?.steps ?? []).map((step) => draftFromStep(step, tools));
}

/** A new, empty step of a kind. */
export function newStep(kind: StepDraft['kind'], id: string): StepDraft {
  const base = { key: newKey(), id, note: '' };
  switch (kind) {
    case 'tool':
      return { ...base, kind, tool: '', args: {}, argsJson: '{}', onError: 'stop' };
    case 'model':
      return {
        ...base,
        kind,
        instruction: '',
        inputs: [],
        outputType: 'text',
        schema: DEFAULT_OUTPUT_SCHEMA,
      };
    case 'agent':
      return { ...base, kind, instruction: '', tools: [], inputs: [] };
    case 'if':
      return { ...base, kind, value: '', op: 'is_not_empty', compare: '', then: [], else: [] };
    case 'for_each':
      return { ...base, kind, over: '', max: '10', steps: [] };
  }
}

/** The steps nested in a step, in the order they are written. */
export function childLists(step: StepDraft): StepDraft[][] {
  if (step.kind === 'if') return [step.then, step.else];
  if (step.kind === 'for_each') return [step.steps];
  return [];
}

/** Every step, nested ones included. */
export function allSteps(steps: readonly StepDraft[]): StepDraft[] {
  return steps.flatMap((step) => [step, ...childLists(step).flatMap(allSteps)]);
}

/** An id no step has yet: `step_<n>`, n counting from the number of steps. */
export function nextStepId(steps: readonly StepDraft[]): string {
  const all = allSteps(steps);
  const used = new Set(all.map((step) => step.id));
  let n = all.length + 1;
  while (used.has(`step_${n}`)) n++;
  return `step_${n}`;
}

/**
 * The steps with every reference to step `from` made to step `to`: `{{steps.from.body}}` in
 * arguments, `steps.from` in inputs, conditions and loops.
 */
export function renameReferences(
  steps: readonly StepDraft[],
  from: string,
  to: string,
): StepDraft[] {
  if (!PLAN_STEP_ID.test(from) || !PLAN_STEP_ID.test(to)) return [...steps];
  const placeholder = new RegExp(`(\\{\\{\\s*steps\\.)${from}(?=[.\\s}])`, 'g');
  const bare = new RegExp(`^steps\\.${from}(?=\\.|$)`);
  const inText = (text: string) => text.replace(placeholder, `$1${to}`);
  const inRef = (ref: string) => ref.replace(bare, `steps.${to}`);
  const rename = (step: StepDraft): StepDraft => {
    switch (step.kind) {
      case 'tool':
        return {
          ...step,
          args: Object.fromEntries(
            Object.entries(step.args).map(([name, text]) => [name, inText(text)]),
          ),
          argsJson: inText(step.argsJson),
        };
      case 'model':
      case 'agent':
        return { ...step, inputs: step.inputs.map(inRef) };
      case 'if':
        return {
          ...step,
          value: inRef(step.value),
          then: step.then.map(rename),
          else: step.else.map(rename),
        };
      case 'for_each':
        return { ...step, over: inRef(step.over), steps: step.steps.map(rename) };
    }
  };
  return steps.map(rename);
}
