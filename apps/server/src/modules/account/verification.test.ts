import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, sessions, users } from '../../db/schema.ts';
import {
  bearer,
  register,
  registrationFor,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { hashSecret } from '../../lib/secret-hash.ts';

const ADMIN = 'boss@spoke-admins.test';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminEmails: [` ${ADMIN.toUpperCase()} `], sessionCacheMs: 10_000 });
});
afterAll(async () => t?.close());

const post = (url: string, payload?: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: token ? bearer(token) : {},
  });
const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/me', headers: bearer(token) })).json()
    .data?.user;

/** The verification links mailed to an address, read from the real outbox files. */
async function linksTo(email: string, atLeast = 1): Promise<string[]> {
  const outbox = path.join(t.config.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox);
    } catch {
      /* not written yet */
    }
    const links = files
      .map((f) => readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
      .map((m) =>
        m.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      )
      .filter((m) => m.includes(`To: ${email}`) && m.includes('Confirm your e-mail address'))
      .map((m) => /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(m)?.[1] ?? '');
    if (links.length >= atLeast) return links;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no verification mail to ${email}`);
}

describe('proving an e-mail address', () => {
  it('registration mails a link that verifies that account once', async () => {
    const u = await register(t.app, {}, { verified: false });
    expect(u.user.email_verified).toBe(false);
    const [token] = await linksTo(u.user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const rows = await t.app.spoke.database.db.select().from(emailVerifications);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const ok = await post('/api/account/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ id: u.user.id, email_verified: true });
    expect(await me(u.token)).toMatchObject({ email_verified: true });

    const replay = await post('/api/account/verify-email', { token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({
      code: 'INVALID_TOKEN',
      message: 'This verification link is invalid or has expired. Please request a new one.',
    });
  });

  it("one account's link verifies that account and no other", async () => {
    const a = await register(t.app, {}, { verified: false });
    const b = await register(t.app, {}, { verified: false });
    const [tokenA] = await linksTo(a.user.email);
    expect((await post('/api/account/verify-email', { token: tokenA })).json().data.user.id).toBe(
      a.user.id,
    );
    expect(await me(b.token)).toMatchObject({ email_verified: false });
  });

  it.each([
    ['an expired link', 'expired'],
    ['a link for an address the account no longer has', 'moved'],
    ['a made-up token', 'made-up'],
    ['a token with one character changed', 'altered'],
  ])('refuses %s and changes nothing', async (_label, kind) => {
    const u = await register(t.app, {}, { verified: false });
    let [token] = await linksTo(u.user.email);
    const db = t.app.spoke.database.db;
    if (kind === 'expired') {
      await db
        .update(emailVerifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailVerifications.userId, u.user.id));
    } else if (kind === 'moved') {
      await db
        .update(users)
        .set({ email: `moved.${u.user.email}` })
        .where(eq(users.id, u.user.id));
    } else if (kind === 'made-up') {
      token = 'A'.repeat(43);
    } else {
      token = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
    }
    const res = await post('/api/account/verify-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
    const [row] = await db.select().from(users).where(eq(users.id, u.user.id));
    expect(row?.emailVerified).toBe(false);
  });

  it('refuses malformed bodies with field errors', async () => {
    for (const payload of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token: 5 }]) {
      expect((await post('/api/account/verify-email', payload)).statusCode).toBe(422);
    }
  });

  it('resends a link to an unverified account; not to a verified one', async () => {
    const u = await register(t.app, {}, { verified: false });
    await linksTo(u.user.email, 1);
    expect((await post('/api/account/verification-email', undefined, u.token)).statusCode).toBe(
      200,
    );
    const links = await linksTo(u.user.email, 2);
    expect(new Set(links).size).toBe(2);
    expect((await post('/api/account/verification-email')).statusCode).toBe(401);
    const v = await register(t.app);
    const done = await post('/api/account/verification-email', undefined, v.token);
    expect(done.statusCode).toBe(409);
    expect(done.json().error.message).toBe('Your e-mail address is already verified.');
  });
});

describe('admin from ADMIN_EMAILS', () => {
  it('a listed address in another case is admin only once proven', async () => {
    const u = await register(t.app, { email: ` Boss@Spoke-Admins.TEST ` }, { verified: false });
    expect(u.user).toMatchObject({ email_verified: false, is_admin: false });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(u.token) }))
        .statusCode,
    ).toBe(403);
    const [token] = await linksTo(u.user.email);
    await post('/api/account/verify-email', { token });
    expect(await me(u.token)).toMatchObject({ email_verified: true, is_admin: true });
  });

  it.each([
    ['Cyrillic а', 'boss@spoke-аdmins.test'],
    ['a Kelvin sign for k', 'boss@spo\u212Ae-admins.test'],
    ['full-width letters', 'ｂoss@spoke-admins.test'],
    ['a longer address', 'boss@spoke-admins.test.evil'],
    ['a sub-address', 'boss+x@spoke-admins.test'],
  ])('%s is never admin, verified or not', async (_label, email) => {
    const res = await post('/api/account/register', registrationFor({ email }));
    if (res.statusCode !== 201) {
      // Refused as an address, or as the listed one's (the database folds a Kelvin sign).
      expect([409, 422]).toContain(res.statusCode);
      return;
    }
    const { user, token } = res.json().data;
    expect(user.is_admin).toBe(false);
    await t.app.spoke.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, user.id));
    t.app.spoke.accounts.forgetUser(user.id);
    expect(await me(token)).toMatchObject({ email_verified: true, is_admin: false });
  });

  it('a database admin flag counts only for a proven address', async () => {
    const u = await register(t.app, {}, { verified: false });
    await t.app.spoke.database.db
      .update(users)
      .set({ isAdmin: true })
      .where(eq(users.id, u.user.id));
    t.app.spoke.accounts.forgetUser(u.user.id);
    expect(await me(u.token)).toMatchObject({ is_admin: false });
  });
});

describe('common passwords', () => {
  const WORDS = ['password', '12345678', 'qwertyuiop', 'iloveyou1', 'PassWord1', ' iloveyou1 '];
  it.each(WORDS)('refuses %j at registration, change and reset', async (word) => {
    const before = (await t.app.spoke.database.db.select().from(users)).length;
    const reg = await post(
      '/api/account/register',
      registrationFor({ password: word, confirmPassword: word }),
    );
    expect(reg.statusCode).toBe(422);
    expect(reg.json().error.fields).toEqual({
      password: 'This password is too common. Please choose another one.',
    });
    expect((await t.app.spoke.database.db.select().from(users)).length).toBe(before);

    const u = await register(t.app);
    const change = await post(
      '/api/account/password',
      { currentPassword: u.password, newPassword: word },
      u.token,
    );
    expect(change.statusCode).toBe(422);
    expect(change.json().error.fields).toEqual({
      newPassword: 'This password is too common. Please choose another one.',
    });
    const reset = await post('/api/account/reset-password', { token: 'whatever', password: word });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().error.fields.password).toMatch(/too common/);
    // The old password still works.
    const login = await post('/api/account/login', { email: u.user.email, password: u.password });
    expect(login.statusCode).toBe(200);
  });
});

describe('session lifetimes', () => {
  const DAY = 86_400_000;
  const sessionOf = async (token: string) =>
    (
      await t.app.spoke.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, hashSecret(token)))
    )[0];

  it.each([
    ['without remember lasts 1 day', undefined, 1],
    ['with remember: false lasts 1 day', false, 1],
    ['with remember lasts 30 days', true, 30],
  ])('a registration %s', async (_label, remember, days) => {
    const res = await post(
      '/api/account/register',
      registrationFor(remember === undefined ? {} : { remember }),
    );
    expect(res.statusCode).toBe(201);
    const s = await sessionOf(res.json().data.token);
    expect(Math.abs(s!.expiresAt.getTime() - Date.now() - days * DAY)).toBeLessThan(60_000);
  });

  it.each([
    ['a short session', false, 119 * 60_000, 121 * 60_000],
    ['a remembered session', true, 6.9 * DAY, 7.1 * DAY],
  ])('%s ends when idle for too long, even when cached', async (_l, remember, fine, idle) => {
    const res = await post('/api/account/register', registrationFor({ remember }));
    const { token } = res.json().data;
    expect(await me(token)).toBeTruthy(); // now cached
    const db = t.app.spoke.database.db;
    const setIdle = (ms: number) =>
      db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - ms) })
        .where(eq(sessions.token, hashSecret(token)));
    await setIdle(fine);
    t.app.spoke.accounts.forgetUser(res.json().data.user.id);
    expect(await me(token)).toBeTruthy();
    // That request moved the clock on.
    expect(Date.now() - (await sessionOf(token))!.lastSeenAt.getTime()).toBeLessThan(5000);
    await setIdle(idle);
    t.app.spoke.accounts.forgetUser(res.json().data.user.id);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/account/me',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(401);
    expect(await sessionOf(token)).toBeUndefined();
  });
});
