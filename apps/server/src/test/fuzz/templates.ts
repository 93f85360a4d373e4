import { randomUUID } from 'node:crypto';
import { signedHook } from '../../modules/agents/agent-test-kit.ts';
import { serverJson } from '../../modules/registry/registry-test-kit.ts';
import { registrationFor } from '../harness.ts';
import type { World } from './fuzz-kit.ts';

/** A request that the route accepts as it is: the base the body fuzzer mutates. */
export type Template = {
  /** Path parameters, in order. */
  params?: (w: World) => string[];
  /** Who calls: a session of the user or admin, the user's API token, the webhook secret. */
  as: 'nobody' | 'user' | 'admin' | 'apiToken' | 'webhook';
  body: (w: World) => unknown;
  /** Requests that hash a password cost ~150 ms: they get fewer cases. */
  costly?: boolean;
};

/** A valid request for every route that takes a body, keyed like the route inventory. */
export const TEMPLATES: Record<string, Template> = {
  'POST /api/account/register': { as: 'nobody', costly: true, body: () => registrationFor() },
  'POST /api/account/login': {
    as: 'nobody',
    costly: true,
    body: (w) => ({ email: w.other.user.email, password: 'not the password', remember: true }),
  },
  'POST /api/account/forgot-password': {
    as: 'nobody',
    body: () => ({ email: `nobody.${randomUUID()}@example.com` }),
  },
  'POST /api/account/reset-password': {
    as: 'nobody',
    body: () => ({ token: 'not-a-real-token', password: 'long enough password' }),
  },
  'POST /api/account/verify-email': { as: 'nobody', body: () => ({ token: 'not-a-real-token' }) },
  'POST /api/account/google/exchange': { as: 'nobody', body: () => ({ code: 'not-a-code' }) },
  'PATCH /api/account/me': { as: 'user', body: () => ({ display_name: 'Fuzzy Lovelace' }) },
  'POST /api/account/password': {
    as: 'user',
    costly: true,
    body: () => ({ currentPassword: 'not the password', newPassword: 'another password' }),
  },
  'POST /api/account/tokens': {
    as: 'user',
    body: () => ({ name: 'fuzz', scopes: ['registry:publish'] }),
  },
  'POST /api/agents': {
    as: 'user',
    body: () => ({ prompt: 'Every weekday at 9 e-mail me a summary', timezone: 'Europe/Berlin' }),
  },
  'PATCH /api/agents/:id': {
    as: 'user',
    params: (w) => [w.patchAgentId],
    body: () => ({
      spec: {
        name: 'Renamed',
        summary: 'A summary',
        trigger: {
          type: 'schedule',
          cron: '0 9 * * 1-5',
          timezone: 'Europe/Berlin',
          text: 'weekdays at 9:00',
        },
        integrations: [{ id: 'clock', why: 'To know the time', config: [] }],
        steps: [{ text: 'Read the time', tools: ['clock.now'] }],
        guardrails: ['Be kind'],
      },
    }),
  },
  'POST /api/agents/:id/recompile': {
    as: 'user',
    params: (w) => [w.agentId],
    body: () => ({ prompt: 'Every morning, tell me the time in Tokyo', timezone: 'Europe/Berlin' }),
  },
  'POST /api/agents/:id/runs': {
    as: 'user',
    params: (w) => [w.agentId],
    body: () => ({ input: 'What happened today?', dry_run: false }),
  },
  'PUT /api/integrations/:id/credentials': {
    as: 'user',
    params: () => ['brave-search'],
    body: () => ({ values: { BRAVE_API_KEY: 'key-123' } }),
  },
  'POST /api/integrations/:id/oauth/start': {
    as: 'user',
    params: () => ['brave-search'],
    body: () => ({ return_to: '/agents' }),
  },
  'POST /api/account/email-recipients': {
    as: 'user',
    body: () => ({ email: `fuzz-${randomUUID()}@example.com` }),
  },
  'POST /api/email-consent': {
    as: 'nobody',
    body: () => ({ token: randomUUID(), answer: 'allow' }),
  },
  'POST /api/contact': {
    as: 'nobody',
    body: () => ({
      name: 'Ada',
      email: 'ada@example.com',
      topic: 'general',
      message: 'Hello there, a question about plans.',
    }),
  },
  'POST /api/account/billing/checkout': {
    as: 'user',
    body: () => ({ plan: 'pro', period: 'monthly' }),
  },
  'POST /api/account/billing/plan-requests': {
    as: 'user',
    body: () => ({ plan: 'builder', period: 'yearly' }),
  },
  'POST /api/admin/plan-requests/:id/approve': {
    as: 'admin',
    params: () => [randomUUID()],
    body: () => ({ note: 'Approved after a call' }),
  },
  'POST /api/admin/plan-requests/:id/decline': {
    as: 'admin',
    params: () => [randomUUID()],
    body: () => ({ note: 'Not this month' }),
  },
  'PATCH /api/admin/users/:id': {
    as: 'admin',
    params: (w) => [w.other.user.id],
    body: () => ({ plan: 'starter' }),
  },
  'PATCH /api/admin/registry/servers/:name': {
    as: 'admin',
    params: (w) => [w.serverName],
    body: () => ({ trust_level: 'verified', status: 'active' }),
  },
  'POST /api/admin/registry/upstreams': {
    as: 'admin',
    body: () => ({
      name: `fuzz-${randomUUID().slice(0, 8)}`,
      url: `https://${randomUUID()}.example`,
      enabled: false,
      trust_level: 'unverified',
    }),
  },
  'PATCH /api/admin/registry/upstreams/:id': {
    as: 'admin',
    params: () => [randomUUID()],
    body: () => ({ name: 'renamed', enabled: false, trust_level: 'verified' }),
  },
  'POST /api/admin/registry/upstreams/:id/sync': {
    as: 'admin',
    params: () => [randomUUID()],
    body: () => ({}),
  },
  'POST /api/admin/registry/namespaces': {
    as: 'admin',
    body: (w) => ({ namespace: `com.fuzz${Date.now()}`, username: w.other.user.username }),
  },
  'POST /registry/v0.1/publish': {
    as: 'apiToken',
    body: (w) => serverJson(w.user.user, 'fuzzed', `1.0.${Math.floor(Math.random() * 1e9)}`),
  },
  'POST /registry/v0/publish': {
    as: 'apiToken',
    body: (w) => serverJson(w.user.user, 'fuzzed', `2.0.${Math.floor(Math.random() * 1e9)}`),
  },
  ...(Object.fromEntries(
    ['/registry/v0.1', '/registry/v0'].flatMap((prefix) => [
      [
        `POST ${prefix}/auth/github-at`,
        { as: 'nobody', body: (w: World) => ({ github_token: w.apiToken }) },
      ],
      ...['http', 'dns'].map((method) => [
        `POST ${prefix}/auth/${method}`,
        {
          as: 'nobody',
          // Outside the timestamp window: no key is fetched, whatever the fuzzer makes of it.
          body: () => ({
            domain: 'example.com',
            timestamp: '2020-01-01T00:00:00Z',
            signed_timestamp: '00',
          }),
        },
      ]),
      [`POST ${prefix}/auth/:method`, { as: 'nobody', params: () => ['none'], body: () => ({}) }],
    ]),
  ) as Record<string, Template>),
  'POST /api/hooks/:id': {
    as: 'webhook',
    params: (w) => [w.agentId],
    body: () => ({ event: 'ticket.created', ticket: { id: 1, subject: 'Help' } }),
  },
};

/** The Authorization header of a template's caller. */
export function authorizationFor(w: World, as: Template['as']): string | undefined {
  switch (as) {
    case 'nobody':
      return undefined;
    case 'user':
      return `Bearer ${w.user.token}`;
    case 'admin':
      return `Bearer ${w.admin.token}`;
    case 'apiToken':
      return `Bearer ${w.apiToken}`;
    case 'webhook':
      return `Bearer ${w.hookSecret}`;
  }
}

/** The headers that let a template's caller in for `body`: webhook calls are signed. */
export function callerHeaders(
  w: World,
  as: Template['as'],
  body: string | undefined,
): Record<string, string> {
  if (as === 'webhook') return signedHook(w.hookSecret, body ?? '');
  const auth = authorizationFor(w, as);
  return auth ? { authorization: auth } : {};
}

/** The URL of a template's route with its real parameters. */
export function urlFor(w: World, route: string, template: Template): string {
  const values = template.params?.(w) ?? [];
  let i = 0;
  return route.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++] ?? 'x'));
}
