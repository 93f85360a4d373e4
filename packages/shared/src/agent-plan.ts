import * as z from 'zod/mini';

/**
 * An agent's plan: typed steps the executor runs in order. Tool steps call a catalog tool
 * directly, model steps ask the language model for one piece of language work, `if` and
 * `for_each` steps decide and repeat, and an `agent` step hands a task that cannot be planned to
 * the open-ended model loop with tools. Only model and agent steps need a language model.
 *
 * Values flow between steps by reference. Inside a tool step's arguments, a string may hold
 * `{{ref}}` placeholders: a string that is exactly one placeholder becomes the referenced value
 * itself (an object stays an object), otherwise each placeholder is written into the text. A
 * reference is `input` (what started the run: a webhook body, an event's item, the text given to
 * "Run now"), `steps.<id>` (an earlier step's output), `item` (the element a `for_each` is on) or
 * `owner` (the agent's owner: `owner.email`, their verified address), followed by a dotted path into it (`steps.fetch.body.status`, `item.title`, `input.items.0`).
 */

/** Steps in a plan, nested ones included. */
export const PLAN_MAX_STEPS = 30;
/** How deep `if` and `for_each` steps may nest. */
export const PLAN_MAX_DEPTH = 3;
/** The most elements one `for_each` visits (its `max` may be lower). */
export const LOOP_MAX_ITEMS = 100;
/** A step's id: how later steps refer to its output. */
export const PLAN_STEP_ID = /^[a-z][a-z0-9_]{0,31}$/;
/** A reference: `input`, `item` or `steps.<id>`, then a dotted path. */
export const PLAN_REF = /^(?:input|item|owner|steps\.[a-z][a-z0-9_]{0,31})(?:\.[A-Za-z0-9_$-]+)*$/;
/** A placeholder inside a string argument: `{{steps.fetch.body}}`. */
export const PLAN_PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

const stepId = z
  .string({ error: 'Step id is required' })
  .check(
    z.regex(
      PLAN_STEP_ID,
      'Step id must start with a lower-case letter and hold only a-z, 0-9 and _ (at most 32)',
    ),
  );
const ref = z
  .string({ error: 'Reference is required' })
  .check(
    z.maxLength(200, 'Reference must be at most 200 characters'),
    z.regex(PLAN_REF, 'Reference must be input, item, owner or steps.<id>, then an optional .path'),
  );
const instruction = z
  .string({ error: 'Instruction is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Instruction is required'),
    z.maxLength(2000, 'Instruction must be at most 2000 characters'),
  );
const toolName = z
  .string({ error: 'Tool is required' })
  .check(
    z.maxLength(150, 'Tool must be at most 150 characters'),
    z.regex(/^[a-z0-9][a-z0-9-]*\.[^.\s][^\s]*$/, 'Tool must be written <integration>.<tool>'),
  );

/** Comparisons an `if` step makes between a referenced value and `compare`. */
export const CONDITION_OPS = [
  'equals',
  'not_equals',
  'greater_than',
  'at_least',
  'less_than',
  'at_most',
  'contains',
  'not_contains',
  'is_empty',
  'is_not_empty',
  'is_true',
  'is_false',
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
/** The operators that compare with nothing. */
export const UNARY_CONDITION_OPS: readonly ConditionOp[] = [
  'is_empty',
  'is_not_empty',
  'is_true',
  'is_false',
];

/** Each comparison in words, after the value it tests: "is at least", "does not contain". */
export const CONDITION_WORDS: Readonly<Record<ConditionOp, string>> = {
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

/** A compared value as people read it: text in quotes, numbers and lists as written. */
export function valueInWords(value: unknown): string {
  if (typeof value === 'string') return `“${value}”`;
  if (Array.isArray(value)) return value.map(valueInWords).join(', ');
  return JSON.stringify(value) ?? String(value);
}

/** The words after the tested value: "is at least 500", "is one of “a”, “b”". */
export function comparisonInWords(condition: { op: ConditionOp; compare?: unknown }): string {
  const { op, compare } = condition;
  if (UNARY_CONDITION_OPS.includes(op)) return CONDITION_WORDS[op];
  if (op === 'equals' && Array.isArray(compare)) return `is one of ${valueInWords(compare)}`;
  if (op === 'not_equals' && Array.isArray(compare)) return `is none of ${valueInWords(compare)}`;
  return `${CONDITION_WORDS[op]} ${compare === undefined ? '…' : valueInWords(compare)}`;
}

export const PlanConditionSchema = z.object({
  /** What is tested. */
  value: ref,
  op: z.enum(CONDITION_OPS, { error: 'Unknown comparison' }),
  /** What it is compared with: a number, a string or a list (for `equals` one of them). */
  compare: z.optional(z.unknown()),
});
export type PlanCondition = z.infer<typeof PlanConditionSchema>;

export const ModelOutputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({
    type: z.literal('json'),
    /** The JSON Schema the answer must meet. */
    schema: z.record(z.string(), z.unknown()),
  }),
]);
export type ModelOutput = z.infer<typeof ModelOutputSchema>;

const common = {
  id: stepId,
  /** The description's words for the step, shown beside it. */
  note: z.optional(z.string().check(z.maxLength(500, 'Note must be at most 500 characters'))),
};

export const ToolPlanStepSchema = z.object({
  ...common,
  kind: z.literal('tool'),
  /** `<integration>.<tool>`. */
  tool: toolName,
  /** The tool's arguments: JSON, with `{{ref}}` placeholders in strings. */
  args: z.record(z.string(), z.unknown()),
  /**
   * `stop` (default): an error ends the run. `continue`: the step's output becomes
   * `{ "error": "…" }` and later steps decide ("if it is down").
   */
  on_error: z.optional(z.enum(['stop', 'continue'])),
});

export const ModelPlanStepSchema = z.object({
  ...common,
  kind: z.literal('model'),
  /** What to do with the inputs: summarise, draft, translate, classify, extract… */
  instruction,
  /** The references the model reads; nothing else of the run is sent to it. */
  inputs: z.array(ref).check(z.maxLength(10, 'A model step reads at most 10 inputs')),
  output: ModelOutputSchema,
});

export const AgentPlanStepSchema = z.object({
  ...common,
  kind: z.literal('agent'),
  /** The task, for the model loop with tools. */
  instruction,
  /** The tools it may call, as `<integration>.<tool>`; empty: every tool of the agent. */
  tools: z.array(toolName).check(z.maxLength(40, 'An agent step offers at most 40 tools')),
  inputs: z.optional(z.array(ref).check(z.maxLength(10, 'An agent step reads at most 10 inputs'))),
});

export type ToolPlanStep = z.infer<typeof ToolPlanStepSchema>;
export type ModelPlanStep = z.infer<typeof ModelPlanStepSchema>;
export type AgentPlanStep = z.infer<typeof AgentPlanStepSchema>;
export type IfPlanStep = {
  id: string;
  note?: string | undefined;
  kind: 'if';
  condition: PlanCondition;
  then: PlanStep[];
  else?: PlanStep[] | undefined;
};
export type ForEachPlanStep = {
  id: string;
  note?: string | undefined;
  kind: 'for_each';
  /** A list: each element runs `steps` once, as `item`. */
  over: string;
  /** The most elements visited; the rest are left (the run says how many). */
  max: number;
  steps: PlanStep[];
};
export type PlanStep = ToolPlanStep | ModelPlanStep | AgentPlanStep | IfPlanStep | ForEachPlanStep;

const stepList = (): z.ZodMiniType<PlanStep[]> =>
  z.array(PlanStepSchema).check(z.maxLength(PLAN_MAX_STEPS, 'A plan holds at most 30 steps'));

export const IfPlanStepSchema: z.ZodMiniType<IfPlanStep> = z.object({
  ...common,
  kind: z.literal('if'),
  condition: PlanConditionSchema,
  get then() {
    return stepList();
  },
  get else() {
    return z.optional(stepList());
  },
});

export const ForEachPlanStepSchema: z.ZodMiniType<ForEachPlanStep> = z.object({
  ...common,
  kind: z.literal('for_each'),
  over: ref,
  max: z
    .number({ error: 'Max must be a number' })
    .check(
      z.int('Max must be a whole number'),
      z.minimum(1, 'Max must be at least 1'),
      z.maximum(LOOP_MAX_ITEMS, `Max must be at most ${LOOP_MAX_ITEMS}`),
    ),
  get steps() {
    return stepList();
  },
});

export const PlanStepSchema: z.ZodMiniType<PlanStep> = z.union([
  ToolPlanStepSchema,
  ModelPlanStepSchema,
  AgentPlanStepSchema,
  IfPlanStepSchema,
  ForEachPlanStepSchema,
]);

export const AgentPlanSchema = z.object({ steps: stepList() });
export type AgentPlan = z.infer<typeof AgentPlanSchema>;

/** The JSON Schema words a model step's output schema may use (no patterns, formats or $ref). */
const SCHEMA_WORDS = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'const',
  'description',
  'title',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'additionalProperties',
  'anyOf',
  'default',
]);
/** Nested schemas and size a model step's output schema may have. */
export const MODEL_SCHEMA_LIMITS = { depth: 8, bytes: 8192 } as const;

/**
 * What is wrong with a model step's output schema, or null: only plain structural JSON Schema
 * words (a pattern or a format would run a user's regular expression on the server), at most 8
 * levels and 8 KB.
 */
export function outputSchemaProblem(schema: unknown): string | null {
  if (JSON.stringify(schema).length > MODEL_SCHEMA_LIMITS.bytes) {
    return `The output schema must be at most ${MODEL_SCHEMA_LIMITS.bytes} bytes`;
  }
  const visit = (node: unknown, depth: number, where: string): string | null => {
    if (typeof node === 'boolean') return null;
    if (!node || typeof node !== 'object' || Array.isArray(node)) {
      return `${where} must be a JSON Schema object`;
    }
    if (depth > MODEL_SCHEMA_LIMITS.depth) {
      return `The output schema nests more than ${MODEL_SCHEMA_LIMITS.depth} levels`;
    }
    for (const [word, value] of Object.entries(node)) {
      if (!SCHEMA_WORDS.has(word)) return `${where}: "${word}" is not allowed in an output schema`;
      if (word === 'properties') {
        if (!value || typeof value !== 'object') return `${where}.properties must be an object`;
        for (const [name, child] of Object.entries(value)) {
          const problem = visit(child, depth + 1, `${where}.properties.${name}`);
          if (problem) return problem;
        }
      } else if (
        word === 'items' ||
        (word === 'additionalProperties' && typeof value !== 'boolean')
      ) {
        const problem = visit(value, depth + 1, `${where}.${word}`);
        if (problem) return problem;
      } else if (word === 'anyOf') {
        if (!Array.isArray(value)) return `${where}.anyOf must be a list`;
        for (const [k, child] of value.entries()) {
          const problem = visit(child, depth + 1, `${where}.anyOf.${k}`);
          if (problem) return problem;
        }
      }
    }
    return null;
  };
  return visit(schema, 1, 'The output schema');
}

/** A mistake in a plan, at a path such as `steps.2.args.url`. */
export type PlanIssue = { path: string; message: string };

/** Every step of the plan, nested ones included, with its path, in the order they are written. */
export function* planSteps(
  steps: readonly PlanStep[],
  path = 'steps',
): Generator<{ step: PlanStep; path: string }> {
  for (const [index, step] of steps.entries()) {
    const at = `${path}.${index}`;
    yield { step, path: at };
    if (step.kind === 'if') {
      yield* planSteps(step.then, `${at}.then`);
      if (step.else) yield* planSteps(step.else, `${at}.else`);
    } else if (step.kind === 'for_each') yield* planSteps(step.steps, `${at}.steps`);
  }
}

/** The steps that need a language model to run (model and agent steps), by id. */
export function stepsNeedingModel(plan: AgentPlan): string[] {
  return [...planSteps(plan.steps)]
    .filter(({ step }) => step.kind === 'model' || step.kind === 'agent')
    .map(({ step }) => step.id);
}

/** The references a string holds in `{{…}}` placeholders. */
function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLAN_PLACEHOLDER)].map((match) => match[1]!);
}

/** How deep arguments and compared values may nest: deeper JSON is refused, not walked. */
export const PLAN_VALUE_MAX_DEPTH = 32;

/** Whether a JSON value nests deeper than {@link PLAN_VALUE_MAX_DEPTH} (walked without recursion). */
export function nestsTooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (depth > PLAN_VALUE_MAX_DEPTH) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Every reference inside a JSON value's strings. */
export function referencesIn(value: unknown): string[] {
  if (typeof value === 'string') return placeholdersIn(value);
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(referencesIn);
  return [];
}

/**
 * Checks what the schema cannot: ids unique in the whole plan, every reference to an earlier step
 * in scope (a step inside an `if` or a loop is not seen after it, `item` only inside a loop),
 * nesting and size. `checkTool` adds the tool's own checks (known tool, arguments against its
 * input schema); it is given the step and its path.
 */
export function checkPlan(
  plan: AgentPlan,
  checkTool?: (step: ToolPlanStep | AgentPlanStep, path: string) => PlanIssue[],
): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const seen = new Set<string>();
  let count = 0;
  const walk = (
    steps: readonly PlanStep[],
    path: string,
    visible: ReadonlySet<string>,
    inLoop: boolean,
    depth: number,
  ) => {
    const scope = new Set(visible);
    for (const [index, step] of steps.entries()) {
      const at = `${path}.${index}`;
      count++;
      if (seen.has(step.id))
        issues.push({ path: `${at}.id`, message: `Step id ${step.id} is used twice` });
      seen.add(step.id);
      const checkRef = (reference: string, where: string) => {
        const [root, id] = reference.split('.');
        if (root === 'item' && !inLoop) {
          issues.push({ path: where, message: `${reference}: item is only known inside for_each` });
        } else if (root === 'steps' && !scope.has(id!)) {
          issues.push({
            path: where,
            message: seen.has(id!)
              ? `${reference}: step ${id} is not done before this one`
              : `${reference}: there is no step ${id}`,
          });
        } else if (!PLAN_REF.test(reference)) {
          issues.push({ path: where, message: `${reference}: not a reference` });
        }
      };
      switch (step.kind) {
        case 'tool':
          for (const [name, value] of Object.entries(step.args)) {
            if (nestsTooDeep(value)) {
              issues.push({
                path: `${at}.args.${name}`,
                message: `nests more than ${PLAN_VALUE_MAX_DEPTH} levels`,
              });
              continue;
            }
            for (const reference of referencesIn(value)) checkRef(reference, `${at}.args.${name}`);
          }
          if (checkTool) issues.push(...checkTool(step, at));
          break;
        case 'model': {
          step.inputs.forEach((reference, k) => checkRef(reference, `${at}.inputs.${k}`));
          const problem =
            step.output.type === 'json' ? outputSchemaProblem(step.output.schema) : null;
          if (problem) issues.push({ path: `${at}.output.schema`, message: problem });
          break;
        }
        case 'agent':
          (step.inputs ?? []).forEach((reference, k) => checkRef(reference, `${at}.inputs.${k}`));
          if (checkTool) issues.push(...checkTool(step, at));
          break;
        case 'if':
          checkRef(step.condition.value, `${at}.condition.value`);
          if (nestsTooDeep(step.condition.compare))
            issues.push({
              path: `${at}.condition.compare`,
              message: `nests more than ${PLAN_VALUE_MAX_DEPTH} levels`,
            });
          if (
            !UNARY_CONDITION_OPS.includes(step.condition.op) &&
            step.condition.compare === undefined
          )
            issues.push({
              path: `${at}.condition.compare`,
              message: `${step.condition.op} needs a value to compare with`,
            });
          if (depth >= PLAN_MAX_DEPTH) {
            issues.push({ path: at, message: `Steps nest at most ${PLAN_MAX_DEPTH} deep` });
            break;
          }
          walk(step.then, `${at}.then`, scope, inLoop, depth + 1);
          if (step.else) walk(step.else, `${at}.else`, scope, inLoop, depth + 1);
          break;
        case 'for_each':
          checkRef(step.over, `${at}.over`);
          if (depth >= PLAN_MAX_DEPTH) {
            issues.push({ path: at, message: `Steps nest at most ${PLAN_MAX_DEPTH} deep` });
            break;
          }
          walk(step.steps, `${at}.steps`, scope, true, depth + 1);
          break;
      }
      scope.add(step.id);
    }
  };
  walk(plan.steps, 'steps', new Set(), false, 1);
  if (count > PLAN_MAX_STEPS)
    issues.push({ path: 'steps', message: `A plan holds at most ${PLAN_MAX_STEPS} steps` });
  return issues;
}
