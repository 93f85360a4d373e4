import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, bearer, startTestApp, type TestApp } from '../harness.ts';

// Finding 14: the security headers are on every answer, including the refusals Fastify makes
// before a route runs (a URL that does not decode, a parameter past its length, a body of the
// wrong type or size, the router's 404), not only on the answers of routes.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await register(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

const EXPECTED = {
  'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

type Case = [
  what: string,
  request: {
    method?: 'GET' | 'POST';
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  },
  status: number,
];

const CASES: Case[] = [
  ['URL that fails to decode', { url: '/api/%E0%A4%A' }, 400],
  ['URL with a broken escape in a parameter', { url: '/api/agents/%E0%A4%A' }, 400],
  ['URL with a lone %', { url: '/registry/v0.1/servers/%/versions' }, 400],
  ['parameter past its length', { url: `/api/agents/${'a'.repeat(500)}` }, 404],
  ['unknown API route', { url: '/api/no-such-route' }, 404],
  ['unknown method', { method: 'POST', url: '/api/health' }, 404],
  [
    'unsupported content type',
    {
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    },
    415,
  ],
  [
    'broken JSON',
    {
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    },
    400,
  ],
  [
    'body too large',
    {
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(300 * 1024) }),
    },
    413,
  ],
  [
    'wrong content length',
    {
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', 'content-length': '5' },
      payload: '{"name": "a long body"}',
    },
    400,
  ],
  ['not signed in', { url: '/api/account/me' }, 401],
  ['health', { url: '/api/health' }, 200],
];

describe('security headers', () => {
  it.each(CASES)('are on the answer to a %s', async (_what, request, status) => {
    const res = await t.app.inject({ method: request.method ?? 'GET', ...request });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(EXPECTED);
    // Still in the envelope, with no echo of what was sent.
    if (status >= 400) expect(Object.keys(res.json())).toEqual(['error']);
  });

  it('are on a signed-in answer and a failed webhook call', async () => {
    const me = await t.app.inject({ url: '/api/account/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers).toMatchObject(EXPECTED);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/hooks/%E0%A4%A',
      payload: '{}',
    });
    expect(hook.statusCode).toBe(400);
    expect(hook.headers).toMatchObject(EXPECTED);
  });
});
