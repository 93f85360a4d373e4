import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limits.ts';
import { sessions } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secret-hash.ts';
import { snapshot } from '../fuzz/invariants.ts';
import { bearer, registrationFor, startTestApp, type TestApp } from '../harness.ts';
import { randomness } from './randomness.ts';

// Sign-in, tokens and sessions as an attacker sees them, on an app with the documented rate
// limits (other test files multiply them by 1000). What the account tests already prove
// (token shape at sign-in, logout, password change, one-time reset links) is not repeated.
let t: TestApp;
beforeAll(async () => {
  // A long session cache, to show that a cached session still ends at its expiry.
  t = await startTestApp({ rateLimits: DEFAULT_RATE_LIMITS, sessionCacheMs: 10_000 });
});
afterAll(async () => {
  await t.close();
});

let hosts = 0;
/** A client address of its own, so that one test's limits never meet another's. */
const nextIp = () => `10.${Math.floor(++hosts / 250)}.${hosts % 250}.1`;

type Account = { id: string; email: string; password: string; token: string };

async function signUp(): Promise<Account> {
  const form = registrationFor();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: form,
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { user, token } = res.json().data;
  return { id: user.id, email: user.email, password: form.password, token };
}

const login = (email: string, password: string, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email, password },
    remoteAddress: ip,
  });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/me', headers: bearer(token) });
const post = (url: string, payload: object, token?: string, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? bearer(token) : {},
    remoteAddress: ip,
  });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The reset token of the newest mail to `email` in the outbox (other than `not`). */
async function resetTokenFor(email: string, not?: string): Promise<string> {
  const dir = path.join(t.config.dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort().reverse();
    } catch {
      // No mail written yet.
    }
    for (const file of files) {
      const mail = readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '');
      if (!mail.includes(`To: ${email}`)) continue;
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
      if (token && token !== not) return token;
      if (token) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no reset mail to ${email}`);
}

describe('tokens', () => {
  it('session tokens are 32 letters and digits from a CSPRNG, never repeated', async () => {
    const account = await signUp();
    const tokens: string[] = [];
    // A finished Google sign-in trades a one-time code for a session: the same generator as
    // a password sign-in, without the cost of hashing a password each time.
    for (let i = 0; i < 200; i++) {
      const code = await t.app.spoke.accounts.createLoginCode(account.id, false);
      const res = await post('/api/account/google/exchange', { code });
      expect(res.statusCode).toBe(200);
      tokens.push(res.json().data.token);
    }
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const stats = randomness(tokens);
    expect(stats.distinct).toBe(tokens.length);
    expect(stats.symbols).toBe(62);
    // log2(62) = 5.95 bits a character at best: 190 bits a token.
    expect(stats.bitsPerChar).toBeGreaterThan(5.85);
    expect(stats.bitsPerToken).toBeGreaterThan(128);
    expect(stats.minDistinctAtAPosition).toBeGreaterThan(40);
  });

  it('API tokens are spk_ and 36 letters and digits from a CSPRNG, never repeated', async () => {
    const account = await signUp();
    const secrets: string[] = [];
    for (let i = 0; i < 150; i++) {
      const res = await post(
        '/api/account/tokens',
        { name: `t${i}`, scopes: ['registry:publish'] },
        account.token,
      );
      expect(res.statusCode).toBe(201);
      secrets.push(res.json().data.secret);
    }
    for (const secret of secrets) expect(secret).toMatch(/^spk_[A-Za-z0-9]{36}$/);
    const stats = randomness(secrets.map((s) => s.slice(4)));
    expect(stats.distinct).toBe(secrets.length);
    expect(stats.symbols).toBe(62);
    expect(stats.bitsPerChar).toBeGreaterThan(5.85);
    expect(stats.bitsPerToken).toBeGreaterThan(128);
    expect(stats.minDistinctAtAPosition).toBeGreaterThan(35);
  });

  it('webhook secrets are 256 random bits, new at every rotation', async () => {
    const account = await signUp();
    const created = await post(
      '/api/agents',
      { prompt: 'When a webhook arrives, summarise it' },
      account.token,
    );
    const { id, webhook } = created.json().data.agent;
    const secrets = [webhook.secret as string];
    for (let i = 0; i < 30; i++) {
      const res = await post(`/api/agents/${id}/webhook/rotate`, {}, account.token);
      secrets.push(res.json().data.agent.webhook.secret);
    }
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});

describe('at rest', () => {
  it('keeps no token, secret or password as it was issued: only hashes and sealed boxes', async () => {
    const account = await signUp();
    const apiToken = (
      await post('/api/account/tokens', { name: 'ci', scopes: ['registry:publish'] }, account.token)
    ).json().data.secret as string;
    const loginCode = await t.app.spoke.accounts.createLoginCode(account.id, false);
    const agent = (
      await post('/api/agents', { prompt: 'When a webhook arrives, summarise it' }, account.token)
    ).json().data.agent;
    const credential = `brave-${randomUUID()}`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/integrations/brave-search/credentials',
      headers: bearer(account.token),
      payload: { values: { BRAVE_API_KEY: credential } },
    });
    expect(saved.statusCode).toBe(200);
    expect((await post('/api/account/forgot-password', { email: account.email })).statusCode).toBe(
      200,
    );
    const resetToken = await resetTokenFor(account.email);

    const stored = JSON.stringify(await snapshot(t.app));
    const issued = {
      password: account.password,
      session: account.token,
      apiToken,
      apiTokenSecretPart: apiToken.slice(4),
      loginCode,
      webhookSecret: agent.webhook.secret as string,
      credential,
      resetToken,
    };
    for (const [what, secret] of Object.entries(issued)) {
      expect(stored.includes(secret), `${what} stored as issued`).toBe(false);
    }
    // What is kept instead: their SHA-256, which the scan above would have found as easily.
    expect(stored).toContain(hashSecret(account.token));
    expect(stored).toContain(sha256(apiToken));
    expect(stored).toContain(sha256(loginCode));
  });
});

describe('ending sessions', () => {
  it('logout ends the session it is called with, and no other', async () => {
    const account = await signUp();
    const other = (await login(account.email, account.password)).json().data.token as string;
    expect((await me(other)).statusCode).toBe(200);
    expect((await post('/api/account/logout', {}, account.token)).statusCode).toBe(200);
    expect((await me(account.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('refuses an expired session on every kind of route', async () => {
    const account = await signUp();
    await t.app.spoke.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, hashSecret(account.token)));
    const asked = [
      await me(account.token),
      await post('/api/account/tokens', { name: 'x', scopes: ['registry:publish'] }, account.token),
      await t.app.inject({ url: '/api/agents', headers: bearer(account.token) }),
      await t.app.inject({ url: '/api/account/sessions', headers: bearer(account.token) }),
      await post('/api/account/logout', {}, account.token),
    ];
    for (const res of asked) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a session the moment it expires, even one just looked up and cached', async () => {
    const account = await signUp();
    const [row] = await t.app.spoke.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.token, hashSecret(account.token)));
    const expiresAt = new Date(Date.now() + 2000);
    await t.app.spoke.database.db
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.id, row!.id));
    expect((await me(account.token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    expect((await me(account.token)).statusCode).toBe(401);
  });

  it('a reset link ends every session, works once, and not after its hour', async () => {
    const account = await signUp();
    const second = (await login(account.email, account.password)).json().data.token as string;
    await post('/api/account/forgot-password', { email: account.email });
    const expired = await resetTokenFor(account.email);
    // An hour later: the link's row says it has expired.
    await t.app.spoke.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second'`,
    );
    const late = await post('/api/account/reset-password', {
      token: expired,
      password: 'too late a password',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toEqual({
      code: 'INVALID_TOKEN',
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    });
    expect((await login(account.email, 'too late a password')).statusCode).toBe(401);

    await post('/api/account/forgot-password', { email: account.email });
    const fresh = await resetTokenFor(account.email, expired);
    const reset = await post('/api/account/reset-password', {
      token: fresh,
      password: 'a new password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(account.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const again = await post('/api/account/reset-password', {
      token: fresh,
      password: 'another password',
    });
    expect(again.statusCode).toBe(400);
    expect((await login(account.email, 'a new password')).statusCode).toBe(200);
  });
});

describe('rate limits, at the documented numbers', () => {
  const refused = (res: { statusCode: number; json: () => { error: { code: string } } }) => {
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  };

  it('after 5 failed sign-ins an account is refused, from any address, right password too', async () => {
    const account = await signUp();
    for (let i = 0; i < 5; i++) {
      expect((await login(account.email, 'wrong password')).statusCode).toBe(401);
    }
    const blocked = await login(account.email, account.password);
    refused(blocked);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    refused(await login(account.email.toUpperCase(), account.password));
    // Another account is not touched.
    const other = await signUp();
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('30 parallel wrong passwords get 5 checks, then the right one is refused', async () => {
    const account = await signUp();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(account.email, `wrong password ${i}`)),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    refused(await login(account.email, account.password));
  });

  it('after 50 failed sign-ins an address is refused, whatever the account', async () => {
    const ip = nextIp();
    const account = await signUp();
    // Unknown e-mails cost a password hash like known ones; 10 at a time.
    for (let round = 0; round < 5; round++) {
      const tries = Array.from({ length: 10 }, (_, i) =>
        login(`nobody.${round}.${i}.${randomUUID()}@example.com`, 'wrong password', ip),
      );
      for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(401);
    }
    refused(await login(account.email, account.password, ip));
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('an address may register 10 accounts an hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/api/account/register', registrationFor(), undefined, ip)).statusCode,
      ).toBe(201);
    }
    refused(await post('/api/account/register', registrationFor(), undefined, ip));
  });

  it('an account may ask for 3 reset links an hour, an address for 20', async () => {
    const email = `reset.${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/account/forgot-password', { email })).statusCode).toBe(200);
    }
    refused(await post('/api/account/forgot-password', { email: email.toUpperCase() }));
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      const other = { email: `many.${i}.${randomUUID()}@example.com` };
      expect((await post('/api/account/forgot-password', other, undefined, ip)).statusCode).toBe(
        200,
      );
    }
    refused(
      await post(
        '/api/account/forgot-password',
        { email: `x${randomUUID()}@e.com` },
        undefined,
        ip,
      ),
    );
  });

  it('an address may send 5 contact messages an hour', async () => {
    const ip = nextIp();
    const message = {
      name: 'A',
      email: 'a@example.com',
      topic: 'general',
      message: 'Hello there!',
    };
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/contact', message, undefined, ip)).statusCode).toBe(201);
    }
    refused(await post('/api/contact', message, undefined, ip));
  });
});

describe('an unknown e-mail and a wrong password', () => {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };

  it('get the same answer, in about the same time', async () => {
    const account = await signUp();
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await login(email, 'not the password');
      return { res, ms: performance.now() - started };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 13; i++) {
      // A right password now and then keeps the account under its limit of 5 failures.
      if (i % 4 === 3) expect((await login(account.email, account.password)).statusCode).toBe(200);
      const a = await timed(account.email);
      const b = await timed(`nobody.${randomUUID()}@example.com`);
      expect(a.res.statusCode).toBe(401);
      expect(b.res.statusCode).toBe(401);
      expect(a.res.body).toBe(b.res.body);
      expect(Object.keys(a.res.headers).sort()).toEqual(Object.keys(b.res.headers).sort());
      // The first rounds warm up the password hashing.
      if (i >= 3) {
        wrong.push(a.ms);
        unknown.push(b.ms);
      }
    }
    const ratio =
      Math.max(median(wrong), median(unknown)) / Math.min(median(wrong), median(unknown));
    expect(ratio, `medians ${median(wrong)} ms and ${median(unknown)} ms`).toBeLessThan(3);
  });
});
