import { and, eq, lt, sql } from 'drizzle-orm';
import type { RunStep } from '@spoke/shared';
import { openToolset, runAgent, runPlan, type LanguageModel } from '@spoke/agents';
import type { Db } from '../../db/client.ts';
import { agents, runSteps, runs } from '../../db/schema.ts';
import type { AgentListCache } from './list-cache.ts';
import { modelRefusal } from './model-refusal.ts';
import type { RunContext } from './run-context.ts';
import type { RunRow } from './run-json.ts';
import type { UsageService } from './usage.ts';

/** Extra time past a run's own limit before a running row counts as abandoned. */
const ABANDON_GRACE_MS = 60_000;

export type RunQueue = ReturnType<typeof createRunQueue>;

/**
 * The workers that carry out queued runs: up to `limits.concurrency` in this instance, each
 * claiming the oldest queued run so that instances sharing the database never run one twice.
 */
export function createRunQueue(deps: {
  db: Db;
  usage: UsageService;
  model: () => LanguageModel | null;
  limits: { maxSteps: number; timeLimitMs: number; concurrency: number };
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Agent lists show each agent's last run and usage: every run change is told here. */
  lists: AgentListCache;
  context: RunContext;
}) {
  const { db, usage, lists, context } = deps;
  let active = 0;
  let stopped = false;
  const running = new Set<Promise<void>>();

  /** Takes the oldest queued run, if any, so that exactly one worker runs it. */
  async function claim(): Promise<RunRow | null> {
    const deadline = new Date(Date.now() + deps.limits.timeLimitMs + ABANDON_GRACE_MS);
    const claimed = await db
      .update(runs)
      .set({ status: 'running', startedAt: new Date(), deadlineAt: deadline })
      .where(
        eq(
          runs.id,
          sql`(select id from ${runs} where ${runs.status} = 'queued' order by ${runs.createdAt} limit 1 for update skip locked)`,
        ),
      )
      .returning();
    if (claimed[0]) lists.forget(claimed[0].userId);
    return claimed[0] ?? null;
  }

  async function execute(run: RunRow): Promise<void> {
    const [agent] = await db.select().from(agents).where(eq(agents.id, run.agentId));
    const model = deps.model();
    const finish = async (values: Partial<RunRow>) => {
      await db
        .update(runs)
        .set({ finishedAt: new Date(), ...values })
        .where(eq(runs.id, run.id));
      await db.update(agents).set({ lastRunAt: new Date() }).where(eq(agents.id, run.agentId));
      lists.forget(run.userId);
    };
    if (!agent) {
      await finish({ status: 'failed', error: 'The agent was deleted' });
      return;
    }
    const { spec } = agent;
    // (The server's model may have gone since the run was queued.)
    const refusal = modelRefusal(model, spec);
    if (refusal) {
      await finish({ status: 'failed', error: refusal });
      return;
    }
    let index = 0;
    let credits = 0;
    const record = async (step: RunStep) => {
      await db.insert(runSteps).values({ runId: run.id, index, step: { ...step, index } });
      index++;
    };
    let toolset: Awaited<ReturnType<typeof openToolset>> | undefined;
    try {
      const { connect, secrets } = await context.connectorFor(agent);
      toolset = await openToolset(spec, connect);
      // An integration that could not start is part of the run's story: its owner sees why.
      for (const failure of toolset.failures) {
        await record({
          index,
          type: 'tool',
          duration_ms: 0,
          tool: failure.integration,
          error: failure.error,
        });
      }
      const common = {
        spec,
        input: run.input,
        toolset,
        maxSteps: deps.limits.maxSteps,
        timeLimitMs: deps.limits.timeLimitMs,
        secrets,
        onStep: record,
        beforeToolCall: async () => {
          await usage.useCredit(agent.userId);
          credits++;
          await db.update(runs).set({ credits }).where(eq(runs.id, run.id));
          lists.forget(run.userId);
        },
      };
      const result = spec.plan
        ? await runPlan({
            ...common,
            plan: spec.plan,
            model,
            owner: await context.ownerOf(agent.userId),
          })
        : await runAgent({ ...common, model: model! });
      await finish({
        status: result.status,
        error: result.error,
        credits,
        tokensIn: result.tokens.input,
        tokensOut: result.tokens.output,
      });
    } catch (err) {
      deps.log.error({ err, runId: run.id }, 'run failed unexpectedly');
      await finish({ status: 'failed', error: 'The run stopped on an internal error', credits });
    } finally {
      await toolset?.close().catch(() => undefined);
    }
  }

  return {
    /** Fills the free worker slots; each takes queued runs until none is left. */
    kick(): void {
      while (!stopped && active < deps.limits.concurrency) {
        active++;
        const work = (async () => {
          try {
            for (let run = await claim(); run && !stopped; run = await claim()) await execute(run);
          } catch (err) {
            deps.log.warn({ err }, 'run worker failed');
          } finally {
            active--;
          }
        })();
        running.add(work);
        void work.finally(() => running.delete(work));
      }
    },

    /** Runs left running by an instance that died are failed, with the reason. */
    async recoverAbandoned(now = new Date()): Promise<number> {
      const rows = await db
        .update(runs)
        .set({
          status: 'failed',
          finishedAt: now,
          error: 'The run was interrupted: the server running it stopped',
        })
        .where(and(eq(runs.status, 'running'), lt(runs.deadlineAt, now)))
        .returning({ id: runs.id, userId: runs.userId });
      for (const row of rows) lists.forget(row.userId);
      return rows.length;
    },

    /** Stops taking work and waits for the runs in progress. */
    async stop(): Promise<void> {
      stopped = true;
      await Promise.allSettled([...running]);
    },

    /** For tests: resolves when no run is in progress in this instance. */
    async idle(): Promise<void> {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
