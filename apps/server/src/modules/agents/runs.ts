import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { ErrorCode, isUuid, type Run, type RunStep, type User } from '@spoke/shared';
import type {
  AgentSqlEngine,
  IntegrationLookup,
  IntegrationSandbox,
  LanguageModel,
  Mailer,
} from '@spoke/agents';
import type { Database } from '../../db/client.ts';
import { agents, runSteps, runs } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { AgentRow } from './agent-json.ts';
import type { CredentialService } from './credentials.ts';
import { createDryRunner } from './dry-run.ts';
import type { AgentListCache } from './list-cache.ts';
import { modelRefusal } from './model-refusal.ts';
import { createRunContext } from './run-context.ts';
import { runJson, type RunRow } from './run-json.ts';
import { createRunQueue } from './run-queue.ts';
import type { AgentService } from './service.ts';
import type { UsageService } from './usage.ts';

/** Runs listed after `cursor` in newest-first order. */
const olderThan = (cursor: Cursor) =>
  or(
    lt(runs.createdAt, cursor.createdAt),
    and(eq(runs.createdAt, cursor.createdAt), lt(runs.id, cursor.id)),
  )!;

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
  const { database, usage, lists } = deps;
  const { db } = database;
  const context = createRunContext(deps);
  const queue = createRunQueue({ ...deps, db, context });
  const dryRunOf = createDryRunner({ ...deps, context });

  async function stepsOf(runId: string): Promise<RunStep[]> {
    const rows = await db
      .select({ step: runSteps.step })
      .from(runSteps)
      .where(eq(runSteps.runId, runId))
      .orderBy(asc(runSteps.index));
    return rows.map((r) => r.step);
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

  /** Queues a run: one message counted now, or 429; 503 when it needs a model and has none. */
  async function enqueue(agent: AgentRow, trigger: RunTrigger, input: unknown): Promise<RunRow> {
    const refusal = modelRefusal(deps.model(), agent.spec);
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
    queue.kick();
    return row;
  }

  return {
    enqueue,
    kick: queue.kick,
    connectorFor: context.connectorFor,
    recoverAbandoned: queue.recoverAbandoned,
    stop: queue.stop,
    idle: queue.idle,

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
      if (body.dry_run) return { dryRun: await dryRunOf(agent, body.input) };
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
      if (!isUuid(runId)) throw new AppError(404, ErrorCode.NOT_FOUND);
      const [row] = await db.select().from(runs).where(eq(runs.id, runId));
      if (!row) throw new AppError(404, ErrorCode.NOT_FOUND);
      await deps.agentService.find(user, row.agentId, 'read');
      return runJson(row, await stepsOf(row.id));
    },

    /** Runs of the given ids (for tests and the scheduler). */
    async byIds(ids: string[]) {
      return ids.length ? db.select().from(runs).where(inArray(runs.id, ids)) : [];
    },
  };
}
