import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startTestApp, type TestApp } from '../harness.ts';
import { fillPath, listRoutes, routeKey, type Route } from './routes.ts';

const ADMIN_EMAIL = 'gate-admin@example.com';
let t: TestApp;
let adminRoutes: Route[];
let userToken: string;
let unverifiedListedToken: string;

beforeAll(async () => {
  t = await startTestApp({ adminEmails: [ADMIN_EMAIL] });
  adminRoutes = listRoutes(t.app).filter((r) => r.path.startsWith('/api/admin/'));
  userToken = (await register(t.app)).token;
  // The listed address, registered by someone who has not proven it.
  const listed = await register(t.app, { email: ADMIN_EMAIL }, { verified: false });
  expect(listed.user.is_admin).toBe(false);
  unverifiedListedToken = listed.token;
});
afterAll(async () => t?.close());

/** Bodies and queries every admin route would refuse with 422 if it looked at them. */
const BAD_INPUTS = [
  { query: '?limit=-5&cursor=' + 'x'.repeat(500), payload: { is_admin: 'yes', plan: 42 } },
  { query: '?search[]=1', payload: '{"not json' },
  { query: '', payload: [] },
];

describe('admin routes check the caller before the input', () => {
  it('finds the admin routes', () => {
    expect(adminRoutes.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /api/admin/users', 'PATCH /api/admin/users/:id']),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(6);
  });

  it.each([
    ['anonymous', () => undefined, 401, 'UNAUTHORIZED'],
    ['a malformed token', () => 'Bearer not-a-token', 401, 'UNAUTHORIZED'],
    ['a signed-in non-admin', () => `Bearer ${userToken}`, 403, 'FORBIDDEN'],
    [
      'the listed admin address, unverified',
      () => `Bearer ${unverifiedListedToken}`,
      403,
      'FORBIDDEN',
    ],
  ])('%s gets %i on every admin route, whatever the input', async (_who, auth, status, code) => {
    for (const route of adminRoutes) {
      for (const bad of BAD_INPUTS) {
        const authorization = auth();
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: fillPath(route.path, ['not-a-uuid']) + bad.query,
          headers: {
            ...(authorization ? { authorization } : {}),
            'content-type': 'application/json',
          },
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : {
                payload:
                  typeof bad.payload === 'string' ? bad.payload : JSON.stringify(bad.payload),
              }),
        });
        expect(res.statusCode, `${routeKey(route)} ${bad.query}`).toBe(status);
        const body = res.json();
        expect(body.error.code).toBe(code);
        expect(body.error.fields).toBeUndefined();
      }
    }
  });
});
