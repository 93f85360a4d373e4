import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { messageForStatus } from '@spoke/shared';
import { sampleRegistration } from '@spoke/shared/testing';
import { AGENT_PROMPTS, api, createAgent, registerAccount } from '../bench/load/http.ts';
import { startServerProcess, tail, type ServerProcess } from '../bench/load/server-process.ts';
import { say, type SoakContext, type SoakReport } from './lib/context.ts';
import { startCluster } from './lib/postgres-cluster.ts';

// PostgreSQL stopped and started again under traffic, twice (a fast shutdown, then an
// immediate one, as in a crash): /api/ready must turn 503 and requests must get 503 with the
// catalogue's message (never a 500, never an answer slower than a few seconds), and the
// service must recover by itself once PostgreSQL is back, without a restart.

const BASELINE_MS = 4_000;
const OUTAGE_MS = 10_000;
const AFTER_MS = 15_000;
/** An answer slower than this counts as a hang. */
const HANG_MS = 5_000;
const CLIENTS = 8;

type Sample = {
  at: number;
  what: string;
  status: number | 'network error';
  ms: number;
  code?: string;
  message?: string;
};

type Phase = { name: string; from: number; to: number };

/** Requests answered (or failed) in [from, to). */
function answeredIn(samples: Sample[], from: number, to: number) {
  return samples.filter((s) => s.at + s.ms >= from && s.at + s.ms < to);
}

/** Requests sent and answered in [from, to): none of them straddles a stop or a start. */
function within(samples: Sample[], from: number, to: number) {
  return samples.filter((s) => s.at >= from && s.at + s.ms < to);
}

function histogram(samples: Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(String(s.status), (counts.get(String(s.status)) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function run(ctx: SoakContext): Promise<SoakReport> {
  if (!ctx.databases.includes('postgres')) {
    return { findings: ['postgres-restart: runs on PostgreSQL only (skipped)'], ok: true };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spoke-soak-pgrestart-'));
  const cluster = await startCluster();
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      entry: 'server',
      dataDir,
      databaseUrl: cluster.url,
      secretsKey: randomBytes(32).toString('base64'),
      env: { RATE_LIMIT_SCALE: '1000000', LOG_LEVEL: 'info' },
    });
    const origin = server.origin;
    const account = await registerAccount(origin);
    const agentId = await createAgent(origin, account.token, AGENT_PROMPTS[0]!);
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const samples: Sample[] = [];
    let stopping = false;

    const request = async (what: string, send: () => ReturnType<typeof api>) => {
      const at = now();
      try {
        const res = await send();
        const error = (res.body as { error?: { code?: string; message?: string } }).error;
        samples.push({
          at,
          what,
          status: res.status,
          ms: res.ms,
          ...(error ? { code: error.code, message: error.message } : {}),
        });
      } catch {
        samples.push({ at, what, status: 'network error', ms: now() - at });
      }
    };
    const reads: [string, () => ReturnType<typeof api>][] = [
      ['GET /api/agents', () => api(origin, 'GET', '/api/agents', { token: account.token })],
      [
        'GET /api/agents/:id',
        () => api(origin, 'GET', `/api/agents/${agentId}`, { token: account.token }),
      ],
      [
        'GET /api/account/me',
        () => api(origin, 'GET', '/api/account/me', { token: account.token }),
      ],
      [
        'GET /registry/v0.1/servers?search=time',
        () => api(origin, 'GET', '/registry/v0.1/servers?search=time'),
      ],
      [
        'POST /api/agents',
        () =>
          api(origin, 'POST', '/api/agents', {
            token: account.token,
            body: { prompt: AGENT_PROMPTS[1], timezone: 'UTC' },
          }),
      ],
    ];
    const clients = Array.from({ length: CLIENTS }, async (_, i) => {
      for (let n = i; !stopping; n++) {
        const [what, send] = reads[n % reads.length]!;
        await request(what, send);
        await sleep(20);
      }
    });
    // Sign-ins and registrations go through better-auth: slower (a hash each), one at a time.
    const auth = (async () => {
      for (let n = 0; !stopping; n++) {
        if (n % 2) {
          await request('POST /api/account/login', () =>
            api(origin, 'POST', '/api/account/login', {
              body: { email: account.email, password: account.password },
            }),
          );
        } else {
          await request('POST /api/account/register', () =>
            api(origin, 'POST', '/api/account/register', { body: sampleRegistration() }),
          );
        }
        await sleep(100);
      }
    })();
    const ready = (async () => {
      while (!stopping) {
        await request('GET /api/ready', () => api(origin, 'GET', '/api/ready'));
        await sleep(50);
      }
    })();

    const phases: Phase[] = [];
    const outages: {
      mode: string;
      stopAt: number;
      stopped: number;
      startAt: number;
      started: number;
    }[] = [];
    await sleep(BASELINE_MS);
    phases.push({ name: 'baseline', from: 0, to: now() });
    for (const mode of ['fast', 'immediate'] as const) {
      const stopAt = now();
      await cluster.stop(mode);
      const stopped = now();
      await sleep(OUTAGE_MS);
      const startAt = now();
      await cluster.start();
      const started = now();
      outages.push({ mode, stopAt, stopped, startAt, started });
      phases.push({ name: `outage (${mode})`, from: stopAt, to: started });
      await sleep(AFTER_MS);
      phases.push({ name: `after (${mode})`, from: started, to: now() });
    }
    stopping = true;
    await Promise.all([...clients, auth, ready]);
    const alive = server.pid > 0 && isAlive(server.pid);
    const log = readFileSync(server.logFile, 'utf8');
    if (!alive) say(`the server died; its log ends with:\n${tail(server.logFile, 40)}`);
    return analyse(samples, phases, outages, alive, log);
  } catch (err) {
    if (server) say(`server log (last lines):\n${tail(server.logFile)}`);
    throw err;
  } finally {
    await server?.stop();
    await cluster.destroy();
    if (process.env.SOAK_KEEP) say(`kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function analyse(
  samples: Sample[],
  phases: Phase[],
  outages: { mode: string; stopAt: number; stopped: number; startAt: number; started: number }[],
  alive: boolean,
  log: string,
): SoakReport {
  const findings: string[] = [];
  const problems: string[] = [];
  const unavailable = messageForStatus(503);
  const traffic = (list: Sample[]) => list.filter((s) => s.what !== 'GET /api/ready');

  for (const phase of phases) {
    const list = answeredIn(samples, phase.from, phase.to);
    const slowest = Math.max(0, ...list.map((s) => s.ms));
    findings.push(
      `${phase.name} (${seconds(phase.to - phase.from)}): ${list.length} requests, ${histogram(list)}; slowest ${seconds(slowest)}`,
    );
  }
  const baseline = within(samples, phases[0]!.from, phases[0]!.to);
  const baselineBad = baseline.filter((s) => s.status !== 200 && s.status !== 201);
  if (baselineBad.length) {
    problems.push(
      `${baselineBad.length} failures before any outage: ${baselineBad
        .slice(0, 3)
        .map((s) => `${s.what} ${s.status} ${s.code ?? ''}`)
        .join('; ')}`,
    );
  }

  outages.forEach((o, i) => {
    // Up to the next stop: what happens after it belongs to that outage.
    const end = outages[i + 1]?.stopAt ?? Infinity;
    const readies = within(
      samples.filter((s) => s.what === 'GET /api/ready'),
      o.stopAt,
      end,
    );
    const firstDown = readies.find((s) => s.status === 503);
    const lastDown = readies.filter((s) => s.status !== 200).at(-1);
    const upAgain = readies.find(
      (s) => s.at >= o.startAt && s.status === 200 && (!lastDown || s.at > lastDown.at),
    );
    const after = traffic(within(samples, o.started, end));
    const lastFailure = after.filter((s) => s.status !== 200 && s.status !== 201).at(-1);
    findings.push(
      `${o.mode} stop: pg_ctl stop took ${seconds(o.stopped - o.stopAt)}; /api/ready 503 ${firstDown ? `${seconds(firstDown.at + firstDown.ms - o.stopAt)} after the stop began` : 'NEVER'}; ` +
        `pg_ctl start took ${seconds(o.started - o.startAt)}; /api/ready 200 again ${upAgain ? `${seconds(Math.max(0, upAgain.at + upAgain.ms - o.started))} after PostgreSQL was up` : 'NEVER'}; ` +
        `traffic all 2xx again ${lastFailure ? `${seconds(lastFailure.at + lastFailure.ms - o.started)} after` : 'at once'}`,
    );
    if (!firstDown) problems.push(`${o.mode}: /api/ready never answered 503`);
    if (!upAgain) problems.push(`${o.mode}: /api/ready never recovered`);
  });

  const outageSamples = phases
    .filter((p) => p.name.startsWith('outage'))
    .flatMap((p) => answeredIn(samples, p.from, p.to));
  const refused = outageSamples.filter((s) => s.status === 503);
  const wrongBody = refused.filter(
    (s) => s.code !== 'SERVICE_UNAVAILABLE' || s.message !== unavailable,
  );
  findings.push(
    `during the outages: ${refused.length} answers 503, ${refused.length - wrongBody.length} of them with the catalogue message "${unavailable}"`,
  );
  if (wrongBody.length) {
    problems.push(
      `${wrongBody.length} 503 answers without the catalogue message: ${wrongBody
        .slice(0, 3)
        .map((s) => `${s.what} ${s.code} ${s.message}`)
        .join('; ')}`,
    );
  }
  const fiveHundreds = samples.filter(
    (s) => typeof s.status === 'number' && s.status >= 500 && s.status !== 503,
  );
  if (fiveHundreds.length) {
    const byRoute = new Map<string, number>();
    for (const s of fiveHundreds)
      byRoute.set(`${s.what} ${s.status}`, (byRoute.get(`${s.what} ${s.status}`) ?? 0) + 1);
    problems.push(
      `${fiveHundreds.length} answers 5xx other than 503: ${[...byRoute].map(([k, n]) => `${k} x${n}`).join(', ')}`,
    );
  }
  const slow = samples.filter((s) => s.ms > HANG_MS);
  if (slow.length) {
    problems.push(
      `${slow.length} answers slower than ${seconds(HANG_MS)}: ${slow
        .slice(0, 3)
        .map((s) => `${s.what} ${seconds(s.ms)}`)
        .join('; ')}`,
    );
  }
  const dropped = samples.filter((s) => s.status === 'network error');
  if (dropped.length)
    problems.push(`${dropped.length} requests without an answer (connection failed)`);
  const stillFailing = phases
    .filter((p) => p.name.startsWith('after'))
    .flatMap((p) => traffic(within(samples, p.to - 5_000, p.to)))
    .filter((s) => s.status !== 200 && s.status !== 201);
  if (stillFailing.length)
    problems.push(`${stillFailing.length} failures in the last 5 s after recovery`);
  if (!alive) problems.push('the server process died');
  const unhandled = (log.match(/unhandled error/g) ?? []).length;
  if (unhandled) problems.push(`${unhandled} "unhandled error" lines in the server log`);
  findings.push(
    `the server process ${alive ? 'stayed up' : 'DIED'} throughout (never restarted); ${samples.length} requests in all`,
  );
  findings.push(...problems.map((p) => `BROKEN: ${p}`));
  return { findings, ok: problems.length === 0 };
}
