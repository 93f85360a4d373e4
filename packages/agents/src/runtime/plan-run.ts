import {
  comparisonInWords,
  outputSchemaProblem,
  planSteps,
  stepsNeedingModel,
  type AgentPlan,
  type AgentPlanStep,
  type AgentSpec,
  type ModelPlanStep,
  type PlanCondition,
  type PlanStep,
  type RunStep,
  type ToolPlanStep,
} from '@spoke/shared';
import { Ajv } from 'ajv';
import { generateText, type LanguageModel } from 'ai';
import { callOnlyReads } from '../catalog/tool-schemas.ts';
import { messageOf, runDeadline, settleWithin } from './limits.ts';
import {
  asText,
  conditionHolds,
  fillPlaceholders,
  resolveRef,
  type PlanScope,
} from './plan-values.ts';
import {
  DEFAULT_MAX_STEPS,
  DEFAULT_TIME_LIMIT_MS,
  modelError,
  runAgent,
  type RunOutcome,
} from './run.ts';
import type { ToolOutcome } from './tool-result.ts';
import { truncate } from './tool-result.ts';
import type { Toolset } from './toolset.ts';

/** Tool calls one plan run may make, loops included. */
export const DEFAULT_MAX_TOOL_CALLS = 200;
/** Plan steps one run may carry out, loops and decisions included (each is recorded). */
export const MAX_PLAN_STEPS_RUN = 1000;

export type RunPlanOptions = {
  plan: AgentPlan;
  /** The agent's instructions and guardrails: model and agent steps follow them. */
  spec: Pick<AgentSpec, 'instructions' | 'steps' | 'guardrails'>;
  /** The run's input: what `input` references read. */
  input?: unknown;
  /** The agent's owner: what `owner` references read. */
  owner?: { email: string };
  /** Null when none is configured: then a plan with model or agent steps does not start. */
  model: LanguageModel | null;
  toolset: Toolset;
  /** Model calls allowed in the whole run (agent steps included). Default 10. */
  maxSteps?: number;
  /** Tool calls allowed in the whole run. Default 200. */
  maxToolCalls?: number;
  timeLimitMs?: number;
  signal?: AbortSignal;
  onStep: (step: RunStep) => void | Promise<void>;
  beforeToolCall?: (tool: string) => Promise<void>;
  now?: () => number;
  secrets?: readonly string[];
  /**
   * A dry run: tools that only read are called for real; a tool that writes is not called and
   * its step shows the arguments it would be sent; the model is not asked, and its steps give
   * later ones a placeholder. Runs whatever the model configuration.
   */
  dryRun?: boolean;
};

/** What a skipped model or agent step hands on in a dry run. */
const modelPlaceholder = (id: string) => `[the model's answer to step "${id}"]`;

/**
 * The message a run gets when its plan needs a model and none is configured: the steps that need
 * one, and, when there are others, that they do not.
 */
export function modelNeededMessage(stepIds: readonly string[], steps?: number): string {
  const list = stepIds.map((id) => `"${id}"`).join(', ');
  const others =
    steps === undefined || steps > stepIds.length
      ? ' Its other steps can run without one: edit the plan to remove those steps, or ask an administrator to set a model up.'
      : ' Ask an administrator to set a model up, or edit the plan to do the work with tool steps.';
  return (
    `This agent's plan needs a language model for ${stepIds.length === 1 ? 'step' : 'steps'} ` +
    `${list}, and none is configured on this server.${others}`
  );
}

class StopRun extends Error {
  override name = 'StopRun';
}

/**
 * Runs an agent's plan: tool steps call their tool through the toolset with their arguments
 * filled from the run's values, model steps send only their inputs to the model, `if` and
 * `for_each` are decided here, and `agent` steps run the model loop with tools. Every step is
 * recorded. A plan that needs a model when none is given fails before any step runs, naming the
 * steps that need one. Like {@link runAgent}, failures end in `{status: 'failed', error}`.
 */
export async function runPlan(options: RunPlanOptions): Promise<RunOutcome> {
  const needing = stepsNeedingModel(options.plan);
  const tokens = { input: 0, output: 0 };
  const finish = (error: string | null, output = ''): RunOutcome => ({
    status: error === null ? 'succeeded' : 'failed',
    error,
    output,
    tokens: { ...tokens },
  });
  const dry = options.dryRun === true;
  if (!dry && !options.model && needing.length > 0) {
    return finish(modelNeededMessage(needing, [...planSteps(options.plan.steps)].length));
  }

  const maxModelCalls = Math.max(1, Math.floor(options.maxSteps ?? DEFAULT_MAX_STEPS));
  const maxToolCalls = Math.max(1, Math.floor(options.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS));
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const now = options.now ?? (() => performance.now());
  const clock = runDeadline(timeLimitMs, options.signal);
  const { signal } = clock;
  const stopReason = clock.reason;

  let index = 0;
  let modelCalls = 0;
  let toolCalls = 0;
  const record = async (step: Omit<RunStep, 'index'>) => {
    await options.onStep({ index: index++, ...step });
  };
  const outputs = new Map<string, unknown>();
  let last: unknown = undefined;

  const callTool = async (step: ToolPlanStep, scope: PlanScope): Promise<unknown> => {
    if (toolCalls >= maxToolCalls) {
      throw new StopRun(`Stopped at the tool call cap (${maxToolCalls} calls)`);
    }
    toolCalls++;
    const listed = options.toolset.tools.find((tool) => tool.name === step.tool);
    const args = asTextWhereText(fillPlaceholders(step.args, scope), listed?.inputSchema);
    const started = now();
    const annotated = listed?.readOnly;
    if (dry && !callOnlyReads(step.tool, args, annotated === true)) {
      await record({
        type: 'tool',
        plan_step: step.id,
        duration_ms: 0,
        tool: step.tool,
        arguments: args,
        result: null,
        error: null,
        skipped:
          'Not sent: a dry run only calls tools that read. These are the arguments it would send.',
      });
      return null;
    }
    let outcome: ToolOutcome;
    const integration = step.tool.slice(0, step.tool.indexOf('.'));
    const failed = options.toolset.failures.find((f) => f.integration === integration);
    try {
      // (A tool of an integration that did not start is not called, so it costs nothing.)
      if (!listed)
        throw new Error(
          failed
            ? `${integration} could not start: ${failed.error}`
            : `${step.tool} is not a tool of this agent`,
        );
      if (options.beforeToolCall) await settleWithin(options.beforeToolCall(step.tool), { signal });
      outcome = await options.toolset.call(step.tool, args, { signal });
    } catch (error) {
      outcome = { ok: false, error: `The call was refused: ${messageOf(error)}` };
    }
    if (signal.aborted) outcome = { ok: false, error: stopReason() };
    await record({
      type: 'tool',
      plan_step: step.id,
      duration_ms: elapsed(started, now),
      tool: step.tool,
      arguments: args,
      result: outcome.ok ? outcome.result : null,
      error: outcome.ok ? null : outcome.error,
    });
    if (signal.aborted) throw new StopRun(stopReason());
    if (outcome.ok) return outcome.result;
    if (step.on_error === 'continue') return { error: outcome.error };
    throw new StopRun(`Step "${step.id}" (${step.tool}) failed: ${outcome.error}`);
  };

  const callModel = async (step: ModelPlanStep, scope: PlanScope): Promise<unknown> => {
    if (modelCalls >= maxModelCalls) {
      throw new StopRun(`Stopped at the step cap (${maxModelCalls} steps)`);
    }
    const unsafe = step.output.type === 'json' ? outputSchemaProblem(step.output.schema) : null;
    if (unsafe) throw new StopRun(`Step "${step.id}": ${unsafe}`);
    modelCalls++;
    const started = now();
    const inputs = step.inputs.map((reference) => ({
      reference,
      value: resolveRef(reference, scope),
    }));
    let result: Awaited<ReturnType<typeof generateText>>;
    try {
      result = await settleWithin(
        generateText({
          model: options.model!,
          system: modelSystem(options.spec, step),
          prompt: modelPrompt(step, inputs),
          maxRetries: 1,
          abortSignal: signal,
          experimental_include: { requestBody: false, responseBody: false },
        }),
        { signal },
      );
    } catch (error) {
      throw new StopRun(signal.aborted ? stopReason() : modelError(error, options.secrets ?? []));
    }
    const usage = { input: result.usage.inputTokens ?? 0, output: result.usage.outputTokens ?? 0 };
    tokens.input += usage.input;
    tokens.output += usage.output;
    await record({
      type: 'model',
      plan_step: step.id,
      duration_ms: elapsed(started, now),
      text: result.text,
      tokens: usage,
    });
    if (step.output.type === 'text') return result.text;
    const parsed = parseJsonAnswer(result.text);
    if (parsed === undefined) {
      throw new StopRun(`Step "${step.id}": the model's answer is not JSON`);
    }
    const problem = schemaProblem(step.output.schema, parsed);
    if (problem) {
      throw new StopRun(
        `Step "${step.id}": the model's answer does not match its schema: ${problem}`,
      );
    }
    return parsed;
  };

  const runAgentStep = async (step: AgentPlanStep, scope: PlanScope): Promise<unknown> => {
    const left = maxModelCalls - modelCalls;
    if (left <= 0) throw new StopRun(`Stopped at the step cap (${maxModelCalls} steps)`);
    const input = step.inputs?.length
      ? Object.fromEntries(
          step.inputs.map((reference) => [reference, resolveRef(reference, scope)]),
        )
      : scope.input;
    let calls = 0;
    const outcome = await runAgent({
      spec: {
        instructions: `${options.spec.instructions.trim()}\n\nYour part of this run: ${step.instruction}`,
        steps: [],
        guardrails: options.spec.guardrails,
      },
      input,
      model: options.model!,
      toolset: step.tools.length ? restrictToolset(options.toolset, step.tools) : options.toolset,
      maxSteps: left,
      timeLimitMs: Math.max(1, timeLimitMs),
      signal,
      secrets: options.secrets,
      now,
      beforeToolCall: async (tool) => {
        if (toolCalls >= maxToolCalls) {
          throw new Error(`the run reached its tool call cap (${maxToolCalls} calls)`);
        }
        toolCalls++;
        await options.beforeToolCall?.(tool);
      },
      onStep: async (recorded) => {
        if (recorded.type === 'model') calls++;
        const { index: _ignored, ...rest } = recorded;
        await record({ ...rest, plan_step: step.id });
      },
    });
    modelCalls += calls;
    tokens.input += outcome.tokens.input;
    tokens.output += outcome.tokens.output;
    // (The plan's own clock ended the loop: say so in the plan's words.)
    if (signal.aborted) throw new StopRun(stopReason());
    if (outcome.status === 'failed') {
      throw new StopRun(`Step "${step.id}": ${outcome.error ?? 'the agent step failed'}`);
    }
    return outcome.output;
  };

  const runSteps = async (steps: readonly PlanStep[], scope: PlanScope): Promise<unknown> => {
    let output: unknown = undefined;
    for (const step of steps) {
      if (signal.aborted) throw new StopRun(stopReason());
      output = await runStep(step, scope);
      outputs.set(step.id, output);
      last = output;
    }
    return output;
  };

  let carried = 0;
  const runStep = async (step: PlanStep, scope: PlanScope): Promise<unknown> => {
    // (Loops in loops with decisions in them call no tool, yet each decision is recorded.)
    if (++carried > MAX_PLAN_STEPS_RUN) {
      throw new StopRun(`Stopped after ${MAX_PLAN_STEPS_RUN} plan steps`);
    }
    switch (step.kind) {
      case 'tool':
        return callTool(step, scope);
      case 'model':
      case 'agent':
        if (dry) {
          await record({
            type: 'model',
            plan_step: step.id,
            duration_ms: 0,
            skipped: 'A dry run does not ask the model.',
            text: step.instruction,
          });
          return modelPlaceholder(step.id);
        }
        return step.kind === 'model' ? callModel(step, scope) : runAgentStep(step, scope);
      case 'if': {
        const holds = conditionHolds(step.condition, scope);
        const branch = holds ? step.then : (step.else ?? []);
        await record({
          type: 'control',
          plan_step: step.id,
          duration_ms: 0,
          text: `${describeCondition(step.condition)}: ${holds ? 'yes' : 'no'}${
            branch.length ? '' : ', nothing to do'
          }`,
        });
        return branch.length ? runSteps(branch, scope) : null;
      }
      case 'for_each': {
        const list = resolveRef(step.over, scope);
        if (!Array.isArray(list)) {
          throw new StopRun(`Step "${step.id}": ${step.over} is not a list`);
        }
        const taken = list.slice(0, step.max);
        const left = list.length - taken.length;
        await record({
          type: 'control',
          plan_step: step.id,
          duration_ms: 0,
          text:
            `For each of ${step.over}: ${taken.length} ${taken.length === 1 ? 'item' : 'items'}` +
            (left > 0 ? ` (${left} more not taken: at most ${step.max} a run)` : ''),
        });
        const results: unknown[] = [];
        for (const value of taken) {
          results.push(await runSteps(step.steps, { ...scope, item: { value } }));
        }
        return results;
      }
    }
  };

  try {
    await runSteps(options.plan.steps, {
      input: options.input,
      outputs,
      ...(options.owner ? { owner: options.owner } : {}),
    });
    return finish(null, truncate(asText(last)));
  } catch (error) {
    if (error instanceof StopRun) return finish(error.message);
    throw error;
  } finally {
    clock.clear();
  }
}

/**
 * Arguments whose schema asks for text get text: an object or a list a reference brought ("the
 * event", "what it returned") is written as JSON, as a person would paste it.
 */
function asTextWhereText(args: unknown, schema: Record<string, unknown> | undefined): unknown {
  if (!schema || !args || typeof args !== 'object' || Array.isArray(args)) return args;
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown }>;
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => [
      name,
      properties[name]?.type === 'string' && value !== null && typeof value === 'object'
        ? JSON.stringify(value, null, 2)
        : value,
    ]),
  );
}

/** How a decision reads in a run's steps: "If steps.fetch.status is at least 500". */
function describeCondition(condition: PlanCondition): string {
  return `If ${condition.value} ${comparisonInWords(condition)}`;
}

function modelSystem(
  spec: Pick<AgentSpec, 'instructions' | 'guardrails'>,
  step: ModelPlanStep,
): string {
  const parts = [
    `You do one step of an agent's work. The agent: ${spec.instructions.trim()}`,
    `This step: ${step.instruction}`,
  ];
  if (spec.guardrails.length > 0) {
    parts.push(`Rules you must follow:\n${spec.guardrails.map((rule) => `- ${rule}`).join('\n')}`);
  }
  parts.push(
    step.output.type === 'json'
      ? `Answer with JSON only, no other text, matching this JSON Schema:\n${JSON.stringify(step.output.schema)}`
      : 'Answer with the result only: it is used as it is by the next steps.',
  );
  return parts.join('\n\n');
}

function modelPrompt(step: ModelPlanStep, inputs: { reference: string; value: unknown }[]): string {
  if (inputs.length === 0) return step.instruction;
  return inputs
    .map(({ reference, value }) => `${reference}:\n${truncate(asText(value) || '(nothing)')}`)
    .join('\n\n');
}

/** JSON from a model's answer, with or without a ``` fence around it. */
function parseJsonAnswer(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  try {
    return JSON.parse(fenced ? fenced[1]! : text) as unknown;
  } catch {
    return undefined;
  }
}

const ajv = new Ajv({ allErrors: false, strict: false, logger: false });

function schemaProblem(schema: Record<string, unknown>, value: unknown): string | null {
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    return `the schema is invalid (${messageOf(error)})`;
  }
  if (validate(value)) return null;
  const [first] = validate.errors ?? [];
  return first
    ? `${first.instancePath || '(the answer)'} ${first.message ?? 'is invalid'}`
    : 'invalid';
}

/** The toolset with only `names` offered; calls to other tools are refused. */
function restrictToolset(toolset: Toolset, names: readonly string[]): Toolset {
  const allowed = new Set(names);
  const tools = toolset.tools.filter((tool) => allowed.has(tool.name));
  return {
    tools,
    failures: toolset.failures,
    byModelName: (modelName) => {
      const tool = toolset.byModelName(modelName);
      return tool && allowed.has(tool.name) ? tool : undefined;
    },
    call: (name, args, callOptions) =>
      allowed.has(name)
        ? toolset.call(name, args, callOptions)
        : Promise.resolve({ ok: false, error: `${name} is not a tool of this step` }),
    close: () => Promise.resolve(),
  };
}

function elapsed(started: number, now: () => number): number {
  return Math.max(0, Math.round(now() - started));
}
