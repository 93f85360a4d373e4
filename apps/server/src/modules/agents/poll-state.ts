import { and, eq, sql } from 'drizzle-orm';
import type { AgentPoll, AgentSpec } from '@spoke/shared';
import {
  noPollToolMessage,
  pollPlanOf,
  pollSourceKey,
  type IntegrationLookup,
} from '@spoke/agents';
import type { Db } from '../../db/client.ts';
import { agentPolls, agentSchedules } from '../../db/schema.ts';
import type { AgentRow } from './agent-json.ts';

export type PollRow = typeof agentPolls.$inferSelect;

const minutes = (n: number) => n * 60_000;

/**
 * Keeps an agent whose event trigger is delivered by polling in step with it, inside the
 * transaction that changed the agent. What is polled gets a state row; a new source (another
 * tool, arguments, event or integration) forgets the items seen and starts with a baseline. An
 * active agent gets its next poll in `agent_schedules`: at once when a baseline is due, else no
 * later than one interval from now (a shorter interval takes effect at once, an unchanged one
 * keeps its time). Returns false for agents that do not poll: the caller handles their trigger.
 */
export async function syncPolling(
  tx: Db,
  row: AgentRow,
  now: Date,
  lookup?: IntegrationLookup,
): Promise<boolean> {
  const plan = pollPlanOf(row.spec.trigger, lookup);
  if (!plan?.tool) {
    await tx.delete(agentPolls).where(eq(agentPolls.agentId, row.id));
    return false;
  }
  const source = pollSourceKey(plan);
  const started = await tx
    .insert(agentPolls)
    .values({ agentId: row.id, source })
    .onConflictDoUpdate({
      target: agentPolls.agentId,
      set: { source, seen: null, lastError: null, version: sql`${agentPolls.version} + 1` },
      setWhere: sql`${agentPolls.source} <> excluded.source`,
    })
    .returning({ id: agentPolls.agentId });
  if (row.status !== 'active') {
    await tx.delete(agentSchedules).where(eq(agentSchedules.agentId, row.id));
    return true;
  }
  const next = started.length ? now : new Date(now.getTime() + minutes(plan.intervalMinutes));
  await tx
    .insert(agentSchedules)
    .values({ agentId: row.id, nextRunAt: next })
    .onConflictDoUpdate({
      target: agentSchedules.agentId,
      set: { nextRunAt: sql`least(${agentSchedules.nextRunAt}, excluded.next_run_at)` },
    });
  return true;
}

/** The time after a poll due at `now`: one interval on. */
export function nextPoll(spec: AgentSpec, now: Date, lookup?: IntegrationLookup): Date | null {
  const plan = pollPlanOf(spec.trigger, lookup);
  return plan?.tool ? new Date(now.getTime() + minutes(plan.intervalMinutes)) : null;
}

export async function readPollState(db: Db, agentId: string): Promise<PollRow | undefined> {
  const [row] = await db.select().from(agentPolls).where(eq(agentPolls.agentId, agentId));
  return row;
}

/**
 * Stores a poll's outcome over the state it read (compare-and-set on `version`): false when
 * another poll or a change of trigger came first, and this outcome is dropped.
 */
export async function storePollState(
  db: Db,
  read: Pick<PollRow, 'agentId' | 'version'>,
  values: Partial<Pick<PollRow, 'seen' | 'lastPolledAt' | 'lastError'>>,
): Promise<boolean> {
  const stored = await db
    .update(agentPolls)
    .set({ ...values, version: read.version + 1 })
    .where(and(eq(agentPolls.agentId, read.agentId), eq(agentPolls.version, read.version)))
    .returning({ id: agentPolls.agentId });
  return stored.length > 0;
}

/** Where polling stands, for the agent's JSON; null unless its event trigger is polled. */
export async function pollJson(
  db: Db,
  row: Pick<AgentRow, 'id' | 'spec' | 'status'>,
  lookup?: IntegrationLookup,
): Promise<AgentPoll | null> {
  const plan = pollPlanOf(row.spec.trigger, lookup);
  if (!plan) return null;
  const base = { interval_minutes: plan.intervalMinutes, tool: plan.tool };
  if (!plan.tool) {
    return {
      ...base,
      next_poll_at: null,
      last_polled_at: null,
      last_error: noPollToolMessage(plan, lookup),
    };
  }
  const [state] = await db
    .select({
      lastPolledAt: agentPolls.lastPolledAt,
      lastError: agentPolls.lastError,
      next: agentSchedules.nextRunAt,
    })
    .from(agentPolls)
    .leftJoin(agentSchedules, eq(agentSchedules.agentId, agentPolls.agentId))
    .where(eq(agentPolls.agentId, row.id));
  return {
    ...base,
    // An agent paused by a plan limit keeps its row but does not poll.
    next_poll_at: row.status === 'active' ? (state?.next?.toISOString() ?? null) : null,
    last_polled_at: state?.lastPolledAt?.toISOString() ?? null,
    last_error: state?.lastError ?? null,
  };
}
