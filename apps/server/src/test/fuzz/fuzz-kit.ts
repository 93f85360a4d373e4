import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sessions } from '../../db/schema.ts';
import type { AppConfig } from '../../config.ts';
import { hashSecret } from '../../lib/secret-hash.ts';
import { apiToken, serverJson } from '../../modules/registry/registry-test-kit.ts';
import { bearer, register, startTestApp, type TestApp } from '../harness.ts';
import { checkAnswer, type Answer, type Sent } from './invariants.ts';

/**
 * Cases each fuzz file runs, one request each. The summary test adds them up, and each file
 * checks that it ran its share, so the total printed is the total sent.
 */
export const FUZZ_BUDGET = {
  /** routes.test.ts: every route, every caller, hostile everything. */
  routes: 3600,
  /** routes.test.ts: authorization, content types and other headers. */
  headers: 1500,
  /** routes.test.ts: path parameters and query strings. */
  paths: 1500,
  /** bodies.test.ts: valid bodies with one hostile change, for every route with a body. */
  bodies: 2800,
  /** rejected.test.ts: requests that must be refused, and leave every table as it was. */
  rejected: 1200,
} as const;

export type FuzzPart = keyof typeof FUZZ_BUDGET;

/** One seed per run, printed first; `FUZZ_SEED=<n>` replays a run. */
export const SEED = process.env.FUZZ_SEED
  ? Number.parseInt(process.env.FUZZ_SEED, 10)
  : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, not ${SEED}`);

/** Prints a line of the run's report (counts, seed) to the test output. */
export function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

export function announce(file: string): void {
  print(`fuzz ${file}: seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
}

/** Counts the requests one part sends, to print and to check against its budget. */
export class CaseCount {
  readonly part: FuzzPart;
  sent = 0;
  readonly statuses = new Map<number, number>();
  constructor(part: FuzzPart) {
    this.part = part;
  }
  get budget(): number {
    return FUZZ_BUDGET[this.part];
  }
  report(): string {
    const statuses = [...this.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    return `fuzz ${this.part}: ${this.sent} cases (seed ${SEED}; ${statuses})`;
  }
}

/** Runs a property for `numRuns` cases with the run's seed; a failure names seed and path. */
export async function fuzz<T>(
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  predicate: (value: T) => Promise<void>,
): Promise<void> {
  try {
    await fc.assert(fc.asyncProperty(arbitrary, predicate), { seed: SEED, numRuns });
  } catch (err) {
    print(`fuzz failed with seed ${SEED}: replay with FUZZ_SEED=${SEED}`);
    throw err;
  }
}

export type Request = {
  method: string;
  route: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  modelOptional?: boolean;
};

/** Sends one request through the app and checks every invariant on its answer. */
export async function send(t: TestApp, count: CaseCount, req: Request): Promise<Answer> {
  count.sent++;
  const res = await t.app.inject({
    method: req.method as InjectOptions['method'],
    url: req.url,
    headers: req.headers,
    ...(req.body === undefined ? {} : { body: req.body }),
  });
  const sent: Sent = {
    method: req.method,
    route: req.route,
    url: req.url,
    text: `${req.url} ${JSON.stringify(req.headers ?? {})} ${req.body ?? ''} ${decodeSafely(req.url)}`,
    modelOptional: req.modelOptional,
  };
  count.statuses.set(res.statusCode, (count.statuses.get(res.statusCode) ?? 0) + 1);
  checkAnswer(sent, res);
  return res;
}

function decodeSafely(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return '';
  }
}

type Registered = Awaited<ReturnType<typeof register>>;

/** The people and things a fuzz run aims at: three accounts and what they own. */
export type World = {
  t: TestApp;
  user: Registered;
  other: Registered;
  admin: Registered;
  /** The user's API token with the registry:publish scope, and its id. */
  apiToken: string;
  apiTokenId: string;
  /** The user's agent with a webhook trigger, and its secret. */
  agentId: string;
  hookSecret: string;
  /** Another agent of the user, for edits that may change its trigger. */
  patchAgentId: string;
  /** An agent the fuzzers may delete, in place of the others. */
  doomedAgentId: string;
  /** A server the user published. */
  serverName: string;
  /** Real ids of every kind, so that fuzzed requests also reach rows that exist. */
  ids: string[];
};

export const ADMIN_EMAIL = 'fuzz-admin@example.com';
export const WEBHOOK_PROMPT = 'When a webhook arrives, summarise it';

export async function buildWorld(overrides: Partial<AppConfig> = {}): Promise<World> {
  const t = await startTestApp({ adminEmails: [ADMIN_EMAIL], ...overrides });
  const user = await register(t.app);
  const other = await register(t.app);
  const admin = await register(t.app, { email: ADMIN_EMAIL });
  const token = await apiToken(t, user);
  const createAgent = async (prompt: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: bearer(user.token),
      payload: { prompt },
    });
    if (res.statusCode !== 201) throw new Error(`agent: ${res.body}`);
    return res.json().data.agent as { id: string; webhook: { secret: string } };
  };
  const { id: agentId, webhook } = await createAgent(WEBHOOK_PROMPT);
  const { id: patchAgentId } = await createAgent('When I ask, tell me the time in Tokyo');
  const { id: doomedAgentId } = await createAgent('When I ask, tell me the time in Lima');
  const doc = serverJson(user.user, 'fuzzed');
  const published = await t.app.inject({
    method: 'POST',
    url: '/registry/v0.1/publish',
    headers: bearer(token.secret),
    payload: doc,
  });
  if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`);
  return {
    t,
    user,
    other,
    admin,
    apiToken: token.secret,
    apiTokenId: token.token.id,
    agentId,
    hookSecret: webhook.secret,
    patchAgentId,
    doomedAgentId,
    serverName: doc.name,
    ids: [
      agentId,
      patchAgentId,
      user.user.id,
      other.user.id,
      token.token.id,
      doc.name,
      'first-post',
      'brave-search',
    ],
  };
}

/** A new session of a user, written straight to the table: for requests that end it. */
export async function mintSession(t: TestApp, userId: string): Promise<string> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const token = [...randomBytes(32)].map((b) => alphabet[b % alphabet.length]).join('');
  await t.app.spoke.database.db.insert(sessions).values({
    token: hashSecret(token),
    userId,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

/**
 * Keeps the world standing: a DELETE aimed at the agent or the API token every later case
 * relies on goes to the doomed agent (or nothing) instead.
 */
export function spare(w: World, method: string, url: string): string {
  if (method !== 'DELETE') return url;
  return url
    .replaceAll(w.agentId, w.doomedAgentId)
    .replaceAll(w.patchAgentId, w.doomedAgentId)
    .replaceAll(w.apiTokenId, '00000000-0000-4000-8000-000000000000');
}

/** Follows a rotation of the webhook secret, so later webhook calls use the new one. */
export function track(w: World, url: string, res: Answer): void {
  if (res.statusCode === 200 && url.startsWith(`/api/agents/${w.agentId}/webhook/rotate`)) {
    const secret = (JSON.parse(res.body) as { data: { agent: { webhook: { secret: string } } } })
      .data.agent.webhook.secret;
    w.hookSecret = secret;
  }
}

/** Routes that end the session they are called with. */
export const ENDS_SESSION = new Set([
  'POST /api/account/logout',
  'GET /api/account/google/complete',
]);

/** Routes whose documented answer without a model is 503 MODEL_NOT_CONFIGURED. */
export const NEEDS_MODEL = new Set(['POST /api/agents/:id/runs', 'POST /api/hooks/:id']);
