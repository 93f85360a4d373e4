import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { accounts, loginCodes, users } from '../../db/schema.ts';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';
import { freePort } from '../../test/free-port.ts';
import { Browser, startMockGoogle, type MockGoogle, type ProviderUser } from './google-test-kit.ts';

const CLIENT_ID = 'spoke-test-client';
const DAY_MS = 24 * 60 * 60 * 1000;

let google: MockGoogle;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  // better-auth reads the provider's discovery document while the app is built.
  google = await startMockGoogle();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await startTestApp({
    google: { clientId: CLIENT_ID, clientSecret: 'spoke-test-secret', issuer: google.issuer },
    appUrl: origin,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

function person(overrides: Partial<ProviderUser> = {}): ProviderUser {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `google-${id}`,
    email: `grace.${id}@example.com`,
    email_verified: true,
    name: 'Grace Hopper',
    ...overrides,
  };
}

/** `/api/auth/google` up to the provider's authorize URL, checked for state, PKCE and nonce. */
async function startSignIn(browser: Browser, remember = false): Promise<URL> {
  const res = await browser.get(`/api/auth/google${remember ? '?remember=1' : ''}`);
  expect(res.status).toBe(302);
  const authorize = new URL(res.headers.get('location') ?? '');
  expect(authorize.origin).toBe(google.issuer);
  const q = authorize.searchParams;
  expect(q.get('client_id')).toBe(CLIENT_ID);
  expect(q.get('redirect_uri')).toBe(`${origin}/api/auth/callback/google`);
  expect(q.get('response_type')).toBe('code');
  expect(q.get('scope')?.split(' ')).toEqual(
    expect.arrayContaining(['openid', 'email', 'profile']),
  );
  expect(q.get('state')?.length).toBeGreaterThanOrEqual(16);
  expect(q.get('code_challenge_method')).toBe('S256');
  expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(q.get('nonce')?.length).toBeGreaterThanOrEqual(16);
  return authorize;
}

/** The browser round trip, from the sign-in link to the page it ends on. */
async function signInWithGoogle(user: ProviderUser, remember = false) {
  google.signInAs(user);
  const browser = new Browser(origin);
  const authorize = await startSignIn(browser, remember);
  const end = await browser.follow(authorize.toString());
  return { browser, end };
}

async function exchange(code: string) {
  return t.app.inject({ method: 'POST', url: '/api/account/google/exchange', payload: { code } });
}

async function signedIn(user: ProviderUser, remember = false) {
  const { browser, end } = await signInWithGoogle(user, remember);
  expect(end.pathname, browser.visited.join('\n')).toBe('/auth/callback');
  const res = await exchange(end.searchParams.get('code') ?? '');
  expect(res.statusCode).toBe(200);
  const { user: u, token } = res.json().data as {
    user: { id: string; email: string };
    token: string;
  };
  return { browser, end, user: u, token };
}

const codesIssued = async () =>
  (await t.app.spoke.database.db.select({ n: count() }).from(loginCodes))[0]?.n ?? 0;

describe('GET /api/auth/methods', () => {
  it('tells anyone that Google sign-in is offered, for browsers to keep a while', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/methods' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { google: true } });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('says Google is not offered when it is not configured', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/methods' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { google: false } });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    } finally {
      await plain.close();
    }
  });
});

describe('GET /api/auth/google', () => {
  it('sends the browser to the login page when Google is not configured', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=google_unavailable');
    } finally {
      await plain.close();
    }
  });
});

describe('Google sign-in, end to end against a local OpenID provider', () => {
  it('signs a new user in through a one-time code, never a token in a URL', async () => {
    const grace = person();
    const { browser, end, user, token } = await signedIn(grace);

    const chain = browser.visited;
    expect(chain.some((u) => u.includes('/api/auth/callback/google?'))).toBe(true);
    expect(chain.some((u) => u.includes('/api/account/google/complete'))).toBe(true);
    const code = end.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Neither the cookie session's token nor the exchanged one shows in any URL.
    // (A session cookie holds `<token>.<signature>`.)
    const cookieSessions = browser.setCookies.filter((c) => c.name.endsWith('session_token'));
    expect(cookieSessions).toHaveLength(1);
    const secrets = [token, ...cookieSessions.map((c) => c.value.split('.')[0] ?? c.value)];
    for (const url of chain) for (const s of secrets) expect(url).not.toContain(s);
    // The cookie session only carried the sign-in to the code; it is gone.
    expect([...browser.cookies.keys()].filter((k) => k.includes('session'))).toEqual([]);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/account/me',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    const shown = me.json().data.user;
    expect(shown).toMatchObject({
      id: user.id,
      email: grace.email,
      display_name: 'Grace Hopper',
      email_verified: true,
      is_admin: false,
    });
    expect(shown.username).toMatch(/^grace[A-Za-z0-9]*-[0-9a-f]{6}$/);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: bearer(token),
    });
    expect(sessions.json().data.sessions).toHaveLength(1);

    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
  });

  it('signs the same Google account into the same user the second time', async () => {
    const alan = person({ name: 'Alan Turing' });
    const first = await signedIn(alan);
    const second = await signedIn(alan);
    expect(second.user.id).toBe(first.user.id);
    const db = t.app.spoke.database.db;
    const rows = await db.select().from(users).where(eq(users.email, alan.email));
    expect(rows).toHaveLength(1);
    const links = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.providerId, 'google'), eq(accounts.accountId, alan.sub)));
    expect(links).toHaveLength(1);
  });

  it('links Google to an existing password account with the same verified e-mail', async () => {
    const existing = await register(t.app);
    const db = t.app.spoke.database.db;
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.user.id));

    const { user } = await signedIn(person({ email: existing.user.email, name: 'Someone Else' }));
    expect(user.id).toBe(existing.user.id);
    expect(user).toMatchObject({ username: existing.user.username });
    const rows = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${existing.user.email.toLowerCase()}`);
    expect(rows).toHaveLength(1);
    // The password still works: linking added a way in, it did not replace one.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: existing.user.email, password: existing.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('does not hand an unverified password account to whoever holds the Google e-mail', async () => {
    const existing = await register(t.app, {}, { verified: false });
    const before = await codesIssued();
    const { end } = await signInWithGoogle(person({ email: existing.user.email }));
    expect(`${end.pathname}${end.search}`).toBe('/login?error=google_failed');
    expect(await codesIssued()).toBe(before);
    const links = await t.app.spoke.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, existing.user.id), eq(accounts.providerId, 'google')));
    expect(links).toEqual([]);
  });
});

describe('an address Google has not verified', () => {
  it.each([
    ['false', false],
    ['the string "false"', 'false'],
    ['the string "true"', 'true'],
    ['missing', undefined],
  ])('email_verified %s: nobody is signed in, no account is made or linked', async (_l, claim) => {
    const db = t.app.spoke.database.db;
    const stranger = person({ email_verified: claim as boolean });
    if (claim === undefined) google.alterNextIdToken((c) => delete c.email_verified);
    const before = await codesIssued();
    const { browser, end } = await signInWithGoogle(stranger);
    expect(`${end.pathname}${end.search}`, browser.visited.join('\n')).toBe(
      '/login?error=google_unverified',
    );
    expect(await codesIssued()).toBe(before);
    expect(await db.select().from(users).where(eq(users.email, stranger.email))).toEqual([]);
    expect([...browser.cookies.keys()].filter((k) => k.includes('session'))).toEqual([]);
  });

  it('neither signs into nor links a verified password account of that address', async () => {
    const existing = await register(t.app);
    expect(existing.user.email_verified).toBe(true);
    const { end } = await signInWithGoogle(
      person({ email: existing.user.email, email_verified: false }),
    );
    expect(`${end.pathname}${end.search}`).toBe('/login?error=google_unverified');
    const links = await t.app.spoke.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, existing.user.id), eq(accounts.providerId, 'google')));
    expect(links).toEqual([]);
  });

  it('an admin address is admin through Google only when Google verified it', async () => {
    const adminEmail = `boss.${randomUUID().slice(0, 8)}@example.com`;
    const port = await freePort();
    const local = `http://127.0.0.1:${port}`;
    const withAdmin = await startTestApp({
      google: { clientId: CLIENT_ID, clientSecret: 'spoke-test-secret', issuer: google.issuer },
      appUrl: local,
      adminEmails: [adminEmail],
    });
    try {
      await withAdmin.app.listen({ port, host: '127.0.0.1' });
      const signIn = async (user: ProviderUser) => {
        google.signInAs(user);
        const browser = new Browser(local);
        const start = await browser.get('/api/auth/google');
        return browser.follow(start.headers.get('location') ?? '');
      };
      const refused = await signIn(
        person({ email: adminEmail.toUpperCase(), email_verified: 'true' }),
      );
      expect(`${refused.pathname}${refused.search}`).toBe('/login?error=google_unverified');
      const end = await signIn(person({ email: adminEmail }));
      expect(end.pathname).toBe('/auth/callback');
      const res = await withAdmin.app.inject({
        method: 'POST',
        url: '/api/account/google/exchange',
        payload: { code: end.searchParams.get('code') },
      });
      expect(res.json().data.user).toMatchObject({ email_verified: true, is_admin: true });
    } finally {
      await withAdmin.close();
    }
  });
});

describe('the provider callback refuses what it cannot tie to this browser', () => {
  /** Runs the flow up to the provider's redirect back, without following it. */
  async function callbackUrl(browser: Browser): Promise<URL> {
    google.signInAs(person());
    const authorize = await startSignIn(browser);
    const res = await browser.get(authorize.toString());
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.pathname).toBe('/api/auth/callback/google');
    expect(back.searchParams.get('code')).toBeTruthy();
    return back;
  }

  it.each([
    [
      'a tampered state',
      (u: URL) => u.searchParams.set('state', `${u.searchParams.get('state')}x`),
    ],
    ['a missing state', (u: URL) => u.searchParams.delete('state')],
    ['a state from another browser', () => {}],
    [
      'the provider saying no',
      (u: URL) => {
        u.searchParams.delete('code');
        u.searchParams.set('error', 'access_denied');
      },
    ],
  ])('%s signs nobody in and issues no code', async (label, tamper) => {
    const browser = new Browser(origin);
    const back = await callbackUrl(browser);
    tamper(back);
    const victim = label.includes('another') ? new Browser(origin) : browser;
    const before = await codesIssued();
    const end = await victim.follow(back.toString());
    expect(`${end.pathname}${end.search}`).toBe('/login?error=google_failed');
    expect(await codesIssued()).toBe(before);
    expect([...victim.cookies.keys()].filter((k) => k.includes('session'))).toEqual([]);
  });
  it('the completion step without a finished sign-in issues no code', async () => {
    const before = await codesIssued();
    const end = await new Browser(origin).follow('/api/account/google/complete?remember=1');
    expect(`${end.pathname}${end.search}`).toBe('/login?error=google_failed');
    expect(await codesIssued()).toBe(before);
  });
});

describe('the ID token must come from the provider, for this sign-in', () => {
  /** Swaps the claims of a signed JWT for others, keeping the signature. */
  function forge(jwt: string, claims: Record<string, unknown>): string {
    const [header, payload, signature] = jwt.split('.');
    const original = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const swapped = Buffer.from(JSON.stringify({ ...original, ...claims })).toString('base64url');
    return [header, swapped, signature].join('.');
  }

  it.each([
    [
      'a nonce of another sign-in',
      () => google.alterNextIdToken((c) => (c.nonce = 'not-this-one')),
    ],
    ['no nonce', () => google.alterNextIdToken((c) => delete c.nonce)],
    ['another audience', () => google.alterNextIdToken((c) => (c.aud = 'someone-else'))],
    ['another issuer', () => google.alterNextIdToken((c) => (c.iss = 'https://evil.example'))],
    ['an expiry in the past', () => google.alterNextIdToken((c) => (c.exp = 1))],
    [
      'claims changed after signing',
      () =>
        google.alterNextTokenAnswer((body) => {
          body.id_token = forge(String(body.id_token), { sub: 'someone-else' });
        }),
    ],
    ['no ID token at all', () => google.alterNextTokenAnswer((body) => delete body.id_token)],
  ])('an ID token with %s signs nobody in', async (_label, alter) => {
    const before = await codesIssued();
    alter();
    const { browser, end } = await signInWithGoogle(person());
    expect(`${end.pathname}${end.search}`, browser.visited.join('\n')).toBe(
      '/login?error=google_failed',
    );
    expect(await codesIssued()).toBe(before);
  });
});

describe('session lifetime', () => {
  it.each([
    ['with remember=1 lasts 30 days', true, 30],
    ['without it lasts 1 day', false, 1],
  ])('a Google sign-in %s', async (_label, remember, days) => {
    const { token } = await signedIn(person(), remember);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: bearer(token),
    });
    const [session] = res.json().data.sessions as { expires_at: string; current: boolean }[];
    expect(session?.current).toBe(true);
    const left = Date.parse(session?.expires_at ?? '') - Date.now();
    expect(Math.abs(left - days * DAY_MS)).toBeLessThan(5 * 60 * 1000);
  });
});
