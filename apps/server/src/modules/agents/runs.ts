import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import {
  ErrorCode,
  planSteps,
  stepsNeedingModel,
  type AgentPlan,
  type AgentSpec,
  type DryRun,
  type Run,
  type RunStep,
  type User,
} from '@spoke/shared';
import {
  MODEL_NOT_CONFIGURED_MESSAGE,
  catalogConnector,
  dryRun,
  integrationById,
  modelNeededMessage,
  openToolset,
  runAgent,
  runPlan,
  type AgentSqlEngine,
  type Connector,
  type IntegrationLookup,
  type IntegrationSandbox,
  type LanguageModel,
  type Mailer,
} from '@spoke/agents';
import type { Database } from '../../db/client.ts';
import { agents, runSteps, runs, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { AgentRow } from './agent-json.ts';
import { builtinContextFor } from './builtin-context.ts';
import type { CredentialService } from './credentials.ts';
import type { AgentListCache } from './list-cache.ts';
import { isConnected } from './credentials.ts';
import { runJson, type RunRow } from './run-json.ts';
import { storedSignInProvider } from './oauth.ts';
import type { AgentService } from './service.ts';
import type { UsageService } from './usage.ts';

/** Runs listed after `cursor` in newest-first order. */
const olderThan = (cursor: Cursor) =>
  or(
    lt(runs.createdAt, cursor.createdAt),
    and(eq(runs.createdAt, cursor.createdAt), lt(runs.id, cursor.id)),
  )!;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a dry run, answered within its request, may read for. */
const DRY_RUN_TIME_LIMIT_MS = 30_000;
/** Extra time past a run's own limit before a running row counts as abandoned. */
const ABANDON_GRACE_MS = 60_000;

export type RunTrigger = Run['trigger'];

export type RunService = ReturnType<typeof createRunService>;

export function createRunService(deps: {
  database: Database;
  /** Where agent-written SQL runs (never in `database`). */
  sqlEngine: AgentSqlEngine;
  agentService: AgentService;
  usage: UsageService;
  credentials: CredentialService;
  mailer: Mailer;
  model: () => LanguageModel | null;
  limits: { maxSteps: number; timeLimitMs: number; concurrency: number };
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** For tests: let built-ins reach servers on 127.0.0.1. */
  allowPrivateNetworks?: boolean;
  /** Where npm integrations run; without one they are refused (see docs/decisions/014). */
  sandbox?: Promise<IntegrationSandbox>;
  /** Agent lists show each agent's last run and usage: every run change is told here. */
  lists: AgentListCache;
  /** Where integrations are found: the catalog, unless a test brings a server of its own. */
  integrations?: IntegrationLookup;
}) {
  const { database, usage, credentials, lists } = deps;
  const { db } = database;
  let active = 0;
  let stopped = false;
  const running = new Set<Promise<void>>();

  async function stepsOf(runId: string): Promise<RunStep[]> {
    const rows = await db
      .select({ step: runSteps.step })
      .from(runSteps)
      .where(eq(runSteps.runId, runId))
      .orderBy(asc(runSteps.index));
    return rows.map((r) => r.step as RunStep);
  }

  async function insertRun(
    agent: AgentRow,
    trigger: RunTrigger,
    input: unknown,
    values: Partial<RunRow>,
  ) {
    const [row] = await db
      .insert(runs)
      .values({
        agentId: agent.id,
        userId: agent.userId,
        trigger,
        input: input === undefined ? null : input,
        ...values,
      })
      .returning();
    lists.forget(agent.userId);
    return row!;
  }

  /**
   * Why the agent cannot run with no model configured, or null when it can: a plan of tool steps
   * runs without one; a plan with model or agent steps, or an agent saved before plans, cannot.
   */
  function modelRefusal(spec: AgentSpec): string | null {
    if (deps.model()) return null;
    if (!spec.plan) return MODEL_NOT_CONFIGURED_MESSAGE;
    const needing = stepsNeedingModel(spec.plan);
    return needing.length
      ? modelNeededMessage(needing, [...planSteps(spec.plan.steps)].length)
      : null;
  }

  /** Queues a run: one message counted now, or 429; 503 when it needs a model and has none. */
  async function enqueue(agent: AgentRow, trigger: RunTrigger, input: unknown): Promise<RunRow> {
    const refusal = modelRefusal(agent.spec as AgentSpec);
    if (refusal) {
      throw new AppError(503, ErrorCode.MODEL_NOT_CONFIGURED, { message: refusal });
    }
    if (agent.pausedUntil && agent.pausedUntil > new Date()) {
      throw new AppError(429, ErrorCode.QUOTA_EXCEEDED, {
        message: `This agent is paused by a plan limit until ${agent.pausedUntil.toISOString().slice(0, 10)}.`,
      });
    }
    await usage.reserveMessage(agent.userId);
    const row = await insertRun(agent, trigger, input, { messages: 1 });
    kick();
    return row;
  }

  /**
   * Connects an agent's integrations as its runs do: the owner's stored credentials (collected
   * in `secrets`, to keep them out of what is recorded), the sandbox, the built-ins' network
   * guards, and in tests an integration of their own.
   */
  async function connectorFor(agent: AgentRow): Promise<{ connect: Connector; secrets: string[] }> {
    const spec = agent.spec as AgentSpec;
    const secrets: string[] = [];
    const connect = catalogConnector({
      lookup: deps.integrations,
      sandbox: await deps.sandbox,
      authProvider: (integration) => storedSignInProvider(credentials, agent.userId, integration),
      credentials: async (integrationId) => {
        const values = await credentials.values(agent.userId, integrationId);
        secrets.push(...Object.values(values));
        return values;
      },
      builtin: builtinContextFor({
        database,
        sqlEngine: deps.sqlEngine,
        agentId: agent.id,
        mailer: deps.mailer,
        webhookSecret: deps.agentService.sendsWebhooks(spec)
          ? await deps.agentService.signingSecretOf(agent)
          : undefined,
        allowPrivateNetworks: deps.allowPrivateNetworks,
      }),
    });
    return { connect, secrets };
  }

  /**
   * Runs the agent's plan as a dry run: the tools that only read are called for real (each counts
   * an integration credit, as in a run), the ones that write show what they would send, and the
   * model is not asked. Nothing is recorded.
   */
  async function dryRunPlan(agent: AgentRow, spec: AgentSpec, plan: AgentPlan, input: unknown) {
    const steps: RunStep[] = [];
    let toolset: Awaited<ReturnType<typeof openToolset>> | undefined;
    try {
      const { connect, secrets } = await connectorFor(agent);
      toolset = await openToolset(spec, connect);
      const outcome = await runPlan({
        spec,
        plan,
        input,
        model: null,
        dryRun: true,
        toolset,
        owner: await ownerOf(agent.userId),
        maxSteps: deps.limits.maxSteps,
        timeLimitMs: Math.min(deps.limits.timeLimitMs, DRY_RUN_TIME_LIMIT_MS),
        secrets,
        onStep: (step) => void steps.push(step),
        beforeToolCall: () => usage.useCredit(agent.userId),
      });
      return { status: outcome.status, error: outcome.error, steps };
    } finally {
      await toolset?.close().catch(() => undefined);
    }
  }

  /** The agent's owner as plans read it (`owner.email`). */
  async function ownerOf(userId: string): Promise<{ email: string } | undefined> {
    const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return owner;
  }

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
    const spec = agent.spec as AgentSpec;
    // (The server's model may have gone since the run was queued.)
    const refusal = modelRefusal(spec);
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
      const { connect, secrets } = await connectorFor(agent);
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
            owner: await ownerOf(agent.userId),
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

  /** Fills the free worker slots; each takes queued runs until none is left. */
  function kick(): void {
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
  }

  return {
    enqueue,
    kick,
    connectorFor,

    /** A run that could not start (no model, a plan limit), kept so that its owner sees why. */
    async recordRefused(agent: AgentRow, trigger: RunTrigger, err: AppError): Promise<void> {
      const now = new Date();
      await insertRun(agent, trigger, null, {
        status: 'failed',
        error: err.message,
        startedAt: now,
        finishedAt: now,
      });
    },

    async start(user: User, agentId: string, body: { input?: unknown; dry_run?: boolean }) {
      const agent = await deps.agentService.find(user, agentId, 'write');
      if (body.dry_run) {
        const spec = agent.spec as AgentSpec;
        const connected = await credentials.connected(agent.userId);
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
        if (spec.plan) plan.plan_run = await dryRunPlan(agent, spec, spec.plan, body.input);
        return { dryRun: plan };
      }
      const row = await enqueue(agent, 'manual', body.input);
      return { run: runJson(row) };
    },

    async list(user: User, agentId: string, limit: number, after?: Cursor) {
      const agent = await deps.agentService.find(user, agentId, 'read');
      const filters = [eq(runs.agentId, agent.id)];
      if (after) filters.push(olderThan(after));
      const rows = await db
        .select()
        .from(runs)
        .where(and(...filters))
        .orderBy(desc(runs.createdAt), desc(runs.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return { runs: page.map((r) => runJson(r)), last: page.at(-1), more: rows.length > limit };
    },

    /** The user's newest runs across the agents they own, each naming its agent. */
    async recent(user: User, limit: number, after?: Cursor) {
      const filters = [eq(agents.userId, user.id)];
      if (after) filters.push(olderThan(after));
      const rows = await db
        .select({ run: runs, name: sql<string | null>`${agents.spec}->>'name'` })
        .from(runs)
        .innerJoin(agents, eq(runs.agentId, agents.id))
        .where(and(...filters))
        .orderBy(desc(runs.createdAt), desc(runs.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        runs: page.map(({ run, name }) => ({ ...runJson(run), agent_name: name ?? '' })),
        last: page.at(-1)?.run,
        more: rows.length > limit,
      };
    },

    async get(user: User, runId: string): Promise<Run> {
      if (!UUID.test(runId)) throw new AppError(404, ErrorCode.NOT_FOUND);
      const [row] = await db.select().from(runs).where(eq(runs.id, runId));
      if (!row) throw new AppError(404, ErrorCode.NOT_FOUND);
      await deps.agentService.find(user, row.agentId, 'read');
      return runJson(row, await stepsOf(row.id));
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

    /** Runs of the given ids (for tests and the scheduler). */
    async byIds(ids: string[]) {
      return ids.length ? db.select().from(runs).where(inArray(runs.id, ids)) : [];
    },
  };
}
