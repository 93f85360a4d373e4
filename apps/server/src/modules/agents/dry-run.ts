import type { AgentPlan, AgentSpec, DryRun, RunStep } from '@spoke/shared';
import { dryRun, integrationById, openToolset, runPlan, type LanguageModel } from '@spoke/agents';
import type { AgentRow } from './agent-json.ts';
import { isConnected, type CredentialService } from './credentials.ts';
import type { RunContext } from './run-context.ts';
import type { UsageService } from './usage.ts';

/** How long a dry run, answered within its request, may read for. */
const DRY_RUN_TIME_LIMIT_MS = 30_000;

/**
 * Dry runs of agents: what a run would do, answered within the request. Only a plan's tools
 * that read are called; nothing is recorded.
 */
export function createDryRunner(deps: {
  credentials: CredentialService;
  usage: UsageService;
  model: () => LanguageModel | null;
  limits: { maxSteps: number; timeLimitMs: number };
  context: RunContext;
}) {
  /**
   * Runs the agent's plan as a dry run: the tools that only read are called for real (each
   * counts an integration credit, as in a run), the ones that write show what they would send,
   * and the model is not asked. Nothing is recorded.
   */
  async function dryRunPlan(agent: AgentRow, spec: AgentSpec, plan: AgentPlan, input: unknown) {
    const steps: RunStep[] = [];
    let toolset: Awaited<ReturnType<typeof openToolset>> | undefined;
    try {
      const { connect, secrets } = await deps.context.connectorFor(agent);
      toolset = await openToolset(spec, connect);
      const outcome = await runPlan({
        spec,
        plan,
        input,
        model: null,
        dryRun: true,
        toolset,
        owner: await deps.context.ownerOf(agent.userId),
        maxSteps: deps.limits.maxSteps,
        timeLimitMs: Math.min(deps.limits.timeLimitMs, DRY_RUN_TIME_LIMIT_MS),
        secrets,
        onStep: (step) => void steps.push(step),
        beforeToolCall: () => deps.usage.useCredit(agent.userId),
      });
      return { status: outcome.status, error: outcome.error, steps };
    } finally {
      await toolset?.close().catch(() => undefined);
    }
  }

  /** What a run of the agent on `input` would do, with its plan tried out when it has one. */
  return async function dryRunOf(agent: AgentRow, input: unknown): Promise<DryRun> {
    const { spec } = agent;
    const connected = await deps.credentials.connected(agent.userId);
    const connections = Object.fromEntries(
      spec.integrations.map((i) => {
        const integration = integrationById(i.id);
        return [i.id, Boolean(integration && isConnected(integration, connected))];
      }),
    );
    const plan: DryRun = dryRun(spec, null, {
      modelConfigured: Boolean(deps.model()),
      connections,
    });
    if (spec.plan) plan.plan_run = await dryRunPlan(agent, spec, spec.plan, input);
    return plan;
  };
}
