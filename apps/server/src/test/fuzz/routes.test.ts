import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listRoutes, routeKey, type Route } from '../security/routes.ts';
import {
  badAuthorization,
  contentType,
  headerText,
  hostileBodyText,
  pathParam,
  queryString,
} from './arbitraries.ts';
import {
  announce,
  buildWorld,
  CaseCount,
  ENDS_SESSION,
  FUZZ_BUDGET,
  fuzz,
  mintSession,
  NEEDS_MODEL,
  print,
  send,
  spare,
  track,
  type World,
} from './fuzz-kit.ts';
import { TEMPLATES, urlFor, type Template } from './templates.ts';

// Every route of the app, found in its route tree: by every kind of caller with hostile
// parameters, queries, bodies and content types; with bent credentials and odd headers; and
// with hostile path parameters and query strings beside real ones.
let w: World;
let routes: Route[];
const count = new CaseCount('routes');

beforeAll(async () => {
  announce('routes');
  w = await buildWorld();
  routes = listRoutes(w.t.app);
});
afterAll(async () => {
  print(count.report());
  await w?.t.close();
});

const CALLERS = ['anonymous', 'bad', 'user', 'other', 'admin', 'apiToken'] as const;

async function authorization(caller: (typeof CALLERS)[number], bad: string, key: string) {
  const fresh = ENDS_SESSION.has(key);
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'bad':
      return bad;
    case 'apiToken':
      return `Bearer ${w.apiToken}`;
    default: {
      const who = w[caller];
      return `Bearer ${fresh ? await mintSession(w.t, who.user.id) : who.token}`;
    }
  }
}

it('answers every route, whoever calls and whatever they send, without a 5xx or a leak', async () => {
  const arbitrary = fc.record({
    route: fc.constantFrom(...routes),
    head: fc.boolean(),
    caller: fc.constantFrom(...CALLERS),
    bad: badAuthorization,
    params: fc.array(
      fc.oneof(
        pathParam,
        fc.constantFrom(...w.ids).map((id) => encodeURIComponent(id)),
      ),
      { minLength: 3, maxLength: 3 },
    ),
    query: fc.option(queryString, { nil: undefined }),
    body: fc.option(hostileBodyText, { nil: undefined }),
    type: contentType,
  });
  await fuzz(arbitrary, FUZZ_BUDGET.routes, async (c) => {
    const key = routeKey(c.route);
    const headers: Record<string, string> = {};
    const auth = await authorization(c.caller, c.bad, key);
    if (auth !== undefined) headers.authorization = auth;
    if (c.type !== undefined) headers['content-type'] = c.type;
    const method = c.route.method === 'GET' && c.head ? 'HEAD' : c.route.method;
    let i = 0;
    const url = c.route.path.replace(/:[A-Za-z]+/g, () => c.params[i++] ?? 'x');
    const target = spare(w, method, c.query ? `${url}?${c.query}` : url);
    const res = await send(w.t, count, {
      method,
      route: c.route.path,
      url: target,
      headers,
      body: c.route.method === 'GET' ? undefined : c.body,
      modelOptional: NEEDS_MODEL.has(key),
    });
    track(w, target, res);
  });
  expect(count.sent).toBe(FUZZ_BUDGET.routes);
}, 180_000);

/** The right credential, bent: other cases, spacing, padding, truncation, extra parts. */
const BENDS: ((secret: string) => string)[] = [
  (s) => `Bearer ${s}`,
  (s) => `bearer ${s}`,
  (s) => `BEARER ${s}`,
  (s) => `Bearer   ${s}`,
  (s) => `Bearer\t${s}`,
  (s) => `Bearer ${s} `,
  (s) => `Bearer ${s}x`,
  (s) => `Bearer x${s}`,
  (s) => `Bearer ${s.slice(0, -1)}`,
  (s) => `Bearer ${s.toUpperCase()}`,
  (s) => `Bearer ${s}, Bearer ${s}`,
  (s) => `Basic ${s}`,
  (s) => s,
  (s) => `Bearer ${s}\u00a0`,
];

/** The secret of one kind of caller; a fresh session where the route would end it. */
async function secretOf(kind: 'user' | 'admin' | 'apiToken' | 'webhook', key: string) {
  if (kind === 'apiToken') return w.apiToken;
  if (kind === 'webhook') return w.hookSecret;
  const who = w[kind];
  return ENDS_SESSION.has(key) ? mintSession(w.t, who.user.id) : who.token;
}

it('reads any authorization, content type and header without a 5xx or a leak', async () => {
  const headersCount = new CaseCount('headers');
  const arbitrary = fc.record({
    route: fc.constantFrom(...routes),
    kind: fc.constantFrom('user', 'admin', 'apiToken', 'webhook', 'bad') as fc.Arbitrary<
      'user' | 'admin' | 'apiToken' | 'webhook' | 'bad'
    >,
    bend: fc.nat(BENDS.length - 1),
    bad: badAuthorization,
    type: contentType,
    accept: fc.option(
      fc.oneof(
        fc.constantFrom('application/json', 'application/x-ndjson', '*/*', 'text/html'),
        headerText(40),
      ),
      { nil: undefined },
    ),
    encoding: fc.option(fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'zzz'), {
      nil: undefined,
    }),
    length: fc.option(fc.constantFrom('0', '3', '99999', 'abc', '-1'), { nil: undefined }),
    requestId: fc.option(headerText(100), { nil: undefined }),
    forwarded: fc.option(headerText(60), { nil: undefined }),
  });
  await fuzz(arbitrary, headersCount.budget, async (c) => {
    const key = routeKey(c.route);
    const template = TEMPLATES[key];
    const auth = c.kind === 'bad' ? c.bad : BENDS[c.bend]!(await secretOf(c.kind, key));
    const headers: Record<string, string> = { authorization: auth };
    if (c.type !== undefined) headers['content-type'] = c.type;
    if (c.accept !== undefined) headers.accept = c.accept;
    if (c.encoding !== undefined) headers['content-encoding'] = c.encoding;
    if (c.length !== undefined) headers['content-length'] = c.length;
    if (c.requestId !== undefined) headers['x-request-id'] = c.requestId;
    if (c.forwarded !== undefined) headers['x-forwarded-for'] = c.forwarded;
    const res = await send(w.t, headersCount, {
      method: c.route.method,
      route: c.route.path,
      url: realUrl(c.route),
      headers,
      body: bodyOf(template, c.route.method),
      modelOptional: NEEDS_MODEL.has(key),
    });
    track(w, realUrl(c.route), res);
    // Only a well-formed request id is echoed; anything else is replaced.
    const id = String(res.headers['x-request-id'] ?? '');
    if (c.requestId !== undefined && id !== c.requestId) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
  print(headersCount.report());
  expect(headersCount.sent).toBe(headersCount.budget);
}, 180_000);

/**
 * The route's valid body, so that what is fuzzed (headers, paths) is what gets refused; not
 * for the routes that hash a password, which would cost more than they find here.
 */
function bodyOf(template: Template | undefined, method: string): string | undefined {
  if (!template || template.costly || method === 'GET') return undefined;
  return JSON.stringify(template.body(w));
}

/**
 * A route's URL with parameters that exist: the user's agents, server, integration and so
 * on; the template's where the route has one; never the agent every later case needs, for
 * a DELETE.
 */
function realUrl(route: Route): string {
  const template = TEMPLATES[routeKey(route)];
  if (template?.params) return urlFor(w, route.path, template);
  const real: Record<string, string> = {
    id: route.path.startsWith('/api/integrations/')
      ? 'brave-search'
      : /^\/api\/(agents|hooks|runs)\//.test(route.path)
        ? w.agentId
        : w.other.user.id,
    name: w.serverName,
    version: '1.0.0',
    slug: 'first-post',
    namespace: 'com.nothing',
    providerId: 'google',
  };
  const url = route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    encodeURIComponent(real[name] ?? 'x'),
  );
  return spare(w, route.method, url);
}

it('reads any path parameter and query string without a 5xx or a leak', async () => {
  const pathsCount = new CaseCount('paths');
  const arbitrary = fc.record({
    route: fc.constantFrom(...routes),
    params: fc.array(fc.option(pathParam, { nil: undefined }), { minLength: 3, maxLength: 3 }),
    query: queryString,
    caller: fc.constantFrom('user', 'admin') as fc.Arbitrary<'user' | 'admin'>,
  });
  await fuzz(arbitrary, pathsCount.budget, async (c) => {
    const key = routeKey(c.route);
    const template = TEMPLATES[key];
    // Each parameter is either a hostile value or the real one, so that later ones are reached.
    const real = realUrl(c.route).split('/');
    let i = 0;
    const url = c.route.path
      .split('/')
      .map((part, at) => (part.startsWith(':') ? (c.params[i++] ?? real[at]) : part))
      .join('/');
    const token = await secretOf(c.caller, key);
    const target = spare(w, c.route.method, c.query ? `${url}?${c.query}` : url);
    const res = await send(w.t, pathsCount, {
      method: c.route.method,
      route: c.route.path,
      url: target,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: bodyOf(template, c.route.method),
      modelOptional: NEEDS_MODEL.has(key),
    });
    track(w, target, res);
  });
  print(pathsCount.report());
  expect(pathsCount.sent).toBe(pathsCount.budget);
}, 180_000);
