import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoResponder, startOpenAITestServer, type OpenAITestServer } from '@spoke/agents/testing';
import { apiTokens, sessions, users } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secret-hash.ts';
import { apiToken, serverJson } from '../../modules/registry/registry-test-kit.ts';
import { mintSession, print } from '../fuzz/fuzz-kit.ts';
import { changes, snapshot } from '../fuzz/invariants.ts';
import { bearer, register, startTestApp } from '../harness.ts';
import { ACCESS_TABLE, CALLERS, type AccessContext, type Caller } from './access-table.ts';
import { listRoutes, routeKey } from './routes.ts';
import { signedHook } from '../../modules/agents/agent-test-kit.ts';

const ADMIN_EMAIL = 'access-admin@example.com';
const REFUSAL_CODES: Record<number, string> = {
  400: 'INVALID_TOKEN',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  // A route of the other billing mode (checkout without Stripe).
  409: 'CONFLICT',
};

let c: AccessContext;
let model: OpenAITestServer;
const seen: Record<string, Partial<Record<Caller, number>>> = {};

beforeAll(async () => {
  // The test model ignores response formats; the SDK would warn about it at every request.
  (globalThis as Record<string, unknown>).AI_SDK_LOG_WARNINGS = false;
  model = await startOpenAITestServer({ fallback: autoResponder({}) });
  const t = await startTestApp({
    adminEmails: [ADMIN_EMAIL],
    llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url },
  });
  const user = await register(t.app);
  const other = await register(t.app);
  const admin = await register(t.app, { email: ADMIN_EMAIL });
  const as = async <T>(who: typeof user, method: string, url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'POST',
      url,
      headers: bearer(who.token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data as T;
  };
  // Scopes cannot be empty through the API; a token without them is written directly.
  const unscoped = `spk_${randomBytes(27).toString('base64url').replace(/[-_]/g, 'x').slice(0, 36)}`;
  await t.app.spoke.database.db.insert(apiTokens).values({
    userId: user.user.id,
    name: 'no scopes',
    scopes: [],
    tokenHash: createHash('sha256').update(unscoped).digest('hex'),
  });
  const { agent } = await as<{ agent: { id: string } }>(user, 'POST', '/api/agents', {
    prompt: 'When a webhook arrives, summarise it',
  });
  const { run } = await as<{ run: { id: string } }>(user, 'POST', `/api/agents/${agent.id}/runs`, {
    input: 'hello',
  });
  const token = await apiToken(t, user);
  const doc = serverJson(user.user, 'guarded');
  const published = await t.app.inject({
    method: 'POST',
    url: '/registry/v0.1/publish',
    headers: bearer(token.secret),
    payload: doc,
  });
  expect(published.statusCode, published.body).toBe(200);
  c = {
    t,
    user,
    other,
    admin,
    apiToken: token.secret,
    apiTokenWithoutScope: unscoped,
    agentId: agent.id,
    runId: run.id,
    serverName: doc.name,
    session: (who) => mintSession(t, who.user.id),
    sessionId: async (secret) => {
      const [row] = await t.app.spoke.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.token, hashSecret(secret)));
      return row!.id;
    },
    fresh: async (isAdmin) => {
      const who = await register(t.app);
      if (isAdmin) {
        await t.app.spoke.database.db
          .update(users)
          .set({ isAdmin: true })
          .where(eq(users.id, who.user.id));
      }
      return who;
    },
    as,
  };
});

afterAll(async () => {
  const width = Math.max(...Object.keys(seen).map((k) => k.length));
  print(`access: route x ${CALLERS.join(' / ')}`);
  for (const [key, row] of Object.entries(seen)) {
    print(`${key.padEnd(width)}  ${CALLERS.map((x) => String(row[x] ?? '-')).join('  ')}`);
  }
  await c?.t.app.spoke.runs.idle();
  await c?.t.close();
  await model?.close();
});

/** Every table once the runs in progress have finished; an API token's last use left out. */
async function settled() {
  await c.t.app.spoke.runs.idle();
  return snapshot(c.t.app, ['last_used_at']);
}

async function authorizationOf(caller: Caller): Promise<string | undefined> {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'apiToken':
      return `Bearer ${c.apiToken}`;
    case 'apiTokenWithoutScope':
      return `Bearer ${c.apiTokenWithoutScope}`;
    default:
      return `Bearer ${await c.session(c[caller])}`;
  }
}

it('lists every route the app serves, and none it does not', () => {
  const served = listRoutes(c.t.app).map(routeKey);
  const listed = Object.keys(ACCESS_TABLE);
  expect({
    servedButNotListed: served.filter((k) => !listed.includes(k)),
    listedButNotServed: listed.filter((k) => !served.includes(k)),
  }).toEqual({ servedButNotListed: [], listedButNotServed: [] });
});

describe('who may call each route', () => {
  it.each(Object.keys(ACCESS_TABLE))('%s', async (key) => {
    const row = ACCESS_TABLE[key]!;
    const [method] = key.split(' ') as [string];
    for (const caller of CALLERS) {
      const cell = await row.request(c, caller);
      const authorization = cell.authorization ?? (await authorizationOf(caller));
      const expected = row.expect[caller];
      const refused = expected >= 400;
      // A refused caller changes nothing (but an API token notes when it was last used).
      const before = refused ? await settled() : undefined;
      const res = await c.t.app.inject({
        method: method as 'GET',
        url: cell.url,
        headers: authorization ? { authorization } : {},
        ...(cell.payload === undefined ? {} : { payload: cell.payload as object }),
      });
      (seen[key] ??= {})[caller] = res.statusCode;
      const what = `${key} as ${caller}: ${res.body.slice(0, 300)}`;
      expect(res.statusCode, what).toBe(expected);
      if (refused) {
        // The registry answers in the official shape: `code` beside the `error` text.
        const body = res.json();
        const code = key.includes(' /registry/') ? body.code : body.error.code;
        expect(code, what).toBe(REFUSAL_CODES[expected]);
        expect(changes(before!, await settled()), what).toEqual([]);
      } else if (res.statusCode < 300 && key.startsWith('GET /registry/')) {
        expect(Object.keys(res.json()), what).not.toContain('error');
      } else if (res.statusCode < 300 && key.includes(' /api/')) {
        expect(Object.keys(res.json()), what).toEqual(['data']);
      }
    }
  });
});

describe('POST /api/hooks/{id}', () => {
  it('is opened by a call signed with the agent’s current webhook secret, and by nothing else', async () => {
    const body = JSON.stringify({ event: 'x' });
    const hook = (authorization: string, signedWith?: string) =>
      c.t.app.inject({
        method: 'POST',
        url: `/api/hooks/${c.agentId}`,
        headers: {
          ...(authorization ? { authorization } : {}),
          'content-type': 'application/json',
          ...(signedWith ? signedHook(signedWith, body) : {}),
        },
        payload: body,
      });
    type AgentData = { agent: { webhook: { secret: string } } };
    const url = `/api/agents/${c.agentId}`;
    const before = (await c.as<AgentData>(c.user, 'GET', url)).agent.webhook.secret;
    const after = (await c.as<AgentData>(c.user, 'POST', `${url}/webhook/rotate`)).agent.webhook
      .secret;
    expect(after).not.toBe(before);
    expect((await hook(`Bearer ${before}`, before)).statusCode).toBe(401);
    expect((await hook(`Bearer ${after}`)).statusCode).toBe(401);
    expect((await hook(`Bearer ${c.user.token}`, c.user.token)).statusCode).toBe(401);
    expect((await hook(`Bearer ${c.apiToken}`, c.apiToken)).statusCode).toBe(401);
    const accepted = await hook('', after);
    expect(accepted.statusCode, accepted.body).toBe(202);
  });
});
