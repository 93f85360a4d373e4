import type { AgentSpec, DryRun } from '@spoke/shared';
import { BUILTIN_TOOLS } from '../builtins/index.ts';
import { integrationById } from '../catalog/index.ts';
import type { Toolset } from './toolset.ts';

export type DryRunOptions = {
  modelConfigured: boolean;
  /**
   * Whether the user stored credentials for each integration, as the agent's `connections`
   * report it. Used when no toolset is given; integrations missing from it that need credentials
   * count as not connected.
   */
  connections?: Readonly<Record<string, boolean>>;
};

/**
 * What a run would do, without calling a model: the plan, the tools the agent would offer the
 * model and the integrations that still need credentials. With a toolset, the tools are the ones
 * its servers listed; without one, the catalog's (built-ins always list theirs exactly).
 */
export function dryRun(
  spec: Pick<AgentSpec, 'integrations' | 'steps'>,
  toolset: Pick<Toolset, 'tools' | 'failures'> | null,
  options: DryRunOptions,
): DryRun {
  const base = {
    dry_run: true as const,
    model_configured: options.modelConfigured,
    steps: spec.steps,
  };
  if (toolset) {
    return {
      ...base,
      tools: toolset.tools.map((tool) => ({ name: tool.name, description: tool.description })),
      missing_connections: toolset.failures
        .filter((failure) => failure.missing.length > 0)
        .map((failure) => failure.integration),
    };
  }
  const tools: DryRun['tools'] = [];
  const missing: string[] = [];
  for (const id of new Set(spec.integrations.map((integration) => integration.id))) {
    const integration = integrationById(id);
    if (!integration) continue;
    const { provider } = integration;
    if (provider.kind === 'builtin') {
      tools.push(...BUILTIN_TOOLS[provider.server].map((tool) => named(id, tool)));
      continue;
    }
    const needsCredentials = integration.env.some((env) => env.required);
    if (needsCredentials && options.connections?.[id] !== true) {
      missing.push(id);
      continue;
    }
    tools.push(...integration.tools.map((tool) => named(id, tool)));
  }
  return { ...base, tools, missing_connections: missing };
}

function named(integration: string, tool: { name: string; description: string }) {
  return { name: `${integration}.${tool.name}`, description: tool.description };
}
