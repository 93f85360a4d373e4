import { and, eq, lte } from 'drizzle-orm';
import type { IntegrationLookup } from '@spoke/agents';
import type { Db } from '../../db/client.ts';
import { agentSchedules, agents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nextPoll } from './poll-state.ts';
import type { Poller } from './poller.ts';
import type { RunService } from './runs.ts';
import { nextFire } from './schedule.ts';
import type { AgentService } from './service.ts';
import type { UsageService } from './usage.ts';

const BATCH = 50;

export type Scheduler = ReturnType<typeof createScheduler>;

/**
 * Fires schedules and polls. Every instance ticks; a schedule's next time moves on by
 * compare-and-set (`where next_run_at = <the time this instance saw>`), so exactly one instance
 * wins each firing and queues the run — or, for an event trigger delivered by polling, hands the
 * agent to its poller. Also resumes agents whose limit period ended and fails runs that an
 * instance abandoned.
 */
export function createScheduler(deps: {
  db: Db;
  agentService: AgentService;
  runService: RunService;
  usage: UsageService;
  poller: Poller;
  lookup?: IntegrationLookup;
  intervalMs: number;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const { db } = deps;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<number> | undefined;

  async function fire(now: Date): Promise<number> {
    const due = await db
      .select({ schedule: agentSchedules, agent: agents })
      .from(agentSchedules)
      .innerJoin(agents, eq(agents.id, agentSchedules.agentId))
      .where(lte(agentSchedules.nextRunAt, now))
      .limit(BATCH);
    let fired = 0;
    for (const { schedule, agent } of due) {
      const { spec } = agent;
      const next =
        spec.trigger.type === 'schedule'
          ? nextFire(spec.trigger, now)
          : nextPoll(spec, now, deps.lookup);
      const won = next
        ? await db
            .update(agentSchedules)
            .set({ nextRunAt: next })
            .where(
              and(
                eq(agentSchedules.agentId, schedule.agentId),
                eq(agentSchedules.nextRunAt, schedule.nextRunAt),
              ),
            )
            .returning({ id: agentSchedules.agentId })
        : await db
            .delete(agentSchedules)
            .where(
              and(
                eq(agentSchedules.agentId, schedule.agentId),
                eq(agentSchedules.nextRunAt, schedule.nextRunAt),
              ),
            )
            .returning({ id: agentSchedules.agentId });
      if (!won.length || agent.status !== 'active') continue;
      if (spec.trigger.type === 'event') {
        if (deps.poller.submit(agent, now)) fired++;
        continue;
      }
      try {
        await deps.runService.enqueue(agent, 'schedule', {
          scheduled_for: schedule.nextRunAt.toISOString(),
        });
        fired++;
      } catch (err) {
        // No model or a plan limit: the run is refused like any other; the schedule goes on.
        if (err instanceof AppError) await deps.runService.recordRefused(agent, 'schedule', err);
        else deps.log.warn({ err, agentId: agent.id }, 'scheduled run could not be queued');
      }
    }
    return fired;
  }

  async function tick(now = new Date()): Promise<number> {
    for (const row of await deps.usage.resumeExpired(now)) {
      await deps.agentService.syncSchedule(row, now);
    }
    await deps.runService.recoverAbandoned(now);
    return fire(now);
  }

  return {
    /**
     * One pass: resumes, recovers and fires what is due at `now`; the number of scheduled runs
     * queued and polls started (a poll runs in the background: see the poller's `idle`).
     */
    tick,
    start() {
      timer = setInterval(() => {
        if (ticking) return;
        ticking = tick()
          .catch((err: unknown) => {
            deps.log.warn({ err }, 'scheduler tick failed');
            return 0;
          })
          .finally(() => (ticking = undefined));
      }, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await ticking;
      await deps.poller.stop();
    },
  };
}
