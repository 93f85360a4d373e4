import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sampleRegistration } from '@spoke/shared/testing';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { AGENT_PROMPTS, api } from '../bench/load/http.ts';
import { startServerProcess, tail, type ServerProcess } from '../bench/load/server-process.ts';
import { say, type SoakContext, type SoakDatabase, type SoakReport } from './lib/context.ts';
import { startCluster, type Cluster } from './lib/postgres-cluster.ts';

// Kill -9 the server in the middle of a burst of writes (registrations, agent creations) over
// HTTP, restart it on the same data, and check that every write it acknowledged is there and
// that nothing is half-written: no user without its sign-in account, no scheduled agent
// without its schedule. Several kills per database; SOAK_ROUNDS changes how many.

const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 4);
const WRITERS = 16;
const AGENTS_PER_USER = 3;

type AckedUser = { id: string; email: string; password: string; token: string };
type AckedAgent = { id: string; owner: AckedUser; scheduled: boolean };

type Tally = {
  users: AckedUser[];
  agents: AckedAgent[];
  /** Answers that were neither an acknowledgement nor a dropped connection. */
  unexpected: string[];
  inFlightAtKill: number;
  /** Requests cut off by the kill (their outcome is unknown, so nothing is expected of them). */
  cut: number;
  /** Registrations refused with 429 while password hashing was saturated (load shedding). */
  shed: number;
};

const dataOf = (body: unknown) => (body as { data?: Record<string, unknown> }).data;

/** Writes as fast as the server takes them until a request fails on the network (the kill). */
async function writer(origin: string, tally: Tally, inFlight: { n: number }, gone: () => boolean) {
  const send = async (...args: Parameters<typeof api>) => {
    inFlight.n++;
    try {
      return await api(...args);
    } catch {
      tally.cut++;
      return undefined;
    } finally {
      inFlight.n--;
    }
  };
  for (let turn = 0; !gone(); turn++) {
    const form = sampleRegistration();
    const reg = await send(origin, 'POST', '/api/account/register', { body: form });
    if (!reg) return;
    if (reg.status === 429) {
      // Password hashing is saturated: the server sheds the request and nothing is written.
      tally.shed++;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    const data = dataOf(reg.body) as { user?: { id: string }; token?: string } | undefined;
    if (reg.status !== 201 || !data?.user || !data.token) {
      tally.unexpected.push(`register -> ${reg.status} ${JSON.stringify(reg.body).slice(0, 200)}`);
      continue;
    }
    const owner = {
      id: data.user.id,
      email: form.email,
      password: form.password,
      token: data.token,
    };
    tally.users.push(owner);
    for (let i = 0; i < AGENTS_PER_USER; i++) {
      const prompt = AGENT_PROMPTS[(turn + i) % AGENT_PROMPTS.length]!;
      const res = await send(origin, 'POST', '/api/agents', {
        token: owner.token,
        body: { prompt, timezone: 'UTC' },
      });
      if (!res) return;
      const agent = dataOf(res.body)?.agent as
        { id: string; spec: { trigger: { type: string } } } | undefined;
      if (res.status !== 201 || !agent) {
        tally.unexpected.push(
          `create agent -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
        continue;
      }
      tally.agents.push({ id: agent.id, owner, scheduled: agent.spec.trigger.type === 'schedule' });
    }
  }
}

/** A burst of writers; kills the server once `acks` more writes were acknowledged. */
async function burstAndKill(server: ServerProcess, tally: Tally, acks: number): Promise<void> {
  const before = tally.users.length + tally.agents.length;
  const inFlight = { n: 0 };
  let killed = false;
  const writers = Array.from({ length: WRITERS }, () =>
    writer(server.origin, tally, inFlight, () => killed),
  );
  while (tally.users.length + tally.agents.length - before < acks) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  tally.inFlightAtKill += inFlight.n;
  await server.kill9();
  killed = true;
  await Promise.all(writers);
}

async function pool<T>(items: T[], size: number, each: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await each(items[next++]!);
    }),
  );
}

/** Every acknowledged write, read back through the API of the restarted server. */
async function lostWrites(origin: string, tally: Tally): Promise<string[]> {
  const lost: string[] = [];
  await pool(tally.users, 8, async (u) => {
    const res = await api(origin, 'GET', '/api/account/me', { token: u.token });
    const id = (dataOf(res.body)?.user as { id?: string } | undefined)?.id;
    if (res.status !== 200 || id !== u.id)
      lost.push(`user ${u.id}: /api/account/me -> ${res.status}`);
  });
  await pool(tally.agents, 8, async (a) => {
    const res = await api(origin, 'GET', `/api/agents/${a.id}`, { token: a.owner.token });
    if (res.status !== 200) lost.push(`agent ${a.id}: GET -> ${res.status}`);
  });
  // A sign-in reads the password from the account row (a few: each one hashes).
  for (const u of tally.users.slice(-5)) {
    const res = await api(origin, 'POST', '/api/account/login', {
      body: { email: u.email, password: u.password },
    });
    if (res.status !== 200) lost.push(`user ${u.id}: sign-in -> ${res.status}`);
  }
  return lost;
}

type Integrity = {
  usersWithoutAccount: number;
  scheduledWithoutSchedule: number;
  users: number;
  agents: number;
};

/** Half-written rows, read straight from the database once the server has stopped. */
async function integrity(databaseUrl: string | undefined, dataDir: string): Promise<Integrity> {
  const database = await openDatabase(databaseUrl, dataDir);
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await database.db.execute(query)) as unknown as { rows: { n: unknown }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  try {
    return {
      usersWithoutAccount: await count(
        sql`select count(*) as n from users u where not exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential')`,
      ),
      scheduledWithoutSchedule: await count(
        sql`select count(*) as n from agents a where a.spec->'trigger'->>'type' = 'schedule' and a.status = 'active' and not exists (select 1 from agent_schedules s where s.agent_id = a.id)`,
      ),
      users: await count(sql`select count(*) as n from users`),
      agents: await count(sql`select count(*) as n from agents`),
    };
  } finally {
    await database.close();
  }
}

async function soak(kind: SoakDatabase): Promise<SoakReport> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `spoke-soak-kill9-${kind}-`));
  let cluster: Cluster | undefined;
  let server: ServerProcess | undefined;
  const tally: Tally = {
    users: [],
    agents: [],
    unexpected: [],
    inFlightAtKill: 0,
    cut: 0,
    shed: 0,
  };
  const restartsMs: number[] = [];
  try {
    if (kind === 'postgres') cluster = await startCluster();
    const options = {
      entry: 'server' as const,
      dataDir,
      ...(cluster ? { databaseUrl: cluster.url } : {}),
      secretsKey: randomBytes(32).toString('base64'),
      env: { RATE_LIMIT_SCALE: '1000000' },
    };
    server = await startServerProcess(options);
    const lost: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const acks = randomInt(20, 80);
      await burstAndKill(server, tally, acks);
      say(
        `${kind}: kill ${round}/${ROUNDS} after ${acks} more acknowledged writes ` +
          `(${tally.users.length} users, ${tally.agents.length} agents so far)`,
      );
      const started = performance.now();
      server = await startServerProcess(options);
      restartsMs.push(performance.now() - started);
      lost.push(...(await lostWrites(server.origin, tally)));
    }
    await server.stop();
    server = undefined;
    const rows = await integrity(cluster?.url, dataDir);
    const scheduled = tally.agents.filter((a) => a.scheduled).length;
    const halfWritten = rows.usersWithoutAccount + rows.scheduledWithoutSchedule;
    const findings = [
      `${kind}: ${ROUNDS} kill -9 mid-burst (${WRITERS} writers); acknowledged ${tally.users.length} registrations and ${tally.agents.length} agent creations (${scheduled} scheduled); ${tally.inFlightAtKill} requests in flight at the kills, ${tally.cut} cut off, ${tally.shed} registrations shed with 429`,
      `${kind}: restart on the same data until ready: ${restartsMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
      lost.length
        ? `${kind}: ${lost.length} acknowledged writes missing after restart: ${lost.slice(0, 5).join('; ')}`
        : `${kind}: every acknowledged write was there after each restart`,
      `${kind}: in the database: ${rows.users} users, ${rows.agents} agents; half-written: ${rows.usersWithoutAccount} users without their sign-in account, ${rows.scheduledWithoutSchedule} scheduled agents without their schedule`,
      ...(tally.unexpected.length
        ? [
            `${kind}: ${tally.unexpected.length} unexpected answers: ${tally.unexpected.slice(0, 5).join('; ')}`,
          ]
        : []),
    ];
    return {
      findings,
      ok: lost.length === 0 && halfWritten === 0 && tally.unexpected.length === 0,
    };
  } catch (err) {
    if (server) say(`server log (last lines):\n${tail(server.logFile)}`);
    throw err;
  } finally {
    await server?.stop();
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(ctx: SoakContext): Promise<SoakReport> {
  const reports: SoakReport[] = [];
  for (const kind of ctx.databases) reports.push(await soak(kind));
  return { findings: reports.flatMap((r) => r.findings), ok: reports.every((r) => r.ok) };
}
