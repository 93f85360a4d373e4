import { eq } from 'drizzle-orm';
import {
  startOpenAITestServer,
  toolResultsOf,
  type ChatRequest,
  type ScriptedReply,
} from '@spoke/agents/testing';
import type { Agent, Run } from '@spoke/shared';
import { users } from '../../apps/server/src/db/schema.ts';
import { startSpoke } from '../api/spoke-server.ts';
import type { BenchContext } from '../lib/context.ts';
import { measure, type Figures } from '../lib/load.ts';
import { writeResults } from '../lib/results.ts';
import { fmtInt, fmtMs, table } from '../lib/table.ts';

/** Others' requests must be answered within this while an agent's work runs without end. */
export const HEALTH_P99_TARGET_MS = 1000;

type Attack = { label: string; tool: string; arguments: Record<string, unknown> };

const ATTACKS: Attack[] = [
  {
    label: 'SQL statement without end (stopped at 5 s)',
    tool: 'sql_query',
    arguments: {
      sql: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n',
    },
  },
  {
    label: 'SQL statement of 20 s (stopped at 5 s)',
    tool: 'sql_query',
    arguments: { sql: 'SELECT pg_sleep(20)' },
  },
  {
    label: 'JSONata backtracking regex (stopped at 1 s)',
    tool: 'json_query',
    arguments: { expression: '$match(s, /^(a+)+$/)', input: { s: `${'a'.repeat(48)}!` } },
  },
];

/**
 * `/api/health` under load from other clients, first with nothing else running, then while one
 * agent keeps running work that never ends by itself (a new run as soon as the last one was
 * stopped). Agent SQL and JSONata run in worker threads that are terminated at their limits, so
 * the server's own thread must stay free: p99 under HEALTH_P99_TARGET_MS.
 */
export async function run(ctx: BenchContext): Promise<void> {
  let wanted: Attack = ATTACKS[0] as Attack;
  const model = await startOpenAITestServer({
    fallback: (request: ChatRequest): ScriptedReply => {
      if (!request.tools?.length) return { text: 'No spec here.' };
      if (toolResultsOf(request).length > 0) return { text: 'done' };
      const name =
        request.tools.find((x) => x.function.name.endsWith(`__${wanted.tool}`))?.function.name ??
        'missing';
      return { toolCalls: [{ name, arguments: wanted.arguments }] };
    },
  });
  const server = await startSpoke(ctx.database, {
    llm: { provider: 'openai-compatible', model: 'bench', baseUrl: model.url },
    runs: { maxSteps: 3, timeLimitMs: 120_000, concurrency: 2 },
  });
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.origin}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  };
  try {
    const me = (await api('GET', '/api/account/me')).data.user as { id: string };
    // Enough runs a day for a whole benchmark.
    await server.app.spoke.database.db
      .update(users)
      .set({ plan: 'elite' })
      .where(eq(users.id, me.id));
    const agent = (
      await api('POST', '/api/agents', {
        prompt: 'Every day query my table with SQL and reshape the rows with a JSON transform',
      })
    ).data.agent as Agent;
    const have = new Set(agent.spec.integrations.map((i) => i.id));
    await api('PATCH', `/api/agents/${agent.id}`, {
      spec: {
        integrations: [
          ...agent.spec.integrations,
          ...['sql', 'transform']
            .filter((id) => !have.has(id))
            .map((id) => ({ id, why: 'the benchmark', config: [] })),
        ],
      },
    });

    const rows: { label: string; figures: Figures; runs: number; stopped: number }[] = [];
    const health = { url: `${server.origin}/api/health` };
    rows.push({
      label: 'nothing else running',
      figures: await measure(health, ctx.settings),
      runs: 0,
      stopped: 0,
    });

    for (const attack of ATTACKS) {
      wanted = attack;
      let active = true;
      let runs = 0;
      let stopped = 0;
      const attacker = (async () => {
        while (active) {
          const started = (await api('POST', `/api/agents/${agent.id}/runs`, { input: 'go' })).data
            .run as Run;
          runs++;
          for (;;) {
            const run = (await api('GET', `/api/runs/${started.id}`)).data.run as Run & {
              steps?: { error?: string | null }[];
            };
            if (run.status === 'succeeded' || run.status === 'failed') {
              if (run.steps?.some((s) => /was stopped/.test(s.error ?? ''))) stopped++;
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      })();
      // The first run is under way (an SQL engine starting) before measuring begins.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const figures = await measure(health, { ...ctx.settings, warmupSec: 0 });
      active = false;
      await attacker;
      rows.push({ label: attack.label, figures, runs, stopped });
    }

    const idle = rows[0]!.figures;
    console.log(
      table(
        [
          '/api/health while',
          'req/s',
          'p50 ms',
          'p99 ms',
          'p99 vs idle',
          'errors',
          'runs (stopped)',
          'target',
        ],
        rows.map(({ label, figures, runs, stopped }) => [
          label,
          fmtInt(figures.reqPerSec),
          fmtMs(figures.latencyP50Ms),
          fmtMs(figures.latencyP99Ms),
          `${(figures.latencyP99Ms / Math.max(idle.latencyP99Ms, 0.01)).toFixed(2)}x`,
          String(figures.errors + figures.non2xx),
          runs ? `${runs} (${stopped})` : '-',
          figures.latencyP99Ms < HEALTH_P99_TARGET_MS
            ? 'met'
            : `MISSED (< ${HEALTH_P99_TARGET_MS})`,
        ]),
      ),
    );
    const file = writeResults(ctx.resultsDir, 'stall', {
      database: server.database,
      settings: ctx.settings,
      targetP99Ms: HEALTH_P99_TARGET_MS,
      rows,
    });
    console.log(`\nresults: ${file}`);
  } finally {
    await server.close();
    await model.close();
  }
}
