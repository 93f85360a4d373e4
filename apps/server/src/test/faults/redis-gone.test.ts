import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';

// Every sign-in and registration hashes a password; a busy machine needs the time.
const SLOW = 120_000;
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../config/rate-limits.ts';
import { register, registrationFor, startTestApp, type TestApp } from '../harness.ts';
import { freePort } from '../free-port.ts';
import { startRedis, type RedisProcess } from './fault-kit.ts';

// Decision 004: with REDIS_URL set, the limits are shared through Redis; when Redis is
// unreachable each instance falls back to counting in its own memory, and no request fails.

const limits: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  loginFailuresPerAccount: { points: 3, durationSec: 900 },
  loginFailuresPerIp: { points: 1000, durationSec: 900 },
  registerPerIp: { points: 1000, durationSec: 3600 },
  forgotPerIp: { points: 1000, durationSec: 3600 },
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** An instance of the app whose every answer is kept, to check that none was a 5xx. */
async function instance(redisUrl: string, prefix: string) {
  const t: TestApp = await startTestApp({ rateLimits: limits, redisUrl, redisKeyPrefix: prefix });
  cleanups.push(t.close);
  const statuses: number[] = [];
  const send = async (options: InjectOptions) => {
    const res = await t.app.inject(options);
    statuses.push(res.statusCode);
    return res;
  };
  return {
    t,
    statuses,
    login: async (email: string, password: string) =>
      (await send({ method: 'POST', url: '/api/account/login', payload: { email, password } }))
        .statusCode,
    /** Registration, reset request and the signed-in user: everything else a limit guards. */
    otherWork: async () => {
      const u = await register(t.app);
      await send({
        method: 'POST',
        url: '/api/account/forgot-password',
        payload: { email: u.user.email },
      });
      await send({
        method: 'GET',
        url: '/api/account/me',
        headers: { authorization: `Bearer ${u.token}` },
      });
    },
  };
}

type Instance = Awaited<ReturnType<typeof instance>>;

/** The same account (e-mail and password) on both instances. */
async function accountOn(...instances: Instance[]) {
  const form = registrationFor();
  for (const i of instances) await register(i.t.app, form);
  return { email: form.email, password: form.password };
}

async function fail(i: Instance, account: { email: string }, times: number) {
  for (let n = 0; n < times; n++)
    expect(await i.login(account.email, 'not the password')).toBe(401);
}

/** Fails sign-ins of a fresh account on `i` until its count shows up in Redis. */
async function untilSharedAgain(i: Instance, probe: Redis, prefix: string) {
  const account = await accountOn(i);
  const key = `${prefix}:rl:login-account:${account.email.toLowerCase()}`;
  for (let n = 0; !(await probe.exists(key)); n++) {
    if (n > 100) throw new Error('the instance did not reconnect to Redis');
    await i.login(account.email, 'not the password');
    await sleep(100);
  }
}

function expectNo5xx(...instances: Instance[]) {
  const all = instances.flatMap((i) => i.statuses);
  expect(all.length).toBeGreaterThan(0);
  expect(all.filter((s) => s >= 500)).toEqual([]);
}

describe('REDIS_URL where nothing listens', () => {
  it(
    'counts sign-in failures in each instance’s memory, and nothing fails',
    async () => {
      const url = `redis://127.0.0.1:${await freePort()}`;
      const prefix = `spoke-fault-${randomUUID()}`;
      const a = await instance(url, prefix);
      const b = await instance(url, prefix);
      const account = await accountOn(a, b);

      await fail(a, account, 3);
      expect(await a.login(account.email, account.password)).toBe(429);
      // Per instance: B has counted nothing for this account.
      expect(await b.login(account.email, account.password)).toBe(200);
      await fail(b, account, 3);
      expect(await b.login(account.email, account.password)).toBe(429);

      await a.otherWork();
      await b.otherWork();
      expectNo5xx(a, b);
    },
    SLOW,
  );
});

describe('Redis killed while the instances run', () => {
  let redis: RedisProcess | undefined;
  afterEach(async () => {
    await redis?.kill();
    redis = undefined;
  });

  it(
    'shares counts while Redis is up, counts per instance once it is gone, shares again when it is back',
    async () => {
      redis = await startRedis();
      const port = redis.port;
      const prefix = `spoke-fault-${randomUUID()}`;
      const a = await instance(redis.url, prefix);
      const b = await instance(redis.url, prefix);
      const first = await accountOn(a, b);
      const second = await accountOn(a, b);

      // Shared: two failures on A and one on B reach the limit of 3 on both.
      await fail(a, first, 2);
      await fail(b, first, 1);
      expect(await a.login(first.email, first.password)).toBe(429);
      expect(await b.login(first.email, first.password)).toBe(429);

      await redis.kill();

      // The counts Redis held are gone with it; each instance now counts on its own.
      expect(await a.login(first.email, first.password)).toBe(200);
      await fail(a, second, 3);
      expect(await a.login(second.email, second.password)).toBe(429);
      expect(await b.login(second.email, second.password)).toBe(200);
      await a.otherWork();
      await b.otherWork();
      expectNo5xx(a, b);

      // Back on the same port: the instances reconnect by themselves and share counts again.
      redis = await startRedis(port);
      const probe = new Redis(redis.url);
      cleanups.push(async () => void probe.disconnect());
      for (const i of [a, b]) await untilSharedAgain(i, probe, prefix);
      const third = await accountOn(a, b);
      await fail(a, third, 2);
      await fail(b, third, 1);
      expect(await b.login(third.email, third.password)).toBe(429);
      expect(await a.login(third.email, third.password)).toBe(429);
      expectNo5xx(a, b);
    },
    SLOW,
  );
});
