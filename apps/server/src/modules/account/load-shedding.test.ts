import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limits.ts';
import { register, registrationFor, startTestApp, type TestApp } from '../../test/harness.ts';

// Password hashing (scrypt) is the costliest thing the server does. Beyond the configured
// hashes at once and waiting ones, requests are refused at once with 429 and Retry-After
// instead of queueing until clients give up. Real HTTP, many requests at the same moment.

type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> };

function client(t: TestApp) {
  const { port } = t.app.server.address() as AddressInfo;
  return async (method: string, url: string, body?: unknown, token?: string): Promise<Answer> => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Record<string, unknown>,
    };
  };
}

/** Every refusal is the catalogue's 429 with a Retry-After in whole seconds. */
function expectShed(answers: Answer[]) {
  for (const a of answers) {
    expect(a.status).toBe(429);
    expect(a.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a moment and try again.',
      },
    });
    expect(a.retryAfter).toMatch(/^[1-9]\d*$/);
  }
}

const CROWD = 12;

describe('sign-ins beyond the hashing limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The real per-account limits: refusals for load must not count as failed sign-ins.
    t = await startTestApp({
      rateLimits: DEFAULT_RATE_LIMITS,
      passwordHashing: { concurrency: 1, queue: 1, maxWaitMs: 60_000 },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers some, refuses the rest with 429, none with 5xx; the account still signs in', async () => {
    const user = await register(t.app);
    const call = client(t);
    const credentials = { email: user.user.email, password: user.password };
    const answers = await Promise.all(
      Array.from({ length: CROWD }, () => call('POST', '/api/account/login', credentials)),
    );
    const signedIn = answers.filter((a) => a.status === 200);
    const shed = answers.filter((a) => a.status !== 200);
    expect(signedIn.length).toBeGreaterThanOrEqual(1);
    expect(shed.length).toBeGreaterThanOrEqual(1);
    expectShed(shed);
    for (const a of signedIn) {
      const token = (a.body.data as { token: string }).token;
      expect((await call('GET', '/api/account/me', undefined, token)).status).toBe(200);
    }

    // Refusals are no failed sign-ins: five of them would have locked the account.
    const after = await call('POST', '/api/account/login', credentials);
    expect(after.status).toBe(200);
    const me = await call(
      'GET',
      '/api/account/me',
      undefined,
      (after.body.data as { token: string }).token,
    );
    expect((me.body.data as { user: { id: string } }).user.id).toBe(user.user.id);
  });
});

describe('registrations beyond the hashing limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ passwordHashing: { concurrency: 1, queue: 0, maxWaitMs: 60_000 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates no account for a refused registration, which can be sent again', async () => {
    const call = client(t);
    const forms = Array.from({ length: CROWD }, () => registrationFor());
    const answers = await Promise.all(forms.map((f) => call('POST', '/api/account/register', f)));
    expect(answers.every((a) => a.status === 201 || a.status === 429)).toBe(true);
    const refused = forms.filter((_, i) => answers[i]!.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    expectShed(answers.filter((a) => a.status === 429));

    const form = refused[0]!;
    const signIn = await call('POST', '/api/account/login', {
      email: form.email,
      password: form.password,
    });
    expect(signIn.status).toBe(401);
    const again = await call('POST', '/api/account/register', form);
    expect(again.status).toBe(201);
    expect((again.body.data as { user: { email: string } }).user.email).toBe(form.email);
  });
});
