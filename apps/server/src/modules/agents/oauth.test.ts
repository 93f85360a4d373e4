import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SignInNeededError,
  catalogConnector,
  integrationById,
  type Integration,
} from '@spoke/agents';
import { integrationCredentials } from '../../db/schema.ts';
import { createCryptoBox, resolveSecretsKey } from '../../lib/crypto-box.ts';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, createAgent, finishedRun } from './agent-test-kit.ts';
import { createCredentialService, oauthRowId } from './credentials.ts';
import { AgentListCache } from './list-cache.ts';
import { storedSignInProvider } from './oauth.ts';
import { startProtectedServer } from '@spoke/shared/testing/oauth-server';

// Vercel's catalog entry (an OAuth remote) pointed at a local stand-in that is both its
// authorization server and its MCP server; the stand-in approves every authorization at once.
let remote: Awaited<ReturnType<typeof startProtectedServer>>;
let t: TestApp;

const lookup = (id: string): Integration | undefined => {
  const found = integrationById(id);
  if (id !== 'vercel' || !found) return found;
  return { ...found, provider: { kind: 'remote', url: remote.url, transport: 'streamable-http' } };
};

beforeAll(async () => {
  remote = await startProtectedServer();
  t = await startTestApp({}, undefined, { integrations: lookup });
});
afterAll(async () => {
  await t?.close();
  await remote?.close();
});

/** The app's credential store, opened as the server opens it. */
function store() {
  const box = createCryptoBox(resolveSecretsKey(t.config.secretsKey, t.config.dataDir, false));
  return createCredentialService(t.app.spoke.database.db, box, new AgentListCache(0, 10));
}

async function start(token: string, id = 'vercel', returnTo = '/agents/some-agent') {
  return call(t, 'POST', `/api/integrations/${id}/oauth/start`, token, { return_to: returnTo });
}

/** Follows the authorization URL as the browser would: the stand-in redirects with a code. */
async function authorize(authorizationUrl: string): Promise<URL> {
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function callback(token: string, back: URL) {
  return t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: bearer(token),
  });
}

async function vercelInfo(token: string) {
  const res = await call(t, 'GET', '/api/integrations', token);
  return (
    res.json().data.integrations as { id: string; connected: boolean; signed_in?: boolean }[]
  ).find((i) => i.id === 'vercel')!;
}

async function echo(userId: string, text: string) {
  const connect = catalogConnector({
    lookup,
    credentials: () => ({}),
    authProvider: (integration) => storedSignInProvider(store(), userId, integration),
    builtin: { agentId: 'oauth-test' } as never,
  });
  const connection = await connect('vercel');
  try {
    const result = await connection.client.callTool({ name: 'echo', arguments: { text } });
    return (result.content as { text: string }[])[0]!.text;
  } finally {
    await connection.close();
  }
}

describe('signing in to an OAuth remote from the agent page', () => {
  it('starts, comes back with tokens kept encrypted, reaches the server and refreshes', async () => {
    const { token, user } = await register(t.app);
    expect(await vercelInfo(token)).toMatchObject({ oauth: true, connected: false });

    // Before any sign-in the runtime says what to do, not how it failed.
    await expect(echo(user.id, 'early')).rejects.toBeInstanceOf(SignInNeededError);

    const started = await start(token);
    expect(started.statusCode).toBe(200);
    const authorizationUrl = new URL(started.json().data.authorization_url);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(
      `${t.config.appUrl}/api/integrations/oauth/callback`,
    );
    expect(remote.seen.registrations).toBe(1);

    const back = await authorize(authorizationUrl.href);
    const done = await callback(token, back);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/agents/some-agent?oauth=vercel');
    expect(remote.seen.pkceChecks).toBeGreaterThan(0);

    // Kept sealed: the row holds no token in the clear, and opens to the tokens.
    const [row] = await t.app.spoke.database.db
      .select({ sealed: integrationCredentials.sealed })
      .from(integrationCredentials)
      .where(
        and(
          eq(integrationCredentials.userId, user.id),
          eq(integrationCredentials.integrationId, oauthRowId('vercel')),
        ),
      );
    const signIn = await store().signIn(user.id, 'vercel');
    expect(signIn?.tokens?.access_token).toBeTruthy();
    expect(row!.sealed).not.toContain(signIn!.tokens!.access_token);
    expect(await vercelInfo(token)).toMatchObject({ connected: true, signed_in: true });

    // A tool call through the runtime reaches the server with the token.
    expect(await echo(user.id, 'hello')).toBe('guarded: hello');
    expect(remote.seen.bearers).toContain(signIn!.tokens!.access_token);

    // The access token expires: the SDK refreshes it and the new tokens are kept.
    remote.expireAccessTokens();
    expect(await echo(user.id, 'again')).toBe('guarded: again');
    expect(remote.seen.refreshes).toBe(1);
    const renewed = await store().signIn(user.id, 'vercel');
    expect(renewed!.tokens!.access_token).not.toBe(signIn!.tokens!.access_token);

    // The refresh is refused too: the user is asked to reconnect, and the sign-in is forgotten.
    remote.expireAccessTokens();
    remote.seen.refuseRefresh = true;
    const refused = await echo(user.id, 'late').catch((error: unknown) => error);
    remote.seen.refuseRefresh = false;
    expect(refused).toBeInstanceOf(SignInNeededError);
    expect((refused as SignInNeededError).expired).toBe(true);
    expect((refused as Error).message).toMatch(/reconnect Vercel/);
    expect(await vercelInfo(token)).toMatchObject({ connected: false, signed_in: false });
  });

  it("runs an agent's plan through the signed-in remote, and asks to reconnect once refused", async () => {
    const { token, user } = await register(t.app);
    await callback(token, await authorize((await start(token)).json().data.authorization_url));
    const created = await createAgent(t, token, 'When I ask, tell me the time in UTC');
    const patched = await call(t, 'PATCH', `/api/agents/${created.id}`, token, {
      spec: {
        trigger: { type: 'manual' },
        integrations: [{ id: 'vercel', why: 'echo a word', config: [] }],
        steps: [{ text: 'Echo a word through Vercel', tools: ['vercel.echo'] }],
        plan: { steps: [{ id: 'say', kind: 'tool', tool: 'vercel.echo', args: { text: 'hi' } }] },
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.agent.connections).toEqual({ vercel: true });

    const runOnce = async () => {
      const started = await call(t, 'POST', `/api/agents/${created.id}/runs`, token, {});
      expect(started.statusCode, started.body).toBe(202);
      return finishedRun(t, token, started.json().data.run.id);
    };
    remote.expireAccessTokens();
    const run = await runOnce();
    expect(run.status, JSON.stringify(run)).toBe('succeeded');
    expect(JSON.stringify(run.steps)).toContain('guarded: hi');

    remote.expireAccessTokens();
    remote.seen.refuseRefresh = true;
    const refused = await runOnce();
    remote.seen.refuseRefresh = false;
    expect(refused.status).toBe('failed');
    expect(JSON.stringify(refused)).toMatch(/reconnect Vercel/);
    const agent = (await call(t, 'GET', `/api/agents/${created.id}`, token)).json().data.agent;
    expect(agent.connections).toEqual({ vercel: false });
    expect(await store().signIn(user.id, 'vercel')).toBeNull();
  });

  it('keeps tokens another run renewed while this one was refused', async () => {
    const { token, user } = await register(t.app);
    await callback(token, await authorize((await start(token)).json().data.authorization_url));
    const vercel = lookup('vercel')!;
    const slow = storedSignInProvider(store(), user.id, vercel);
    const read = await slow.tokens();
    // Another run renews the tokens; this one's refresh token is then refused.
    remote.expireAccessTokens();
    expect(await echo(user.id, 'first')).toBe('guarded: first');
    const renewed = await store().signIn(user.id, 'vercel');
    expect(renewed!.tokens!.refresh_token).not.toBe(read!.refresh_token);
    await slow.invalidateCredentials!('tokens');
    expect(await store().signIn(user.id, 'vercel')).toEqual(renewed);
    // With nothing newer stored, refused tokens are forgotten.
    const fresh = storedSignInProvider(store(), user.id, vercel);
    await fresh.tokens();
    await fresh.invalidateCredentials!('tokens');
    expect(await store().signIn(user.id, 'vercel')).toBeNull();
  });

  it('disconnects: the tokens are forgotten', async () => {
    const { token, user } = await register(t.app);
    const started = await start(token);
    await callback(token, await authorize(started.json().data.authorization_url));
    expect(await vercelInfo(token)).toMatchObject({ connected: true });
    const removed = await call(t, 'DELETE', '/api/integrations/vercel/credentials', token);
    expect(removed.statusCode).toBe(200);
    expect(await store().signIn(user.id, 'vercel')).toBeNull();
    expect(await vercelInfo(token)).toMatchObject({ connected: false });
  });

  it('refuses a used state, an unknown one and another user’s', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    const started = await start(owner.token);
    const back = await authorize(started.json().data.authorization_url);

    const stranger = await callback(other.token, back);
    expect(stranger.statusCode).toBe(400);
    expect(await store().signIn(other.user.id, 'vercel')).toBeNull();

    // The stranger's attempt did not use it up for its owner.
    expect((await callback(owner.token, back)).statusCode).toBe(303);
    expect((await callback(owner.token, back)).statusCode).toBe(400);

    const made = new URL(back);
    made.searchParams.set('state', 'made-up');
    expect((await callback(owner.token, made)).statusCode).toBe(400);

    const anonymous = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('tells the page when the user did not allow access', async () => {
    const { token } = await register(t.app);
    const started = await start(token);
    const state = new URL(started.json().data.authorization_url).searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/integrations/oauth/callback?state=${state}&error=access_denied`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string, 'http://app');
    expect(location.pathname).toBe('/agents/some-agent');
    expect(location.searchParams.get('oauth_error')).toBe('Vercel was not allowed access');
  });

  it('refuses a return path that leaves the app, and integrations that do not sign in so', async () => {
    const { token } = await register(t.app);
    for (const path of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'agents']) {
      expect((await start(token, 'vercel', path)).statusCode).toBe(422);
    }
    expect((await start(token, 'brave-search')).statusCode).toBe(422);
    expect((await start(token, 'no-such-thing')).statusCode).toBe(404);
    expect(
      (await call(t, 'POST', '/api/integrations/vercel/oauth/start', undefined, {})).statusCode,
    ).toBe(401);
  });
});
