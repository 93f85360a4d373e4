import { eq } from 'drizzle-orm';
import type { IntegrationLookup } from '@spoke/agents';
import type { Db } from '../../db/client.ts';
import { agentSchedules } from '../../db/schema.ts';
import type { AgentRow } from './agent-json.ts';
import { syncPolling } from './poll-state.ts';
import { nextFire } from './schedule.ts';

/**
 * Keeps the schedule row in step with the agent: only active scheduled agents, and active
 * agents that poll for their event, have one. `tx`: the transaction that changed the agent,
 * so that both changes land together.
 */
export async function syncSchedule(
  tx: Db,
  row: AgentRow,
  now: Date,
  lookup?: IntegrationLookup,
): Promise<void> {
  if (await syncPolling(tx, row, now, lookup)) return;
  const { trigger } = row.spec;
  const next =
    trigger.type === 'schedule' && row.status === 'active' ? nextFire(trigger, now) : null;
  if (!next) {
    await tx.delete(agentSchedules).where(eq(agentSchedules.agentId, row.id));
    return;
  }
  await tx
    .insert(agentSchedules)
    .values({ agentId: row.id, nextRunAt: next })
    .onConflictDoUpdate({ target: agentSchedules.agentId, set: { nextRunAt: next } });
}
