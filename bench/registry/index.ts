import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { BenchContext } from '../lib/context.ts';
import { writeResults } from '../lib/results.ts';
import { percentile } from '../lib/stats.ts';
import { fmtMs, table } from '../lib/table.ts';
import { startSpoke } from '../api/spoke-server.ts';
import { insertServers, nameOf, QUERIES } from './generate.ts';

/** `BENCH_REGISTRY_SERVERS`: how many generated servers to add (default 100,000). */
function serverCount(): number {
  const raw = process.env.BENCH_REGISTRY_SERVERS?.trim().replace(/_/g, '');
  if (!raw) return 100_000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(`BENCH_REGISTRY_SERVERS must be a positive whole number (got "${raw}")`);
  }
  return n;
}

export const P95_TARGET_MS = 20;
const ROUNDS = 40;

type Figures = { name: string; requests: number; p50: number; p95: number; p99: number };

function figures(name: string, times: number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/**
 * Sequential requests, one at a time: the latency a person typing in the search box sees.
 * `perUrl` collects each URL's times as well, to tell which query is slow.
 */
async function measure(
  name: string,
  urls: readonly string[],
  rounds: number,
  perUrl?: Map<string, number[]>,
): Promise<Figures> {
  const times: number[] = [];
  for (let round = -3; round < rounds; round++) {
    for (const url of urls) {
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
      if (round < 0) continue;
      const took = performance.now() - started;
      times.push(took);
      if (perUrl) perUrl.set(url, [...(perUrl.get(url) ?? []), took]);
    }
  }
  return figures(name, times);
}

/**
 * Registry search at `BENCH_REGISTRY_SERVERS` generated servers against `GET /api/health` on the
 * same server. Listings are not kept (`registryCacheMs: 0`): every request reads the database,
 * as the first request for a query does. `BENCH_REGISTRY_SQL`: a file of SQL statements run
 * after the load and before the analysis (an index tried before it becomes a migration); the
 * report names it.
 */
export async function run(ctx: BenchContext): Promise<void> {
  const servers = serverCount();
  const extraSql = process.env.BENCH_REGISTRY_SQL?.trim();
  const server = await startSpoke(ctx.database, { registryCacheMs: 0 });
  try {
    const started = performance.now();
    await insertServers(server.app, servers, async () => {
      if (!extraSql) return;
      for (const statement of readFileSync(extraSql, 'utf8').split(/;\s*$/m)) {
        if (statement.trim()) await server.app.spoke.database.db.execute(sql.raw(statement));
      }
    });
    console.log(
      `${server.database}: ${servers.toLocaleString('en-US')} generated servers added in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s, plus the catalog` +
        (extraSql ? `; NOT THE SHIPPED SCHEMA: ${extraSql} applied` : '') +
        '\n',
    );
    const api = `${server.origin}/registry/v0.1/servers`;
    const perQuery = new Map<string, number[]>();
    const rows = [
      await measure('GET /api/health (baseline)', [`${server.origin}/api/health`], ROUNDS * 4),
      await measure(
        'search, 30 per page',
        QUERIES.map((q) => `${api}?search=${encodeURIComponent(q)}`),
        ROUNDS,
        perQuery,
      ),
      await measure(
        'search + category + trust',
        QUERIES.map((q) => `${api}?search=${encodeURIComponent(q)}&category=Data&trust=verified`),
        ROUNDS,
        perQuery,
      ),
      await measure('list, 100 per page', [`${api}?limit=100`], ROUNDS * 2),
      await measure(
        'one server, latest version',
        [`${api}/${encodeURIComponent(nameOf(4321 % servers))}/versions/latest`],
        ROUNDS * 4,
      ),
    ];
    const baseline = rows[0]!.p95;
    console.log(
      table(
        ['request', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 x baseline', 'target'],
        rows.map((r, i) => [
          r.name,
          String(r.requests),
          fmtMs(r.p50),
          fmtMs(r.p95),
          fmtMs(r.p99),
          i === 0 ? '1.00' : (r.p95 / baseline).toFixed(2),
          i === 1 || i === 2
            ? `p95 < ${P95_TARGET_MS} ms ${r.p95 < P95_TARGET_MS ? 'MET' : 'MISSED'}`
            : '',
        ]),
      ),
    );
    const queries = [...perQuery].map(([url, times]) =>
      figures(decodeURIComponent(url.slice(api.length)), times),
    );
    console.log(
      '\n' +
        table(
          ['query', 'p50 ms', 'p95 ms'],
          queries.map((q) => [q.name, fmtMs(q.p50), fmtMs(q.p95)]),
        ),
    );
    const file = writeResults(ctx.resultsDir, 'registry', {
      generatedAt: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
      database: server.database,
      servers,
      listingCacheMs: 0,
      ...(extraSql ? { extraSql: readFileSync(extraSql, 'utf8') } : {}),
      queries: QUERIES,
      figures: rows,
      perQuery: queries,
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    await server.close();
  }
}
