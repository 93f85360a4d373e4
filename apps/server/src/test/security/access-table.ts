import { serverJson } from '../../modules/registry/registry-test-kit.ts';
import { register, registrationFor, type TestApp } from '../harness.ts';

export const CALLERS = [
  'anonymous',
  'user',
  'other',
  'admin',
  'apiToken',
  'apiTokenWithoutScope',
] as const;
export type Caller = (typeof CALLERS)[number];
export type Expected = Record<Caller, number>;

type Registered = Awaited<ReturnType<typeof register>>;

/** What the table's requests act on: `user` owns everything, `other` owns nothing of it. */
export type AccessContext = {
  t: TestApp;
  user: Registered;
  other: Registered;
  admin: Registered;
  /** The user's API tokens, with and without the registry:publish scope. */
  apiToken: string;
  apiTokenWithoutScope: string;
  /** The user's agent (webhook trigger), one of its runs and a server they published. */
  agentId: string;
  runId: string;
  serverName: string;
  /** A new session of an account, and the id of a session token. */
  session: (who: Registered) => Promise<string>;
  sessionId: (token: string) => Promise<string>;
  /** A new account; an admin when asked. */
  fresh: (admin: boolean) => Promise<Registered>;
  /** Calls the API with a session of `who` and returns `data` (throws unless 2xx). */
  as: <T>(who: Registered, method: string, url: string, payload?: unknown) => Promise<T>;
};

/** One cell's request; `authorization` replaces the caller's usual credential. */
export type Cell = { url: string; payload?: unknown; authorization?: string };
export type Row = {
  expect: Expected;
  request: (c: AccessContext, caller: Caller) => Promise<Cell>;
};

/** The same answer whoever calls: a public route. */
const everyone = (status: number): Expected => ({
  anonymous: status,
  user: status,
  other: status,
  admin: status,
  apiToken: status,
  apiTokenWithoutScope: status,
});
/** Any signed-in session, acting on its own account; API tokens are not sessions. */
const signedIn = (status: number): Expected => ({
  ...everyone(401),
  user: status,
  other: status,
  admin: status,
});
/** The user's own thing: others do not see it exist; admins may read some. */
const owned = (status: number, admin = 404): Expected => ({
  ...everyone(401),
  user: status,
  other: 404,
  admin,
});
const adminOnly = (status: number): Expected => ({
  ...everyone(401),
  user: 403,
  other: 403,
  admin: status,
});
/** Publishing takes an API token with the scope; a session is not one. */
const publishing: Expected = { ...everyone(401), apiToken: 200, apiTokenWithoutScope: 403 };

const get = (url: string) => async (): Promise<Cell> => ({ url });
const send = (url: string, payload: () => unknown) => async (): Promise<Cell> => ({
  url,
  payload: payload(),
});
const isSession = (caller: Caller) => ['user', 'other', 'admin'].includes(caller);
let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

const catalogServer = encodeURIComponent('dev.spoke.catalog/asana');
/** A new upstream registry, disabled, at an address the mirror refuses to reach. */
const upstreamOf = async (c: AccessContext) =>
  (
    await c.as<{ upstream: { id: string } }>(c.admin, 'POST', '/api/admin/registry/upstreams', {
      name: `access-${unique()}`,
      url: `http://127.0.0.1:9/${unique()}`,
      enabled: false,
    })
  ).upstream.id;
const STALE_SIGNATURE = {
  domain: 'example.com',
  timestamp: '2020-01-01T00:00:00Z',
  signed_timestamp: '00',
};

const registryReads = (prefix: string): Record<string, Row> => ({
  [`GET ${prefix}/servers`]: { expect: everyone(200), request: get(`${prefix}/servers`) },
  [`GET ${prefix}/servers/:name/versions`]: {
    expect: everyone(200),
    request: get(`${prefix}/servers/${catalogServer}/versions`),
  },
  [`GET ${prefix}/servers/:name/versions/:version`]: {
    expect: everyone(200),
    request: get(`${prefix}/servers/${catalogServer}/versions/latest`),
  },
  // A trailing slash: a 308 to the address without it. Preflights: 204 to anyone.
  [`GET ${prefix}/servers/`]: { expect: everyone(308), request: get(`${prefix}/servers/`) },
  [`GET ${prefix}/servers/:name/versions/`]: {
    expect: everyone(308),
    request: get(`${prefix}/servers/${catalogServer}/versions/`),
  },
  [`GET ${prefix}/servers/:name/versions/:version/`]: {
    expect: everyone(308),
    request: get(`${prefix}/servers/${catalogServer}/versions/latest/`),
  },
  ...Object.fromEntries(
    [
      '/servers',
      '/servers/:name/versions',
      '/servers/:name/versions/:version',
      '/publish',
      '/auth/github-at',
      '/auth/http',
      '/auth/dns',
    ].map((path) => [
      `OPTIONS ${prefix}${path}`,
      {
        expect: everyone(204),
        request: get(
          `${prefix}${path.replace(':name', catalogServer).replace(':version', 'latest')}`,
        ),
      },
    ]),
  ),
  [`POST ${prefix}/publish`]: {
    expect: publishing,
    request: async (c) => ({
      url: `${prefix}/publish`,
      payload: serverJson(c.user.user, 'access', `1.0.${++serial}`),
    }),
  },
  // mcp-publisher's login: the credential is in the body, whoever calls.
  [`POST ${prefix}/auth/github-at`]: {
    expect: everyone(200),
    request: async (c) => ({
      url: `${prefix}/auth/github-at`,
      payload: { github_token: c.apiToken },
    }),
  },
  ...Object.fromEntries(
    ['http', 'dns'].map((method) => [
      `POST ${prefix}/auth/${method}`,
      {
        // A timestamp outside the window: refused before any key is fetched.
        expect: everyone(401),
        request: async () => ({
          url: `${prefix}/auth/${method}`,
          payload: STALE_SIGNATURE,
        }),
      },
    ]),
  ),
  [`POST ${prefix}/auth/:method`]: {
    expect: everyone(404),
    request: async () => ({ url: `${prefix}/auth/none`, payload: {} }),
  },
});

/**
 * Who may call each route: every route of the app (the inventory test holds this table to
 * the app's route tree) for every kind of caller, with the status each gets.
 */
export const ACCESS_TABLE: Record<string, Row> = {
  // Public: anyone, signed in or not, gets the same answer.
  'GET /api/health': { expect: everyone(200), request: get('/api/health') },
  'GET /api/ready': { expect: everyone(200), request: get('/api/ready') },
  'GET /api/blog': { expect: everyone(200), request: get('/api/blog') },
  'GET /api/blog/:slug': { expect: everyone(200), request: get('/api/blog/first-post') },
  'GET /blog/rss.xml': { expect: everyone(200), request: get('/blog/rss.xml') },
  'GET /oauth/spoke-cli.json': { expect: everyone(200), request: get('/oauth/spoke-cli.json') },
  ...registryReads('/registry/v0.1'),
  ...registryReads('/registry/v0'),
  'POST /api/account/register': {
    expect: everyone(201),
    request: send('/api/account/register', () => registrationFor()),
  },
  'POST /api/account/login': {
    expect: everyone(200),
    request: async (c) => ({
      url: '/api/account/login',
      payload: { email: c.user.user.email, password: c.user.password },
    }),
  },
  'POST /api/account/forgot-password': {
    expect: everyone(200),
    request: send('/api/account/forgot-password', () => ({ email: `x${unique()}@example.com` })),
  },
  // A link that was never sent: refused the same way for everyone, never 401.
  'POST /api/account/reset-password': {
    expect: everyone(400),
    request: send('/api/account/reset-password', () => ({
      token: 'never-sent',
      password: 'a new password',
    })),
  },
  // A mailed link proves an address by its token alone, signed in or not: one never sent
  // is refused the same way for everyone, never 401.
  'POST /api/account/verify-email': {
    expect: everyone(400),
    request: send('/api/account/verify-email', () => ({ token: `never-sent-${unique()}` })),
  },
  'POST /api/account/google/exchange': {
    expect: everyone(200),
    request: async (c) => ({
      url: '/api/account/google/exchange',
      payload: { code: await c.t.app.spoke.accounts.createLoginCode(c.other.user.id, false) },
    }),
  },
  'GET /api/auth/methods': { expect: everyone(200), request: get('/api/auth/methods') },
  // Google sign-in is not configured here: each step sends the browser back to /login.
  'GET /api/auth/google': { expect: everyone(302), request: get('/api/auth/google') },
  'GET /api/auth/callback/:providerId': {
    expect: everyone(302),
    request: get('/api/auth/callback/google?code=x&state=y'),
  },
  'GET /api/account/google/complete': {
    expect: everyone(302),
    request: get('/api/account/google/complete'),
  },
  'POST /api/contact': {
    expect: everyone(201),
    request: send('/api/contact', () => ({
      name: 'Ada',
      email: 'ada@example.com',
      topic: 'general',
      message: 'A question about the plans.',
    })),
  },
  // Opened by the agent's webhook secret only (see the test beside the table).
  'POST /api/hooks/:id': {
    expect: everyone(401),
    request: async (c) => ({ url: `/api/hooks/${c.agentId}`, payload: { event: 'x' } }),
  },

  // The signed-in account itself.
  'GET /api/account/me': { expect: signedIn(200), request: get('/api/account/me') },
  'PATCH /api/account/me': {
    expect: signedIn(200),
    request: send('/api/account/me', () => ({ display_name: 'Someone' })),
  },
  'POST /api/account/logout': { expect: signedIn(200), request: get('/api/account/logout') },
  'POST /api/account/password': {
    expect: signedIn(200),
    request: async (c, caller) => {
      const who = await c.fresh(caller === 'admin');
      return {
        url: '/api/account/password',
        payload: { currentPassword: who.password, newPassword: 'a brand new password' },
        ...(isSession(caller) ? { authorization: `Bearer ${who.token}` } : {}),
      };
    },
  },
  // A new link for the session's own account (one not proven yet); an API token is no session.
  'POST /api/account/verification-email': {
    expect: signedIn(200),
    request: async (c, caller) => {
      if (!isSession(caller)) return { url: '/api/account/verification-email' };
      const who = await register(c.t.app, {}, { verified: false });
      return { url: '/api/account/verification-email', authorization: `Bearer ${who.token}` };
    },
  },
  'GET /api/account/sessions': { expect: signedIn(200), request: get('/api/account/sessions') },
  'GET /api/account/billing': { expect: signedIn(200), request: get('/api/account/billing') },
  'GET /api/account/billing/upgrade': {
    expect: signedIn(200),
    request: get('/api/account/billing/upgrade'),
  },
  // Without Stripe, checkout and the portal are refused as a conflict with the request flow.
  'POST /api/account/billing/checkout': {
    expect: signedIn(409),
    request: send('/api/account/billing/checkout', () => ({ plan: 'pro', period: 'monthly' })),
  },
  'POST /api/account/billing/portal': {
    expect: signedIn(409),
    request: get('/api/account/billing/portal'),
  },
  'POST /api/account/billing/plan-requests': {
    expect: signedIn(201),
    request: send('/api/account/billing/plan-requests', () => ({ plan: 'pro', period: 'yearly' })),
  },
  'DELETE /api/account/billing/plan-requests/pending': {
    expect: signedIn(200),
    // Each signed-in caller has a request pending to withdraw.
    request: async (c, caller) => {
      const who = { user: c.user, other: c.other, admin: c.admin }[caller as 'user'];
      if (who) {
        await c.as(who, 'POST', '/api/account/billing/plan-requests', { plan: 'starter' });
      }
      return { url: '/api/account/billing/plan-requests/pending' };
    },
  },
  'GET /api/runs': { expect: signedIn(200), request: get('/api/runs') },
  'GET /api/account/tokens': { expect: signedIn(200), request: get('/api/account/tokens') },
  'POST /api/account/tokens': {
    expect: signedIn(201),
    request: send('/api/account/tokens', () => ({ name: 'ci', scopes: ['registry:publish'] })),
  },
  'GET /api/registry/mine': { expect: signedIn(200), request: get('/api/registry/mine') },
  'GET /api/integrations': { expect: signedIn(200), request: get('/api/integrations') },
  'PUT /api/integrations/:id/credentials': {
    expect: signedIn(200),
    request: send('/api/integrations/brave-search/credentials', () => ({
      values: { BRAVE_API_KEY: 'key' },
    })),
  },
  'DELETE /api/integrations/:id/credentials': {
    expect: signedIn(200),
    request: get('/api/integrations/brave-search/credentials'),
  },
  // An integration the catalog does not have: refused after the caller is checked (a sign-in
  // that starts needs a service to answer; oauth.test.ts starts one with a local stand-in).
  'POST /api/integrations/:id/oauth/start': {
    expect: signedIn(404),
    request: send('/api/integrations/no-such-service/oauth/start', () => ({
      return_to: '/agents',
    })),
  },
  // No sign-in was started with this state: refused after the caller is checked.
  'GET /api/integrations/oauth/callback': {
    expect: signedIn(400),
    request: get('/api/integrations/oauth/callback?state=never-started&code=c'),
  },
  'POST /api/agents': {
    expect: signedIn(201),
    request: send('/api/agents', () => ({ prompt: 'When I ask, tell me the time in Lima' })),
  },
  'GET /api/agents': { expect: signedIn(200), request: get('/api/agents') },

  // The user's own sessions, tokens, agents and runs: 404 for anyone else.
  'DELETE /api/account/sessions/:id': {
    expect: owned(200),
    request: async (c) => ({
      url: `/api/account/sessions/${await c.sessionId(await c.session(c.user))}`,
    }),
  },
  'DELETE /api/account/tokens/:id': {
    expect: owned(200),
    request: async (c) => {
      const { token } = await c.as<{ token: { id: string } }>(
        c.user,
        'POST',
        '/api/account/tokens',
        {
          name: 'doomed',
          scopes: ['registry:publish'],
        },
      );
      return { url: `/api/account/tokens/${token.id}` };
    },
  },
  // Addresses the account's agents may e-mail: each account its own list.
  'GET /api/account/email-recipients': {
    expect: signedIn(200),
    request: get('/api/account/email-recipients'),
  },
  'POST /api/account/email-recipients': {
    expect: signedIn(201),
    request: async () => ({
      url: '/api/account/email-recipients',
      payload: { email: `allow-${unique()}@example.com` },
    }),
  },
  'DELETE /api/account/email-recipients/:id': {
    expect: owned(200),
    request: async (c) => {
      const { recipient } = await c.as<{ recipient: { id: string } }>(
        c.user,
        'POST',
        '/api/account/email-recipients',
        { email: `doomed-${unique()}@example.com` },
      );
      return { url: `/api/account/email-recipients/${recipient.id}` };
    },
  },
  // Opened by the link's token alone, whoever follows it: an unknown one opens nothing.
  'GET /api/email-consent': {
    expect: everyone(404),
    request: get(`/api/email-consent?token=not-a-token-${'x'.repeat(40)}`),
  },
  'POST /api/email-consent': {
    expect: everyone(404),
    request: send('/api/email-consent', () => ({ token: 'not-a-token', answer: 'allow' })),
  },
  'GET /api/agents/:id': {
    expect: owned(200, 200),
    request: async (c) => ({ url: `/api/agents/${c.agentId}` }),
  },
  'PATCH /api/agents/:id': {
    expect: owned(200),
    request: async (c) => ({ url: `/api/agents/${c.agentId}`, payload: { spec: { name: 'New' } } }),
  },
  'DELETE /api/agents/:id': {
    expect: owned(200),
    request: async (c) => {
      const { agent } = await c.as<{ agent: { id: string } }>(c.user, 'POST', '/api/agents', {
        prompt: 'Tell me the time',
      });
      return { url: `/api/agents/${agent.id}` };
    },
  },
  'POST /api/agents/:id/pause': {
    expect: owned(200),
    request: async (c) => ({ url: `/api/agents/${c.agentId}/pause` }),
  },
  'POST /api/agents/:id/resume': {
    expect: owned(200),
    request: async (c) => ({ url: `/api/agents/${c.agentId}/resume` }),
  },
  'POST /api/agents/:id/webhook/rotate': {
    expect: owned(200),
    request: async (c) => ({ url: `/api/agents/${c.agentId}/webhook/rotate` }),
  },
  'POST /api/agents/:id/recompile': {
    expect: owned(200),
    request: async (c) => ({
      url: `/api/agents/${c.agentId}/recompile`,
      payload: { prompt: 'Every morning, tell me the time in Tokyo' },
    }),
  },
  'POST /api/agents/:id/runs': {
    expect: owned(202),
    request: async (c) => ({ url: `/api/agents/${c.agentId}/runs`, payload: { input: 'hi' } }),
  },
  'GET /api/agents/:id/runs': {
    expect: owned(200, 200),
    request: async (c) => ({ url: `/api/agents/${c.agentId}/runs` }),
  },
  'GET /api/runs/:id': {
    expect: owned(200, 200),
    request: async (c) => ({ url: `/api/runs/${c.runId}` }),
  },

  // Administrators only.
  'GET /api/admin/users': { expect: adminOnly(200), request: get('/api/admin/users') },
  'GET /api/admin/plan-requests': {
    expect: adminOnly(200),
    request: get('/api/admin/plan-requests'),
  },
  ...Object.fromEntries(
    (['approve', 'decline'] as const).map((action) => [
      `POST /api/admin/plan-requests/:id/${action}`,
      {
        expect: adminOnly(200),
        // A fresh account's pending request for each caller.
        request: async (c: AccessContext) => {
          const who = await c.fresh(false);
          const { request } = await c.as<{ request: { id: string } }>(
            who,
            'POST',
            '/api/account/billing/plan-requests',
            { plan: 'builder', period: 'monthly' },
          );
          return {
            url: `/api/admin/plan-requests/${request.id}/${action}`,
            payload: { note: 'Checked' },
          };
        },
      } satisfies Row,
    ]),
  ),
  'PATCH /api/admin/users/:id': {
    expect: adminOnly(200),
    request: async (c) => ({
      url: `/api/admin/users/${c.other.user.id}`,
      payload: { plan: 'pro' },
    }),
  },
  'GET /api/admin/contact-messages': {
    expect: adminOnly(200),
    request: get('/api/admin/contact-messages'),
  },
  'GET /api/admin/registry/servers': {
    expect: adminOnly(200),
    request: get('/api/admin/registry/servers'),
  },
  'PATCH /api/admin/registry/servers/:name': {
    expect: adminOnly(200),
    request: async (c) => ({
      url: `/api/admin/registry/servers/${encodeURIComponent(c.serverName)}`,
      payload: { trust_level: 'verified' },
    }),
  },
  'GET /api/admin/registry/namespaces': {
    expect: adminOnly(200),
    request: get('/api/admin/registry/namespaces'),
  },
  'POST /api/admin/registry/namespaces': {
    expect: adminOnly(201),
    request: async (c) => ({
      url: '/api/admin/registry/namespaces',
      payload: { namespace: `com.access${unique()}`, username: c.other.user.username },
    }),
  },
  'GET /api/admin/registry/upstreams': {
    expect: adminOnly(200),
    request: get('/api/admin/registry/upstreams'),
  },
  'POST /api/admin/registry/upstreams': {
    expect: adminOnly(201),
    request: async () => ({
      url: '/api/admin/registry/upstreams',
      payload: { name: `access-${unique()}`, url: `https://${unique()}.example`, enabled: false },
    }),
  },
  'GET /api/admin/registry/upstreams/:id': {
    expect: adminOnly(200),
    request: async (c) => ({ url: `/api/admin/registry/upstreams/${await upstreamOf(c)}` }),
  },
  'PATCH /api/admin/registry/upstreams/:id': {
    expect: adminOnly(200),
    request: async (c) => ({
      url: `/api/admin/registry/upstreams/${await upstreamOf(c)}`,
      payload: { trust_level: 'verified' },
    }),
  },
  'DELETE /api/admin/registry/upstreams/:id': {
    expect: adminOnly(200),
    request: async (c) => ({ url: `/api/admin/registry/upstreams/${await upstreamOf(c)}` }),
  },
  // A run against an address the mirror refuses: answered at once, its error recorded.
  'POST /api/admin/registry/upstreams/:id/sync': {
    expect: adminOnly(200),
    request: async (c) => ({ url: `/api/admin/registry/upstreams/${await upstreamOf(c)}/sync` }),
  },
  'DELETE /api/admin/registry/namespaces/:namespace': {
    expect: adminOnly(200),
    request: async (c) => {
      const namespace = `org.doomed${unique()}`;
      await c.as(c.admin, 'POST', '/api/admin/registry/namespaces', {
        namespace,
        username: c.other.user.username,
      });
      return { url: `/api/admin/registry/namespaces/${namespace}` };
    },
  },
};
