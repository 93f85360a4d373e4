import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { closeCompiler } from '@spoke/agents';
import type { AgentPlan, AgentSpec } from '@spoke/shared';
import type { App } from '../../apps/server/src/app.ts';
import { agentSchedules, runs, users } from '../../apps/server/src/db/schema.ts';
import { createFreshDatabase } from '../../apps/server/src/test/fresh-database.ts';
import {
  bearer,
  register,
  startTestApp,
  type TestApp,
} from '../../apps/server/src/test/harness.ts';
import { DEFAULT_POSTGRES_URL, type BenchContext } from '../lib/context.ts';
import { percentile } from '../lib/stats.ts';
import { fmtInt, fmtMs, table } from '../lib/table.ts';

/** Agents due at the same time, spread over USERS accounts. */
const AGENTS = 200;
const USERS = 8;
/** Agents created at once. */
const CREATE_AT_ONCE = 8;
/** How long the runs of one due time may take before the benchmark gives up. */
const FINISH_WITHIN_MS = 120_000;
/** The schedulers only tick when told to: an interval of a day never fires during the bench. */
const NO_TIMER_MS = 24 * 60 * 60 * 1000;

export type RoundFigures = {
  instances: number;
  agents: number;
  /** Runs created for this due time. */
  started: number;
  succeeded: number;
  failed: number;
  firstError: string | null;
  /** Agents with no run for the due time, and with more than one. */
  missing: number;
  doubled: number;
  exactlyOnce: boolean;
  /** Runs queued by each instance's ticks. */
  firedByInstance: number[];
  ticks: number;
  /** From the first tick to the last run finished. */
  wallMs: number;
  runsPerMinute: number;
  runMs: { p50: number; p95: number };
  /** From the first tick to the run starting. */
  queuedMs: { p50: number; p95: number };
};
export type ScheduledFigures =
  | { skipped: string }
  | {
      database: string;
      agents: number;
      users: number;
      plan: AgentPlan;
      runConcurrencyPerInstance: number;
      setupMs: number;
      rounds: RoundFigures[];
    };

/** The PostgreSQL server to use: the one chosen with `--db postgres`, else the tests'. */
function postgresBase(ctx: BenchContext): string {
  if (ctx.database.kind === 'postgres') return ctx.database.url;
  return process.env.TEST_DATABASE_URL?.trim() || DEFAULT_POSTGRES_URL;
}

const hostOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
};

/** Null when the server answers, else why not. */
async function unreachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  const started = performance.now();
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    if (performance.now() - started >= 3000) return 'no answer within 3 s';
    return err instanceof Error ? err.message || err.name : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A status endpoint on 127.0.0.1 that the agents fetch. */
async function statusServer(): Promise<{
  url: string;
  requests: () => number;
  close(): Promise<void>;
}> {
  let requests = 0;
  const server: Server = createServer((_req, res) => {
    requests++;
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ state: 'ok', checked: 3 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Read the clock, fetch the status, remember both: three tool steps, no model. */
function planFor(statusUrl: string): Pick<AgentSpec, 'steps' | 'integrations' | 'plan'> {
  return {
    steps: [
      {
        text: 'Read the clock, fetch the status and remember it',
        tools: ['clock.now', 'http-request.http_request', 'memory.memory_set'],
      },
    ],
    integrations: ['clock', 'http-request', 'memory'].map((id) => ({
      id,
      why: 'the benchmark',
      config: [],
    })),
    plan: {
      steps: [
        { id: 'now', kind: 'tool', tool: 'clock.now', args: { timezone: 'UTC' } },
        {
          id: 'fetch',
          kind: 'tool',
          tool: 'http-request.http_request',
          args: { method: 'GET', url: `${statusUrl}/status` },
        },
        {
          id: 'remember',
          kind: 'tool',
          tool: 'memory.memory_set',
          args: {
            key: 'last_status',
            value: { state: '{{steps.fetch.body.state}}', at: '{{steps.now.utc}}' },
          },
        },
      ],
    },
  };
}

async function api(app: App, method: 'POST' | 'PATCH', url: string, token: string, body: object) {
  const res = await app.inject({ method, url, headers: bearer(token), payload: body });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Record<string, unknown> }).data;
}

/** AGENTS hourly agents over USERS accounts (on a plan without message limits). */
async function createAgents(app: App, statusUrl: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const user = await register(app);
    tokens.push(user.token);
    await app.spoke.database.db
      .update(users)
      .set({ plan: 'enterprise' })
      .where(eq(users.id, user.user.id));
  }
  const spec = planFor(statusUrl);
  const ids: string[] = [];
  for (let first = 0; first < AGENTS; first += CREATE_AT_ONCE) {
    const batch = Array.from(
      { length: Math.min(CREATE_AT_ONCE, AGENTS - first) },
      (_, k) => first + k,
    );
    ids.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const token = tokens[n % USERS]!;
          const { agent } = (await api(app, 'POST', '/api/agents', token, {
            prompt: `Every hour, read the clock, fetch ${statusUrl}/status and remember what it says (${n})`,
          })) as { agent: { id: string; spec: AgentSpec } };
          if (agent.spec.trigger.type !== 'schedule') {
            throw new Error(`agent ${n} is not scheduled: ${JSON.stringify(agent.spec.trigger)}`);
          }
          await api(app, 'PATCH', `/api/agents/${agent.id}`, token, { spec });
          return agent.id;
        }),
      )),
    );
  }
  return ids;
}

type RunRow = {
  id: string;
  agentId: string;
  status: string;
  error: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
};

async function scheduledRuns(app: App): Promise<RunRow[]> {
  return app.spoke.database.db
    .select({
      id: runs.id,
      agentId: runs.agentId,
      status: runs.status,
      error: runs.error,
      startedAt: runs.startedAt,
      finishedAt: runs.finishedAt,
    })
    .from(runs)
    .where(sql`${runs.trigger} = 'schedule'`);
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/**
 * Makes every agent due at `due`, ticks each instance's scheduler for that time (all at once,
 * again until none fires: a tick takes at most 50 due agents), waits until every run finished,
 * and counts the runs of that due time per agent.
 */
async function round(instances: TestApp[], agentIds: string[], due: Date): Promise<RoundFigures> {
  const { db } = instances[0]!.app.spoke.database;
  const before = new Set((await scheduledRuns(instances[0]!.app)).map((r) => r.id));
  await db.update(agentSchedules).set({ nextRunAt: due });

  const firedByInstance = instances.map(() => 0);
  let ticks = 0;
  const started = Date.now();
  for (;;) {
    const fired = await Promise.all(instances.map((t) => t.app.spoke.scheduler.tick(due)));
    ticks++;
    fired.forEach((n, k) => (firedByInstance[k]! += n));
    if (fired.every((n) => n === 0)) break;
  }
  const deadline = Date.now() + FINISH_WITHIN_MS;
  for (;;) {
    await Promise.all(instances.map((t) => t.app.spoke.runs.idle()));
    const [open] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(runs)
      .where(inArray(runs.status, ['queued', 'running']));
    if (!open?.n) break;
    if (Date.now() > deadline)
      throw new Error(`${open.n} runs still open after ${FINISH_WITHIN_MS} ms`);
    await sleep(20);
  }

  const these = (await scheduledRuns(instances[0]!.app)).filter((r) => !before.has(r.id));
  const perAgent = new Map(agentIds.map((id) => [id, 0]));
  for (const r of these) perAgent.set(r.agentId, (perAgent.get(r.agentId) ?? 0) + 1);
  const counts = [...perAgent.values()];
  const missing = counts.filter((n) => n === 0).length;
  const doubled = counts.filter((n) => n > 1).length;
  const succeeded = these.filter((r) => r.status === 'succeeded');
  const finished = these.flatMap((r) => (r.finishedAt ? [r.finishedAt.getTime()] : []));
  const wallMs = finished.length ? Math.max(...finished) - started : Number.NaN;
  return {
    instances: instances.length,
    agents: agentIds.length,
    started: these.length,
    succeeded: succeeded.length,
    failed: these.length - succeeded.length,
    firstError: these.find((r) => r.status !== 'succeeded')?.error ?? null,
    missing,
    doubled,
    exactlyOnce: these.length === agentIds.length && missing === 0 && doubled === 0,
    firedByInstance,
    ticks,
    wallMs,
    runsPerMinute: (these.length / wallMs) * 60_000,
    runMs: spread(
      these.flatMap((r) =>
        r.startedAt && r.finishedAt ? [r.finishedAt.getTime() - r.startedAt.getTime()] : [],
      ),
    ),
    queuedMs: spread(these.flatMap((r) => (r.startedAt ? [r.startedAt.getTime() - started] : []))),
  };
}

/**
 * Tool-only scheduled runs on PostgreSQL: AGENTS agents whose plan reads the clock, fetches a
 * status endpoint on 127.0.0.1 and stores the answer in the agent's memory, all due at the same
 * time. One app instance fires and runs them (the baseline), then two instances on the same
 * database tick for the next due time at once. Each due time must start each agent exactly once.
 */
export async function measureScheduled(ctx: BenchContext): Promise<ScheduledFigures> {
  const base = postgresBase(ctx);
  const problem = await unreachable(base);
  if (problem) {
    const skipped = `PostgreSQL at ${hostOf(base)} cannot be reached (${problem})`;
    console.log(
      `SKIPPED: ${skipped}. Set TEST_DATABASE_URL or BENCH_DATABASE_URL to a server that accepts ` +
        'CREATE DATABASE.',
    );
    return { skipped };
  }

  const status = await statusServer();
  const database = await createFreshDatabase(base, 'spoke_bench');
  const instances: TestApp[] = [];
  const shared = {
    databaseUrl: database.url,
    allowPrivateNetworks: true,
    // Both instances read what the other sealed, as in a real deployment.
    secretsKey: randomBytes(32).toString('base64'),
    schedulerIntervalMs: NO_TIMER_MS,
  };
  const startInstance = async () => {
    const t = await startTestApp(shared);
    instances.push(t);
    return t;
  };
  try {
    const setupStarted = performance.now();
    const first = await startInstance();
    const agentIds = await createAgents(first.app, status.url);
    const setupMs = performance.now() - setupStarted;
    const concurrency = first.config.runs.concurrency;
    console.log(
      `${fmtInt(AGENTS)} hourly agents over ${USERS} accounts, created through the API in ` +
        `${(setupMs / 1000).toFixed(1)} s on PostgreSQL ${hostOf(database.url)}; each run: ` +
        'clock.now, http_request to 127.0.0.1, memory_set (3 tool steps, no model). ' +
        `${concurrency} runs at a time per instance (RUN_CONCURRENCY's default); instances in ` +
        'this process, each with its own pool, scheduler and run workers.\n',
    );

    const nextDue = (after?: Date) => {
      const now = Math.floor(Date.now() / 1000) * 1000;
      return new Date(after ? Math.max(now, after.getTime() + 1000) : now);
    };
    const one = await round([first], agentIds, nextDue());
    await startInstance();
    const two = await round(instances, agentIds, nextDue());
    const rounds = [one, two];

    console.log(
      table(
        [
          'instances',
          'agents',
          'runs started',
          'succeeded',
          'wall s',
          'runs/min',
          'x baseline',
          'run p50 ms',
          'run p95 ms',
          'start p95 ms',
          'fired per instance',
          'exactly once',
        ],
        rounds.map((r) => [
          r.instances === 1 ? '1 (baseline)' : String(r.instances),
          fmtInt(r.agents),
          fmtInt(r.started),
          fmtInt(r.succeeded),
          (r.wallMs / 1000).toFixed(2),
          fmtInt(r.runsPerMinute),
          (r.runsPerMinute / one.runsPerMinute).toFixed(2),
          fmtMs(r.runMs.p50),
          fmtMs(r.runMs.p95),
          fmtMs(r.queuedMs.p95),
          r.firedByInstance.map(fmtInt).join(' / '),
          r.exactlyOnce ? 'held' : 'FAILED',
        ]),
      ),
    );
    console.log(
      '\n(wall: first tick to last run finished; run: started to finished; start: first tick to ' +
        'run started.)',
    );
    for (const r of rounds) {
      const who = `${r.instances} instance${r.instances > 1 ? 's' : ''}`;
      if (!r.exactlyOnce) {
        console.log(
          `FAILED: exactly once per due time (${who}): ${r.started} runs for ${r.agents} agents, ` +
            `${r.missing} agents without a run, ${r.doubled} with more than one`,
        );
        process.exitCode = 1;
      }
      if (r.failed) {
        console.log(`FAILED: ${r.failed} runs failed (${who}); first error: ${r.firstError}`);
        process.exitCode = 1;
      }
    }
    if (rounds.every((r) => r.exactlyOnce && !r.failed)) {
      console.log(
        `exactly once per due time: MET (${rounds.map((r) => `${r.started} of ${r.agents}`).join(', ')}); ` +
          `every run succeeded; status endpoint fetched ${fmtInt(status.requests())} times`,
      );
    }
    return {
      database: `PostgreSQL ${hostOf(database.url)}`,
      agents: AGENTS,
      users: USERS,
      plan: planFor(status.url).plan!,
      runConcurrencyPerInstance: concurrency,
      setupMs,
      rounds,
    };
  } finally {
    for (const t of instances.reverse()) {
      await t.close();
      rmSync(t.config.dataDir, { recursive: true, force: true });
    }
    await database.drop();
    await status.close();
    // The embedded compiler's workers belong to the process, not to an app: creating the agents
    // started them.
    await closeCompiler();
  }
}
