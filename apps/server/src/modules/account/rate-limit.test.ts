import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limits.ts';
import { register, registrationFor, startTestApp, type TestApp } from '../../test/harness.ts';

const limits = {
  ...DEFAULT_RATE_LIMITS,
  loginFailuresPerAccount: { points: 3, durationSec: 900 },
  loginFailuresPerIp: { points: 6, durationSec: 900 },
  registerPerIp: { points: 3, durationSec: 3600 },
  forgotPerAccount: { points: 2, durationSec: 3600 },
  forgotPerIp: { points: 4, durationSec: 3600 },
};

function suite(name: string, redisUrl: string | undefined) {
  describe(name, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ rateLimits: limits, redisUrl });
    });
    afterAll(async () => {
      await t.close();
    });

    const login = (email: string, password: string, ip = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email, password },
        remoteAddress: ip,
      });

    it('blocks an account after its allowed failures, even with the right password', async () => {
      const u = await register(t.app, { email: `victim.${name}@example.com`.replace(/\s/g, '') });
      for (let i = 0; i < 3; i++) {
        expect((await login(u.user.email, 'wrong password', `10.1.0.${i}`)).statusCode).toBe(401);
      }
      const blocked = await login(u.user.email, u.password, '10.1.0.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a moment and try again.',
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('blocks an address after its allowed failures across accounts', async () => {
      for (let i = 0; i < 6; i++) {
        expect(
          (await login(`nobody${i}@example.com`, 'wrong password', '10.2.0.1')).statusCode,
        ).toBe(401);
      }
      expect((await login('someone@example.com', 'wrong password', '10.2.0.1')).statusCode).toBe(
        429,
      );
      expect((await login('someone@example.com', 'wrong password', '10.2.0.2')).statusCode).toBe(
        401,
      );
    });

    /** A new account registered from an address of its own (registrations are limited too). */
    const signUp = async (ip: string) => {
      const form = registrationFor();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: form,
        remoteAddress: ip,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { user, token } = res.json().data as { user: { email: string }; token: string };
      return { user, token, password: form.password };
    };

    it('holds under 30 parallel wrong passwords: at most the limit is checked', async () => {
      const u = await signUp('10.4.200.1');
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(u.user.email, `wrong-${i}`, `10.4.${i}.1`)),
      );
      const statuses = burst.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(27);
      // Case and surrounding spaces make no new account key.
      for (const email of [u.user.email, u.user.email.toUpperCase(), ` ${u.user.email} `]) {
        const right = await login(email, u.password, '10.4.99.1');
        expect(right.statusCode).toBe(429);
        expect(right.json().error.message).toBe(
          'Too many requests. Please wait a moment and try again.',
        );
      }
    });

    it('limits guesses of the current password on password change, with sign-in', async () => {
      const u = await signUp('10.5.200.1');
      const change = (currentPassword: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/password',
          headers: { authorization: `Bearer ${u.token}` },
          payload: { currentPassword, newPassword: 'a-fresh-Passphrase-42' },
          remoteAddress: ip,
        });
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => change(`wrong-${i}`, `10.5.${i}.1`)),
      );
      const statuses = burst.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 422)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(17);
      // The right current password is refused too, and so is a sign-in: one budget per account.
      expect((await change(u.password, '10.5.99.1')).statusCode).toBe(429);
      expect((await login(u.user.email, u.password, '10.5.99.2')).statusCode).toBe(429);
      // The password did not change.
      const rows = await t.app.inject({
        method: 'GET',
        url: '/api/account/me',
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(rows.statusCode).toBe(200);
    });

    it('does not count successful sign-ins', async () => {
      const u = await register(t.app, { email: `happy.${name}@example.com`.replace(/\s/g, '') });
      for (let i = 0; i < 8; i++) {
        expect((await login(u.user.email, u.password, '10.3.0.1')).statusCode).toBe(200);
      }
    });

    it('limits registrations per address', async () => {
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/register',
          payload: registrationFor(),
          remoteAddress: '10.4.0.1',
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(429);
    });

    it('limits reset requests per account and per address', async () => {
      const forgot = (email: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/forgot-password',
          payload: { email },
          remoteAddress: ip,
        });
      expect((await forgot('x@example.com', '10.5.0.1')).statusCode).toBe(200);
      expect((await forgot('X@example.com', '10.5.0.2')).statusCode).toBe(200);
      expect((await forgot('x@example.com', '10.5.0.3')).statusCode).toBe(429);
      for (let i = 0; i < 4; i++) {
        expect((await forgot(`y${i}@example.com`, '10.6.0.1')).statusCode, `try ${i}`).toBe(200);
      }
      expect((await forgot('z@example.com', '10.6.0.1')).statusCode).toBe(429);
    });
  });
}

suite('in memory', undefined);
// With REDIS_URL the counters are shared by every instance; the same rules hold.
suite('in redis', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

describe('when Redis is unreachable', () => {
  it('falls back to per-instance limits instead of failing requests', async () => {
    const t = await startTestApp({ rateLimits: limits, redisUrl: 'redis://127.0.0.1:1' });
    try {
      const u = await register(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: u.user.email, password: u.password },
      });
      expect(res.statusCode).toBe(200);
      for (let i = 0; i < 3; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { email: u.user.email, password: 'wrong one!' },
        });
      }
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: u.user.email, password: u.password },
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
