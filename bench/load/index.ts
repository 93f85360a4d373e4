import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext } from '../lib/context.ts';
import { freshDatabase } from '../lib/database.ts';
import type { Figures } from '../lib/load.ts';
import { writeResults } from '../lib/results.ts';
import { UsageError } from '../lib/settings.ts';
import { fmtInt, fmtMs, table } from '../lib/table.ts';
import { AGENT_PROMPTS, api, createAgent, registerAccount, type Account } from './http.ts';
import { measureRequest, probe, settled, type Request } from './measure.ts';
import { startServerProcess, tail, type ServerProcess } from './server-process.ts';

// `npm run bench -- load`: the production server as `npm start` runs it, loaded by autocannon
// at 100 and 500 connections per endpoint. Targets: no errors and no 5xx anywhere; p99 < 50 ms
// for reads at 100 connections. Sign-in hashes a password on every request: only the first
// two targets apply to it.

const CONNECTIONS = [100, 500] as const;
/**
 * `BENCH_LOAD_ONLY=agents,registry`: only the endpoints whose name contains one of the words;
 * `BENCH_LOAD_CONNECTIONS=100`: only these connection counts. For focused runs after a change.
 */
function selection(env: NodeJS.ProcessEnv = process.env) {
  const words = (env.BENCH_LOAD_ONLY ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  const raw = (env.BENCH_LOAD_CONNECTIONS ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const connections = raw.map(Number);
  if (connections.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new UsageError(
      `BENCH_LOAD_CONNECTIONS must be integers >= 1, comma-separated (got "${env.BENCH_LOAD_CONNECTIONS}")`,
    );
  }
  return {
    connections: connections.length ? connections : [...CONNECTIONS],
    wanted: (name: string) => !words.length || words.some((w) => name.toLowerCase().includes(w)),
  };
}
const DEFAULT_DURATION_SEC = 30;
const P99_TARGET_MS = 50;
const AGENTS = 10;
const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
/** What a browser sends: the landing page and assets are served compressed. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };

type Endpoint = {
  name: string;
  kind: 'read' | 'sign-in';
  request: Request;
  /** One request before the load: a bench of 401s or 404s would measure nothing. */
  check: (status: number, body: unknown) => boolean;
};

export type LoadRow = {
  endpoint: string;
  connections: number;
  figures: Figures;
  serverErrors: number;
  target: string;
  met: boolean;
};

function fiveHundreds(f: Figures): number {
  return Object.entries(f.statusCodes)
    .filter(([code]) => code.startsWith('5'))
    .reduce((sum, [, n]) => sum + n, 0);
}

function verdict(endpoint: Endpoint, connections: number, f: Figures) {
  const latency = endpoint.kind === 'read' && connections === 100;
  const target = `no errors, no 5xx${latency ? `, p99 < ${P99_TARGET_MS} ms` : ''}`;
  const met =
    f.errors === 0 && fiveHundreds(f) === 0 && (!latency || f.latencyP99Ms < P99_TARGET_MS);
  return { target, met };
}

/** The landing page's entry script, as its HTML names it. */
async function landingAsset(origin: string): Promise<string> {
  const page = await api(origin, 'GET', '/');
  const src = /<script[^>]+src="(\/js\/[^"]+\.js)"/.exec(String(page.body))?.[1];
  if (page.status !== 200 || !src) throw new Error('the landing page names no script under /js/');
  return src;
}

function endpoints(origin: string, account: Account, asset: string): Endpoint[] {
  const bearer = { authorization: `Bearer ${account.token}` };
  const json = (status: number) => (s: number, body: unknown) =>
    s === status && typeof body === 'object' && body !== null && 'data' in body;
  return [
    {
      name: 'POST /api/account/login (sign-in)',
      kind: 'sign-in',
      request: {
        url: `${origin}/api/account/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      },
      check: json(200),
    },
    {
      name: 'GET /api/account/me',
      kind: 'read',
      request: { url: `${origin}/api/account/me`, headers: bearer },
      check: json(200),
    },
    {
      name: `GET /api/agents (${AGENTS} agents)`,
      kind: 'read',
      request: { url: `${origin}/api/agents`, headers: bearer },
      check: (s, body) =>
        json(200)(s, body) &&
        (body as { data: { agents: unknown[] } }).data.agents.length === AGENTS,
    },
    {
      name: 'GET /registry/v0.1/servers?search=github',
      kind: 'read',
      request: { url: `${origin}/registry/v0.1/servers?search=github&limit=30` },
      check: (s, body) => s === 200 && ((body as { servers?: unknown[] }).servers?.length ?? 0) > 0,
    },
    {
      name: 'GET / (landing page HTML)',
      kind: 'read',
      request: { url: `${origin}/`, headers: BROWSER },
      check: (s, body) => s === 200 && String(body).startsWith('<!doctype html>'),
    },
    {
      name: `GET ${asset}`,
      kind: 'read',
      request: { url: `${origin}${asset}`, headers: BROWSER },
      check: (s) => s === 200,
    },
  ];
}

async function checkOnce(endpoint: Endpoint): Promise<void> {
  const { request } = endpoint;
  const res = await fetch(request.url, {
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A page or an asset.
  }
  if (!endpoint.check(res.status, body)) {
    throw new Error(`${endpoint.name} answered ${res.status} ${text.slice(0, 300)}`);
  }
}

/** A copy of apps/web/dist whose index.html and entry script are both there. */
async function snapshotWebBuild(dataDir: string): Promise<string> {
  const target = path.join(dataDir, 'web');
  for (let attempt = 0; ; attempt++) {
    rmSync(target, { recursive: true, force: true });
    cpSync(WEB_DIST, target, { recursive: true });
    const html = readFileSync(path.join(target, 'index.html'), 'utf8');
    const entry = /<script[^>]+src="\/(js\/[^"]+\.js)"/.exec(html)?.[1];
    if (entry && existsSync(path.join(target, entry))) return target;
    if (attempt >= 5) throw new Error(`the web build in ${WEB_DIST} is incomplete`);
    await sleep(2000); // a build in progress
  }
}

async function prepare(server: ServerProcess) {
  const account = await registerAccount(server.origin);
  for (let i = 0; i < AGENTS; i++) {
    await createAgent(server.origin, account.token, AGENT_PROMPTS[i % AGENT_PROMPTS.length]!);
  }
  return { account, asset: await landingAsset(server.origin) };
}

export async function run(ctx: BenchContext): Promise<void> {
  const durationSec = process.env.BENCH_DURATION?.trim()
    ? ctx.settings.durationSec
    : DEFAULT_DURATION_SEC;
  const only = selection();
  const db = await freshDatabase(ctx.database);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spoke-load-'));
  let server: ServerProcess | undefined;
  const rows: LoadRow[] = [];
  try {
    const options = {
      entry: 'start' as const,
      dataDir,
      ...(ctx.database.kind === 'postgres' ? { databaseUrl: db.url } : {}),
      secretsKey: randomBytes(32).toString('base64'),
      // Every request of a run comes from 127.0.0.1: the limits would stop the sign-ins.
      env: { RATE_LIMIT_SCALE: '1000000' },
      readyTimeoutMs: 300_000,
    };
    // The first start builds the web app if it is missing or stale, as `npm start` does; the
    // measured server then serves a copy of that build, which a rebuild cannot change under it.
    server = await startServerProcess(options);
    await server.stop();
    const web = await snapshotWebBuild(dataDir);
    server = await startServerProcess({ ...options, env: { ...options.env, WEB_DIST_DIR: web } });
    const database =
      ctx.database.kind === 'postgres' ? db.label : `PGlite (DATA_DIR ${dataDir}/pglite)`;
    console.log(`server: npm start (pid ${server.pid}), ${database}, ${durationSec} s per row\n`);
    const { account, asset } = await prepare(server);
    const origin = server.origin;
    const chosen = endpoints(origin, account, asset).filter((e) => only.wanted(e.name));
    if (!chosen.length) throw new UsageError(`BENCH_LOAD_ONLY matches no endpoint`);
    for (const endpoint of chosen) {
      await checkOnce(endpoint);
      let idleMs = Infinity;
      for (let i = 0; i < 3; i++) idleMs = Math.min(idleMs, await probe(endpoint.request));
      const settle = async () => {
        if (!(await settled(endpoint.request, idleMs)))
          console.warn('  (the server did not settle)');
      };
      for (const connections of only.connections) {
        await settle();
        const figures = await measureRequest(
          endpoint.request,
          { ...ctx.settings, connections, durationSec },
          settle,
        );
        // What it took in goes on after the client left; the next row must not share it.
        await settle();
        const { target, met } = verdict(endpoint, connections, figures);
        const row = {
          endpoint: endpoint.name,
          connections,
          figures,
          serverErrors: fiveHundreds(figures),
          target,
          met,
        };
        rows.push(row);
        console.log(format([row]).split('\n').at(-1));
      }
    }
    console.log(`\n${format(rows)}`);
    const missed = rows.filter((r) => !r.met).length;
    console.log(`\n${rows.length - missed} of ${rows.length} rows met their target`);
    const file = writeResults(ctx.resultsDir, 'load', {
      generatedAt: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
      database,
      settings: { ...ctx.settings, durationSec, connections: only.connections },
      rows,
    });
    console.log(`written to ${file}`);
  } catch (err) {
    if (server) console.error(`server log (last lines):\n${tail(server.logFile)}`);
    throw err;
  } finally {
    await server?.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const HEADER = ['', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', '5xx', 'target'];

/** Every row, aligned, with its target and MET or MISSED. */
export function format(rows: LoadRow[]): string {
  return table(
    HEADER,
    rows.map((r) => [
      r.endpoint,
      String(r.connections),
      fmtInt(r.figures.reqPerSec),
      fmtMs(r.figures.latencyP50Ms),
      fmtMs(r.figures.latencyP99Ms),
      fmtInt(r.figures.errors),
      fmtInt(r.figures.non2xx),
      fmtInt(r.serverErrors),
      `${r.target}: ${r.met ? 'MET' : 'MISSED'}`,
    ]),
  );
}
