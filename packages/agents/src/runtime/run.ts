import type { AgentSpec, RunStep } from '@spoke/shared';
import {
  APICallError,
  generateText,
  jsonSchema,
  RetryError,
  stepCountIs,
  tool,
  type LanguageModel,
  type ModelMessage,
  type ToolResultPart,
  type ToolSet,
} from 'ai';
import { messageOf, redact, runDeadline, settleWithin } from './limits.ts';
import { systemPrompt, userMessage } from './prompt.ts';
import type { ToolOutcome } from './tool-result.ts';
import type { Toolset } from './toolset.ts';

export const DEFAULT_MAX_STEPS = 10;
export const DEFAULT_TIME_LIMIT_MS = 120_000;

export type RunAgentOptions = {
  spec: Pick<AgentSpec, 'instructions' | 'steps' | 'guardrails'>;
  /** The run's input: text, a JSON object (e.g. a webhook body), or nothing. */
  input?: unknown;
  model: LanguageModel;
  toolset: Toolset;
  /** Model calls allowed; the tools a call asks for still run. Default 10. */
  maxSteps?: number;
  /** Wall-clock limit for the whole run. Default 120 s. */
  timeLimitMs?: number;
  /** Aborting it cancels the run ("The run was cancelled"). */
  signal?: AbortSignal;
  /** Called with each step as it happens, in order; a rejection ends the run by rejecting. */
  onStep: (step: RunStep) => void | Promise<void>;
  /** Called before each tool call with `<integration>.<tool>`; throwing refuses the call. */
  beforeToolCall?: (tool: string) => Promise<void>;
  /** Milliseconds for step durations (default `performance.now`). */
  now?: () => number;
  /** Values (API keys) that must never appear in a recorded error. */
  secrets?: readonly string[];
};

export type RunOutcome = {
  status: 'succeeded' | 'failed';
  error: string | null;
  /** The model's final answer, '' when the run failed before it gave one. */
  output: string;
  tokens: { input: number; output: number };
};

type StepInput = Omit<RunStep, 'index'>;

/**
 * Runs an agent: the model gets the spec's instructions, plan and guardrails and the toolset's
 * tools, and calls tools until it answers, the step cap is reached or the time limit passes.
 *
 * The loop is driven here, one `generateText` call per model step, rather than by the SDK's
 * multi-step loop: that way each model message is recorded before the tool calls it asked for,
 * and every tool call gets the quota check, its own timeout and the run's deadline. Model, tool
 * and limit failures end in `{status: 'failed', error}`; the promise only rejects when `onStep`
 * (the caller's recording) does.
 */
export async function runAgent(options: RunAgentOptions): Promise<RunOutcome> {
  const maxSteps = Math.max(1, Math.floor(options.maxSteps ?? DEFAULT_MAX_STEPS));
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const now = options.now ?? (() => performance.now());
  const { toolset } = options;
  const clock = runDeadline(timeLimitMs, options.signal);
  const { signal } = clock;
  const stopReason = clock.reason;

  const tokens = { input: 0, output: 0 };
  let index = 0;
  const record = async (step: StepInput) => {
    await options.onStep({ index: index++, ...step });
  };
  const finish = (error: string | null, output = ''): RunOutcome => ({
    status: error === null ? 'succeeded' : 'failed',
    error,
    output,
    tokens: { ...tokens },
  });

  const tools = modelTools(toolset);
  const system = systemPrompt(options.spec, toolset);
  const messages: ModelMessage[] = [{ role: 'user', content: userMessage(options.input) }];
  try {
    for (let step = 1; ; step += 1) {
      if (signal.aborted) return finish(stopReason());
      const started = now();
      let result: Awaited<ReturnType<typeof generateText>>;
      try {
        result = await settleWithin(
          generateText({
            model: options.model,
            system,
            messages,
            tools,
            stopWhen: stepCountIs(1),
            maxRetries: 1,
            abortSignal: signal,
            // Steps keep the messages, not the raw HTTP bodies, so long runs stay small.
            experimental_include: { requestBody: false, responseBody: false },
          }),
          { signal },
        );
      } catch (error) {
        return finish(signal.aborted ? stopReason() : modelError(error, options.secrets ?? []));
      }
      const usage = {
        input: result.usage.inputTokens ?? 0,
        output: result.usage.outputTokens ?? 0,
      };
      tokens.input += usage.input;
      tokens.output += usage.output;
      await record({
        type: 'model',
        duration_ms: elapsed(started, now),
        text: result.text,
        tokens: usage,
      });
      messages.push(...result.response.messages);

      if (result.toolCalls.length === 0) {
        if (result.finishReason === 'content-filter') {
          return finish("The model provider's content filter stopped the answer", result.text);
        }
        if (result.finishReason === 'error') return finish('The model stopped with an error');
        return finish(null, result.text);
      }

      const results: ToolResultPart[] = [];
      for (const call of result.toolCalls) {
        const known = toolset.byModelName(call.toolName);
        const name = known?.name ?? call.toolName;
        const callStarted = now();
        if (call.invalid) {
          // The SDK already answered the model with this error in `response.messages`.
          await record({
            type: 'tool',
            duration_ms: 0,
            tool: name,
            arguments: call.input,
            result: null,
            error: messageOf(call.error),
          });
          continue;
        }
        if (signal.aborted) return finish(stopReason());
        let outcome: ToolOutcome;
        try {
          if (options.beforeToolCall) await settleWithin(options.beforeToolCall(name), { signal });
          outcome = await toolset.call(name, call.input, { signal });
        } catch (error) {
          outcome = { ok: false, error: `The call was refused: ${messageOf(error)}` };
        }
        if (signal.aborted) {
          outcome = { ok: false, error: stopReason() };
        }
        await record({
          type: 'tool',
          duration_ms: elapsed(callStarted, now),
          tool: name,
          arguments: call.input,
          result: outcome.ok ? outcome.result : null,
          error: outcome.ok ? null : outcome.error,
        });
        if (signal.aborted) return finish(stopReason());
        results.push({
          type: 'tool-result',
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          output: outcome.ok
            ? { type: 'text', value: outcome.modelOutput }
            : { type: 'error-text', value: outcome.error },
        });
      }
      appendToolResults(messages, results);
      if (step >= maxSteps) return finish(`Stopped at the step cap (${maxSteps} steps)`);
    }
  } finally {
    clock.clear();
  }
}

/** The toolset as AI SDK tools without `execute`: the loop above runs them. */
function modelTools(toolset: Toolset): ToolSet | undefined {
  if (toolset.tools.length === 0) return undefined;
  const tools: ToolSet = {};
  for (const entry of toolset.tools) {
    tools[entry.modelName] = tool({
      description: entry.description,
      inputSchema: jsonSchema(entry.inputSchema),
    });
  }
  return tools;
}

/** Adds tool results, joining the SDK's own tool message (answers to invalid calls) if any. */
function appendToolResults(messages: ModelMessage[], results: ToolResultPart[]): void {
  if (results.length === 0) return;
  const last = messages.at(-1);
  if (last?.role === 'tool') last.content.push(...results);
  else messages.push({ role: 'tool', content: results });
}

function elapsed(started: number, now: () => number): number {
  return Math.max(0, Math.round(now() - started));
}

const KEY_PATTERNS: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic|Token)\s+[\w.~+/=*-]{6,}/gi, '$1 [redacted]'],
  [/\b(sk|pk|rk)-[\w*-]{6,}/g, '[redacted]'],
];

/** The provider's message for a failed model call, without credentials. */
export function modelError(error: unknown, secrets: readonly string[]): string {
  const cause = RetryError.isInstance(error) ? (error.lastError ?? error) : error;
  let message = messageOf(cause).trim() || 'the provider gave no reason';
  if (
    APICallError.isInstance(cause) &&
    cause.statusCode &&
    !message.includes(String(cause.statusCode))
  ) {
    message = `${message} (HTTP ${cause.statusCode})`;
  }
  for (const [pattern, replacement] of KEY_PATTERNS)
    message = message.replace(pattern, replacement);
  return redact(`The model failed: ${message}`, secrets);
}
