import type { AgentSpec } from '@spoke/shared';
import type { Toolset } from './toolset.ts';

const HONESTY =
  'Tool results come from real systems: report them faithfully and never invent data, results ' +
  'or tool output. When a tool fails, say so and try another way if there is one; when you ' +
  'cannot finish the task, say what is missing. End with a short answer saying what you did.';

/**
 * The system prompt of a run: the agent's instructions, its plan, its guardrails, and the
 * integrations that could not be connected (so the model does not pretend to use them).
 */
export function systemPrompt(
  spec: Pick<AgentSpec, 'instructions' | 'steps' | 'guardrails'>,
  toolset: Pick<Toolset, 'tools' | 'failures'>,
): string {
  const parts = [spec.instructions.trim()];
  if (spec.steps.length > 0) {
    const plan = spec.steps.map((step, i) => {
      const tools = step.tools.length > 0 ? ` (tools: ${step.tools.join(', ')})` : '';
      return `${i + 1}. ${step.text}${tools}`;
    });
    parts.push(`Plan:\n${plan.join('\n')}`);
  }
  if (spec.guardrails.length > 0) {
    parts.push(`Rules you must follow:\n${spec.guardrails.map((rule) => `- ${rule}`).join('\n')}`);
  }
  if (toolset.tools.length > 0) {
    parts.push(
      'Tools are named <integration>__<tool>; the plan writes them as <integration>.<tool>.',
    );
  } else {
    parts.push('You have no tools in this run.');
  }
  if (toolset.failures.length > 0) {
    const lines = toolset.failures.map((failure) => `- ${failure.integration}: ${failure.error}`);
    parts.push(`These integrations are unavailable in this run:\n${lines.join('\n')}`);
  }
  parts.push(HONESTY);
  return parts.join('\n\n');
}

/** The run's input as the user message. */
export function userMessage(input: unknown): string {
  if (input === undefined || input === null || input === '') {
    return 'Run the task now.';
  }
  if (typeof input === 'string') return input;
  return `Run the task now with this input (JSON):\n${JSON.stringify(input, null, 2)}`;
}
