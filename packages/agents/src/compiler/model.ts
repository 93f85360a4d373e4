import { AgentSpecSchema, type AgentSpec } from '@spoke/shared';
import { generateText, Output, type LanguageModel } from 'ai';
import { integrationById } from '../catalog/index.ts';
import { ModelSpecSchema, type ModelSpec } from './model-schema.ts';
import { deliveryFor } from './embedded.ts';
import { SYSTEM_PROMPT, userPrompt } from './model-prompt.ts';
import { withPlan } from './typed-plan.ts';
import { unavailableHelp } from './writing.ts';
import type { CompileInput } from './types.ts';
import { validateSpec, type SpecIssue } from './validate.ts';

/** A model answered, but not with a spec that passes validateSpec. */
export class InvalidModelSpecError extends Error {
  readonly issues: readonly SpecIssue[];
  constructor(issues: readonly SpecIssue[]) {
    const first = issues
      .slice(0, 3)
      .map((issue) => `${issue.path || 'spec'} ${issue.message}`)
      .join('; ');
    super(`the model's spec is invalid: ${first}${issues.length > 3 ? '; ...' : ''}`);
    this.name = 'InvalidModelSpecError';
    this.issues = issues;
  }
}

/**
 * What only the catalog knows is taken from the catalog: each integration's required
 * configuration. Everything the model decided is kept as it answered, to be validated.
 */
function inventedEvent(trigger: { integration: string; event: string }): boolean {
  const events = integrationById(trigger.integration)?.events ?? [];
  return events.length > 0 && !events.some((event) => event.id === trigger.event);
}

function withCatalogConfig(answer: ModelSpec): ModelSpec {
  const { trigger } = answer;
  return {
    ...answer,
    // A delivery is chosen for the model where it left it out, except for an event id the
    // catalog does not know on a service whose events it lists: that is a mistake to refuse.
    trigger:
      trigger.type === 'event' && !trigger.delivery && !inventedEvent(trigger)
        ? { ...trigger, delivery: deliveryFor(trigger.integration, trigger.event) }
        : trigger,
    ...(answer.unavailable
      ? {
          unavailable: answer.unavailable.map((u) => ({ ...u, help: unavailableHelp(u.name) })),
        }
      : {}),
    integrations: answer.integrations.map((integration) => {
      const known = integrationById(integration.id);
      const config = known?.env.filter((env) => env.required).map((env) => env.name);
      return { ...integration, config: config ?? integration.config };
    }),
  };
}

/**
 * Asks a language model for the spec, with structured output against the spec's schema and the
 * catalog in the system prompt. Throws when the call fails or the answer does not validate.
 */
export async function compileWithModel(
  input: CompileInput,
  model: LanguageModel,
  options: { signal?: AbortSignal } = {},
): Promise<AgentSpec> {
  const { output } = await generateText({
    model,
    system: SYSTEM_PROMPT,
    prompt: userPrompt(input),
    output: Output.object({
      schema: ModelSpecSchema,
      name: 'agent_spec',
      description: 'The specification of an automation agent',
    }),
    maxRetries: 1,
    temperature: 0,
    ...(options.signal ? { abortSignal: options.signal } : {}),
  });
  const spec = withPlan(withCatalogConfig(output), [], input.prompt);
  const issues = validateSpec(spec);
  if (issues.length) throw new InvalidModelSpecError(issues);
  return AgentSpecSchema.parse(spec);
}
