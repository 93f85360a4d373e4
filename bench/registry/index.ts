import os from 'node:os';
import type { BenchContext } from '../lib/context.ts';
import { writeResults } from '../lib/results.ts';
import { percentile } from '../lib/stats.ts';
import { fmtMs, table } from '../lib/table.ts';
import { startSpoke } from '../api/spoke-server.ts';
import { insertServers, nameOf, QUERIES } from './generate.ts';

export const SERVERS = 10_000;
export const P95_TARGET_MS = 20;
const ROUNDS = 40;

type Figures = { name: string; requests: number; p50: number; p95: number; p99: number };

/** Sequential requests, one at a time: the latency a person typing in the search box sees. */
async function measure(name: string, urls: readonly string[], rounds: number): Promise<Figures> {
  const times: number[] = [];
  for (let round = -3; round < rounds; round++) {
    for (const url of urls) {
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
      if (round >= 0) times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return {
    name,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

/** Registry search at 10,000 servers against `GET /api/health` on the same server. */
export async function run(ctx: BenchContext): Promise<void> {
  const server = await startSpoke(ctx.database);
  try {
    const started = performance.now();
    await insertServers(server.app, SERVERS);
    console.log(
      `${server.database}: ${SERVERS.toLocaleString('en-US')} generated servers added in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s, plus the catalog\n`,
    );
    const api = `${server.origin}/registry/v0.1/servers`;
    const rows = [
      await measure('GET /api/health (baseline)', [`${server.origin}/api/health`], ROUNDS * 4),
      await measure(
        'search, 30 per page',
        QUERIES.map((q) => `${api}?search=${encodeURIComponent(q)}`),
        ROUNDS,
      ),
      await measure(
        'search + category + trust',
        QUERIES.map((q) => `${api}?search=${encodeURIComponent(q)}&category=Data&trust=verified`),
        ROUNDS,
      ),
      await measure('list, 100 per page', [`${api}?limit=100`], ROUNDS * 2),
      await measure(
        'one server, latest version',
        [`${api}/${encodeURIComponent(nameOf(4321))}/versions/latest`],
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
    const file = writeResults(ctx.resultsDir, 'registry', {
      generatedAt: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
      database: server.database,
      servers: SERVERS,
      queries: QUERIES,
      figures: rows,
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    await server.close();
  }
}
