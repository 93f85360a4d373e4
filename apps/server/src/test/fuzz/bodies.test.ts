import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { autoResponder, startOpenAITestServer, type OpenAITestServer } from '@spoke/agents/testing';
import { users } from '../../db/schema.ts';
import { listRoutes, routeKey } from '../security/routes.ts';
import { mutate } from './arbitraries.ts';
import {
  announce,
  buildWorld,
  CaseCount,
  fuzz,
  NEEDS_MODEL,
  print,
  send,
  type World,
} from './fuzz-kit.ts';
import { callerHeaders, TEMPLATES, urlFor } from './templates.ts';

// A valid request for each route with a body, with one hostile change: the bodies that get
// past the first checks and reach the services and the database. A model is configured, so
// runs and webhooks store their input and run.
let w: World;
let model: OpenAITestServer;
const count = new CaseCount('bodies');

beforeAll(async () => {
  announce('bodies');
  // The test model ignores response formats; the SDK would warn about it at every request.
  (globalThis as Record<string, unknown>).AI_SDK_LOG_WARNINGS = false;
  model = await startOpenAITestServer({ fallback: autoResponder({}) });
  w = await buildWorld({
    llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url },
  });
  // No plan limit gets in the way of runs.
  await w.t.app.spoke.database.db
    .update(users)
    .set({ plan: 'enterprise' })
    .where(eq(users.id, w.user.user.id));
});
afterAll(async () => {
  print(count.report());
  await w?.t.close();
  await model?.close();
});

it('has a valid request for every route that reads a body', () => {
  const withBody = listRoutes(w.t.app)
    .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))
    .map(routeKey)
    // These act on who calls and on nothing they send.
    .filter(
      (key) => !/logout|pause|resume|webhook\/rotate|verification-email|billing\/portal/.test(key),
    );
  expect(Object.keys(TEMPLATES).sort()).toEqual(withBody.sort());
});

it('takes one hostile change to any valid body without a 5xx, a leak or a broken run', async () => {
  // Sign-in, registration and password changes hash a password (~150 ms): fewer of them.
  const weighted = Object.entries(TEMPLATES).map(([key, template]) => ({
    weight: template.costly ? 1 : 16,
    arbitrary: fc.constant(key),
  }));
  const arbitrary = fc
    .oneof(...weighted)
    .chain((key) => mutate(TEMPLATES[key]!.body(w)).map((body) => ({ key, body })));
  await fuzz(arbitrary, count.budget, async ({ key, body }) => {
    const template = TEMPLATES[key]!;
    const [method, route] = key.split(' ') as [string, string];
    await send(w.t, count, {
      method,
      route,
      url: urlFor(w, route, template),
      headers: { 'content-type': 'application/json', ...callerHeaders(w, template.as, body) },
      body,
      modelOptional: NEEDS_MODEL.has(key),
    });
  });
  expect(count.sent).toBe(count.budget);

  // Every run those requests started ends as its input allows, never on an internal error.
  await w.t.app.spoke.runs.idle();
  const broken = (await w.t.app.spoke.database.db.execute(
    sql`select id, error from runs where error like '%internal error%'`,
  )) as unknown as { rows: unknown[] };
  expect(broken.rows).toEqual([]);
}, 240_000);
