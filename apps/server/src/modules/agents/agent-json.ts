import type { Agent, AgentPoll, AgentSpec } from '@spoke/shared';
import { deliveryOf, integrationById } from '@spoke/agents';
import type { agents } from '../../db/schema.ts';
import { isConnected } from './credentials.ts';

export type AgentRow = typeof agents.$inferSelect;
/** What the API's agent object is made of. */
export type AgentFields = Pick<
  AgentRow,
  'id' | 'status' | 'pausedUntil' | 'compiledBy' | 'spec' | 'createdAt' | 'updatedAt' | 'lastRunAt'
>;

/**
 * Triggers that are called from outside: webhooks, and events the service delivers by webhook.
 * Their agents have a hook URL and a secret; an agent that polls for its events has neither.
 */
export const hasHook = (spec: AgentSpec) =>
  spec.trigger.type === 'webhook' || deliveryOf(spec.trigger)?.type === 'webhook';

/**
 * The API's agent object. `secret` (inbound) and `signingSecret` (outgoing webhooks) only for
 * the owner's own single-agent answers.
 */
export function agentJson(
  row: AgentFields,
  options: {
    appUrl: string;
    connected: Set<string>;
    secret?: string | null;
    signingSecret?: string | null;
    /** Where polling stands (single-agent answers); left out of lists. */
    poll?: AgentPoll | null;
    /** The description it was built from (single-agent answers). */
    prompt?: string;
  },
): Agent {
  const { spec } = row;
  const connections = Object.fromEntries(
    spec.integrations.map((i) => {
      const integration = integrationById(i.id);
      return [i.id, integration ? isConnected(integration, options.connected) : false];
    }),
  );
  return {
    id: row.id,
    status: row.status,
    paused_until: row.pausedUntil?.toISOString() ?? null,
    compiled_by: row.compiledBy,
    spec,
    connections,
    webhook: hasHook(spec)
      ? {
          url: `${options.appUrl}/api/hooks/${row.id}`,
          ...(options.secret ? { secret: options.secret } : {}),
        }
      : null,
    ...(options.signingSecret ? { webhook_signing_secret: options.signingSecret } : {}),
    ...(options.poll === undefined ? {} : { poll: options.poll }),
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_run_at: row.lastRunAt?.toISOString() ?? null,
  };
}
