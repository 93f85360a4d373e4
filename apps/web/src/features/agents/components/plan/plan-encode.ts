import type { AgentPlan, PlanStep } from '@spoke/shared';
import {
  argTexts,
  fieldsOf,
  type PlanErrors,
  type StepDraft,
  type ToolDraft,
  type Tools,
} from './plan-draft.ts';
import { isUnary } from './plan-words.ts';
import { argFields, encodeArg, jsonProblem } from './tool-fields.ts';

/**
 * A compared value as typed: JSON where it reads as JSON (500, true, ["a", "b"], "500"), text
 * otherwise.
 */
function compareValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return trimmed;
  }
}

/** The step with new arguments for another tool; arguments of the same name are kept. */
export function withTool(draft: ToolDraft, tool: string, tools: Tools): ToolDraft {
  const before = encodeArgs(draft, tools).args;
  const schema = tools.get(tool)?.schema;
  const named = schema ? new Set(argFields(schema).map((field) => field.name)) : null;
  const kept = Object.fromEntries(
    Object.entries(before).filter(([name]) => named === null || named.has(name)),
  );
  return {
    ...draft,
    tool,
    args: argTexts(tool, kept, tools),
    argsJson: JSON.stringify(kept, null, 2),
  };
}

function encodeArgs(draft: ToolDraft, tools: Tools, at = '', errors: PlanErrors = {}) {
  const fields = fieldsOf(draft, tools);
  if (!fields) {
    const problem = jsonProblem(draft.argsJson);
    const parsed: unknown =
      problem || draft.argsJson.trim() === '' ? {} : JSON.parse(draft.argsJson);
    if (problem) errors[`${at}args`] = problem;
    else if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      errors[`${at}args`] = 'Arguments must be a JSON object, e.g. {"url": "https://…"}';
    }
    return { args: problem ? {} : (parsed as Record<string, unknown>), errors };
  }
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const encoded = encodeArg(field, draft.args[field.name] ?? '');
    if ('error' in encoded) errors[`${at}args.${field.name}`] = encoded.error;
    else if ('value' in encoded) args[field.name] = encoded.value;
  }
  return { args, errors };
}

function encodeStep(draft: StepDraft, at: string, tools: Tools, errors: PlanErrors): PlanStep {
  const base = { id: draft.id.trim(), ...(draft.note.trim() ? { note: draft.note.trim() } : {}) };
  const list = (steps: StepDraft[], path: string) =>
    steps.map((step, index) => encodeStep(step, `${path}.${index}`, tools, errors));
  switch (draft.kind) {
    case 'tool':
      return {
        ...base,
        kind: 'tool',
        tool: draft.tool,
        args: encodeArgs(draft, tools, `${at}.`, errors).args,
        ...(draft.onError === 'continue' ? { on_error: 'continue' as const } : {}),
      };
    case 'model': {
      let schema: Record<string, unknown> = {};
      if (draft.outputType === 'json') {
        const problem = jsonProblem(draft.schema) ?? (draft.schema.trim() ? null : 'is required');
        if (problem) errors[`${at}.output.schema`] = problem;
        else schema = JSON.parse(draft.schema) as Record<string, unknown>;
      }
      return {
        ...base,
        kind: 'model',
        instruction: draft.instruction.trim(),
        inputs: draft.inputs.map((input) => input.trim()),
        output: draft.outputType === 'json' ? { type: 'json', schema } : { type: 'text' },
      };
    }
    case 'agent':
      return {
        ...base,
        kind: 'agent',
        instruction: draft.instruction.trim(),
        tools: draft.tools,
        ...(draft.inputs.length ? { inputs: draft.inputs.map((input) => input.trim()) } : {}),
      };
    case 'if': {
      const compare = compareValue(draft.compare);
      const unary = isUnary(draft.op);
      return {
        ...base,
        kind: 'if',
        condition: {
          value: draft.value.trim(),
          op: draft.op,
          ...(unary || compare === undefined ? {} : { compare }),
        },
        then: list(draft.then, `${at}.then`),
        ...(draft.else.length ? { else: list(draft.else, `${at}.else`) } : {}),
      };
    }
    case 'for_each':
      return {
        ...base,
        kind: 'for_each',
        over: draft.over.trim(),
        // Blank is no number, rather than 0: the schema then says what is expected.
        max: draft.max.trim() === '' ? Number.NaN : Number(draft.max),
        steps: list(draft.steps, `${at}.steps`),
      };
  }
}

/** The plan the draft describes, and what keeps its fields from being values. */
export function planFromDraft(
  steps: readonly StepDraft[],
  tools: Tools,
): { plan: AgentPlan; errors: PlanErrors } {
  const errors: PlanErrors = {};
  const plan = {
    steps: steps.map((step, index) => encodeStep(step, `steps.${index}`, tools, errors)),
  };
  return { plan, errors };
}

/** The plan a draft describes, as text to compare: two drafts that say the same match. */
export function planText(steps: readonly StepDraft[], tools: Tools): string {
  return JSON.stringify(planFromDraft(steps, tools).plan);
}
