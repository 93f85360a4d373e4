import type { BenchContext } from '../lib/context.ts';
import { trackHandlers } from '../lib/in-flight.ts';
import { measure, type Figures, type Target } from '../lib/load.ts';
import { fmtInt, fmtMs, table } from '../lib/table.ts';
import { startBare } from './bare-server.ts';
import { startSpoke } from './spoke-server.ts';

/** The real endpoint must keep at least this share of bare Fastify's throughput. */
export const TARGET_RATIO = 0.5;
const PATH = '/api/account/me';

export type AccountMeReport = {
  endpoint: string;
  database: string;
  spoke: Figures;
  /** The same endpoint with the session lookup cache off: every request queries the database. */
  uncached: Figures;
  bare: Figures;
  ratio: number;
  target: number;
  met: boolean;
};

/** One request before the load: a bench of 401s or 404s would measure nothing. */
async function expectOk(target: Target): Promise<void> {
  const res = await fetch(target.url, { headers: target.headers ?? {} });
  const body = (await res.json()) as { data?: { user?: { id?: unknown } } };
  if (res.status !== 200 || typeof body.data?.user?.id !== 'string') {
    throw new Error(`${target.url} answered ${res.status} ${JSON.stringify(body)}`);
  }
}

/** Loads a server started by `start`, then closes it, whatever happens. */
async function loadServer<S extends { origin: string; close: () => Promise<void> }>(
  start: () => Promise<S>,
  headersOf: (server: S) => Record<string, string>,
  ctx: BenchContext,
): Promise<{ server: S; figures: Figures }> {
  const handlers = trackHandlers();
  const server = await start();
  try {
    const target = { url: `${server.origin}${PATH}`, headers: headersOf(server) };
    await expectOk(target);
    return { server, figures: await measure(target, ctx.settings, () => handlers.idle()) };
  } finally {
    if (!(await handlers.idle())) console.warn('requests still running after 30 s; closing anyway');
    handlers.stop();
    await server.close();
  }
}

/**
 * `GET /api/account/me` with a valid bearer token on the real server, against a bare Fastify
 * route answering the same JSON, one after the other with the same load settings.
 */
export async function run(ctx: BenchContext): Promise<AccountMeReport> {
  const spoke = await loadServer(
    () => startSpoke(ctx.database),
    (s) => ({ authorization: `Bearer ${s.token}` }),
    ctx,
  );
  const uncached = await loadServer(
    () => startSpoke(ctx.database, { sessionCacheMs: 0 }),
    (s) => ({ authorization: `Bearer ${s.token}` }),
    ctx,
  );
  // The same header, although the baseline ignores it: both parse the same request.
  const bare = await loadServer(
    startBare,
    () => ({ authorization: `Bearer ${spoke.server.token}` }),
    ctx,
  );
  const ratio = bare.figures.reqPerSec > 0 ? spoke.figures.reqPerSec / bare.figures.reqPerSec : 0;
  return {
    endpoint: `GET ${PATH}`,
    database: spoke.server.database,
    spoke: spoke.figures,
    uncached: uncached.figures,
    bare: bare.figures,
    ratio,
    target: TARGET_RATIO,
    met: ratio >= TARGET_RATIO,
  };
}

/** The report as a few aligned lines for a terminal. */
export function format(report: AccountMeReport): string {
  const row = (name: string, f: Figures) => [
    name,
    fmtInt(f.reqPerSec),
    fmtMs(f.latencyP50Ms),
    fmtMs(f.latencyP99Ms),
    fmtInt(f.errors),
    fmtInt(f.non2xx),
  ];
  const rows = [
    row(`spoke ${PATH}`, report.spoke),
    row('  (session cache off)', report.uncached),
    row('bare fastify', report.bare),
  ];
  const verdict = report.met ? 'MET' : 'MISSED';
  return [
    `${report.endpoint} (bearer token) vs bare Fastify - ${report.database}`,
    '',
    table(['', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'], rows),
    '',
    `ratio spoke/bare req/s: ${report.ratio.toFixed(3)}  (target >= ${report.target})  ${verdict}`,
    `ratio with the session cache off: ${(report.uncached.reqPerSec / Math.max(1, report.bare.reqPerSec)).toFixed(3)}`,
  ].join('\n');
}
