import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UserSchema } from '@spoke/shared';
import {
  bearer,
  register,
  registrationFor,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { sessions, users, verifications } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secret-hash.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['boss@example.com'] });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/me', headers: bearer(token) });

describe('POST /api/account/register', () => {
  it('creates the account, signs in and answers the exact user shape', async () => {
    const form = registrationFor({ firstName: 'Grace', lastName: 'Hopper' });
    const res = await post('/api/account/register', form);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(Object.keys(data.user).sort()).toEqual(
      ['display_name', 'email', 'email_verified', 'id', 'is_admin', 'username'].sort(),
    );
    expect(UserSchema.parse(data.user)).toEqual({
      id: expect.any(String),
      email: form.email,
      username: form.username,
      display_name: 'Grace Hopper',
      email_verified: false,
      is_admin: false,
    });
    expect(data.token.length).toBeGreaterThanOrEqual(32);
    expect((await me(data.token)).json().data.user.id).toBe(data.user.id);

    const [row] = await t.app.spoke.database.db
      .select()
      .from(users)
      .where(eq(users.id, data.user.id));
    expect(row).toMatchObject({
      role: 'developer',
      teamSize: 'just-me',
      useCase: 'automation',
      newsletter: true,
    });
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it('refuses a taken e-mail whatever its case, and a taken username, with 409', async () => {
    const first = await register(t.app);
    const sameEmail = await post(
      '/api/account/register',
      registrationFor({ email: first.user.email.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This information is already in use. Please try different details.',
      fields: { email: expect.any(String) },
    });
    const sameUsername = await post(
      '/api/account/register',
      registrationFor({ username: first.user.username.toUpperCase() }),
    );
    expect(sameUsername.statusCode).toBe(409);
    expect(Object.keys(sameUsername.json().error.fields)).toEqual(['username']);
  });

  it('applies the registration rules on the server with per-field messages', async () => {
    const res = await post(
      '/api/account/register',
      registrationFor({
        email: 'nope',
        username: 'ab',
        password: 'short',
        confirmPassword: 'other',
        agreeToTerms: false,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Validation failed. Please check your input and try again.',
      fields: {
        email: 'Please enter a valid email address',
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 8 characters',
        confirmPassword: 'Passwords do not match',
        agreeToTerms: 'You must agree to the terms',
      },
    });
  });

  it('answers an e-mail the sign-up cannot keep with the field message, here and at reset', async () => {
    for (const email of ['ä@ö.de', 'a@b.c', 'a..b@example.com']) {
      const res = await post('/api/account/register', registrationFor({ email }));
      expect(res.statusCode, email).toBe(422);
      expect(res.json().error.fields).toEqual({ email: 'Please enter a valid email address' });
      const reset = await post('/api/account/forgot-password', { email });
      expect(reset.statusCode, email).toBe(422);
      expect(reset.json().error.fields).toEqual({ email: 'Please enter a valid email address' });
    }
  });

  it('leaves nothing behind when a registration is refused', async () => {
    const before = await t.app.spoke.database.db.select({ id: users.id }).from(users);
    await post('/api/account/register', registrationFor({ role: 'wizard' }));
    const after = await t.app.spoke.database.db.select({ id: users.id }).from(users);
    expect(after.length).toBe(before.length);
  });
});

describe('POST /api/account/login', () => {
  it('signs in with any case of the e-mail and gives a new token each time', async () => {
    const u = await register(t.app);
    const a = await post('/api/account/login', {
      email: u.user.email.toUpperCase(),
      password: u.password,
    });
    const b = await post('/api/account/login', { email: u.user.email, password: u.password });
    expect(a.statusCode).toBe(200);
    expect(a.json().data.user).toEqual(u.user);
    expect(a.json().data.token).not.toBe(b.json().data.token);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const u = await register(t.app);
    const wrong = await post('/api/account/login', {
      email: u.user.email,
      password: 'not the password',
    });
    const unknown = await post('/api/account/login', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid credentials. Please check your email and password.',
    });
  });

  it('gives a 1-day session, or 30 days with remember', async () => {
    const u = await register(t.app);
    const day = 24 * 3600 * 1000;
    for (const [remember, days] of [
      [false, 1],
      [true, 30],
    ] as const) {
      const res = await post('/api/account/login', {
        email: u.user.email,
        password: u.password,
        remember,
      });
      const token = res.json().data.token as string;
      const [row] = await t.app.spoke.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, hashSecret(token)));
      const left = row!.expiresAt.getTime() - Date.now();
      expect(left).toBeGreaterThan(days * day - 60_000);
      expect(left).toBeLessThanOrEqual(days * day);
    }
  });

  it('hands out 32-character random tokens, a new one at every sign-in', async () => {
    const u = await register(t.app);
    const tokens = new Set<string>([u.token]);
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/account/login', { email: u.user.email, password: u.password });
      tokens.add(res.json().data.token);
    }
    expect(tokens.size).toBe(11);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('stores only a hash of each session token', async () => {
    const u = await register(t.app);
    const rows = await t.app.spoke.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, u.user.id));
    expect(rows.map((r) => r.token)).toEqual([hashSecret(u.token)]);
    expect(rows[0]!.token).not.toContain(u.token);
  });
});

describe('GET /api/account/me', () => {
  it.each([
    ['no token', {}],
    ['a made-up token', bearer('x'.repeat(32))],
    ['a malformed header', { authorization: 'Basic abc' }],
  ])('answers 401 for %s', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('refuses an expired session', async () => {
    const u = await register(t.app);
    await t.app.spoke.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, hashSecret(u.token)));
    expect((await me(u.token)).statusCode).toBe(401);
  });

  it('marks ADMIN_EMAILS accounts as admins', async () => {
    const boss = await register(t.app, { email: 'Boss@Example.com' });
    expect(boss.user.is_admin).toBe(true);
  });
});

describe('logout, profile, password and sessions', () => {
  it('logout revokes the token on the server', async () => {
    const u = await register(t.app);
    expect((await me(u.token)).statusCode).toBe(200);
    const out = await post('/api/account/logout', {}, bearer(u.token));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { ok: true } });
    expect((await me(u.token)).statusCode).toBe(401);
  });

  it('PATCH /me changes the display name and username, refusing a taken username', async () => {
    const other = await register(t.app);
    const u = await register(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/me',
      headers: bearer(u.token),
      payload: { display_name: 'Countess', username: `${u.user.username}x` },
    });
    expect(res.json().data.user).toMatchObject({
      display_name: 'Countess',
      username: `${u.user.username}x`,
    });
    const clash = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/me',
      headers: bearer(u.token),
      payload: { username: other.user.username.toUpperCase() },
    });
    expect(clash.statusCode).toBe(409);
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/me',
      headers: bearer(u.token),
      payload: { display_name: null },
    });
    expect(cleared.json().data.user.display_name).toBeNull();
  });

  it('changing the password revokes every older session and hands out a new token', async () => {
    const u = await register(t.app);
    const second = (
      await post('/api/account/login', { email: u.user.email, password: u.password })
    ).json().data.token;
    expect((await me(u.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);
    const wrong = await post(
      '/api/account/password',
      { currentPassword: 'nope nope', newPassword: 'brand new secret' },
      bearer(u.token),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'Current password is incorrect' });

    const res = await post(
      '/api/account/password',
      { currentPassword: u.password, newPassword: 'brand new secret' },
      bearer(u.token),
    );
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.token as string;
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
    const login = await post('/api/account/login', {
      email: u.user.email,
      password: 'brand new secret',
    });
    expect(login.statusCode).toBe(200);
  });

  it('lists your sessions and revokes one, but not somebody else’s', async () => {
    const u = await register(t.app);
    const other = await register(t.app);
    const second = (
      await post('/api/account/login', { email: u.user.email, password: u.password })
    ).json().data.token;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: bearer(u.token),
    });
    const items = list.json().data.sessions as Array<{ id: string; current: boolean }>;
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    const target = items.find((s) => !s.current)!;

    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target.id}`,
      headers: bearer(other.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await me(second)).statusCode).toBe(200);

    const mine = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target.id}`,
      headers: bearer(u.token),
    });
    expect(mine.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(u.token)).statusCode).toBe(200);
    const junk = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/not-an-id',
      headers: bearer(u.token),
    });
    expect(junk.statusCode).toBe(404);
  });
});

describe('password reset', () => {
  function outboxMessages(): string[] {
    const dir = path.join(t.config.dataDir, 'outbox');
    try {
      return readdirSync(dir)
        .sort()
        .map((f) => readFileSync(path.join(dir, f), 'utf8'))
        .filter((m) => m.includes('Subject: Reset your Spoke password'));
    } catch {
      return [];
    }
  }

  async function waitForMail(count: number): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mails = outboxMessages();
      if (mails.length >= count) return mails[count - 1]!;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no mail arrived');
  }

  it('keeps only a hash of the reset token', async () => {
    const before = outboxMessages().length;
    const u = await register(t.app);
    await post('/api/account/forgot-password', { email: u.user.email });
    let token: string | undefined;
    // The file may be listed before its content is written: read until the link is there.
    for (let i = 0; !token && i < 100; i++) {
      const mail = await waitForMail(before + 1);
      token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
      if (!token) await new Promise((r) => setTimeout(r, 20));
    }
    expect(token).toBeTruthy();
    const rows = await t.app.spoke.database.db.select().from(verifications);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('always answers 200, mails a one-time link, and the link works once', async () => {
    const before = outboxMessages().length;
    const unknown = await post('/api/account/forgot-password', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ data: { ok: true } });

    const u = await register(t.app);
    const res = await post('/api/account/forgot-password', { email: u.user.email });
    expect(res.json()).toEqual(unknown.json());
    const mail = await waitForMail(before + 1);
    expect(outboxMessages()).toHaveLength(before + 1);
    expect(mail).toContain(`To: ${u.user.email}`);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeTruthy();

    const reset = await post('/api/account/reset-password', { token, password: 'a whole new one' });
    expect(reset.statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(401);
    const again = await post('/api/account/reset-password', { token, password: 'yet another one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
    expect(
      (await post('/api/account/login', { email: u.user.email, password: 'a whole new one' }))
        .statusCode,
    ).toBe(200);
  });
});
