import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserListSchema } from '@spoke/shared';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof register>>;
let user: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['root@example.com'] });
  admin = await register(t.app, { email: 'root@example.com' });
  user = await register(t.app, { firstName: 'Zed', lastName: 'Zulu' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const patch = (id: string, payload: object, token: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, payload, headers: bearer(token) });

describe('who may use /api/admin', () => {
  it.each(['/api/admin/users', '/api/admin/contact-messages'])(
    '%s: 401 signed out, 403 for a user',
    async (url) => {
      expect((await get(url)).statusCode).toBe(401);
      const forbidden = await get(url, user.token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error).toEqual({
        code: 'FORBIDDEN',
        message: "Access denied. You don't have permission to perform this action.",
      });
      expect((await get(url, admin.token)).statusCode).toBe(200);
    },
  );

  it('refuses a user changing anyone, themselves included', async () => {
    expect((await patch(user.user.id, { is_admin: true }, user.token)).statusCode).toBe(403);
    const me = await get('/api/account/me', user.token);
    expect(me.json().data.user.is_admin).toBe(false);
  });
});

describe('users', () => {
  it('lists newest first, searches, and pages without gaps or repeats', async () => {
    for (let i = 0; i < 5; i++)
      await register(t.app, { firstName: `Pager${i}`, username: `pager_${i}_${Date.now()}` });
    const found = await get('/api/admin/users?search=zulu', admin.token);
    expect(AdminUserListSchema.parse(found.json().data).users.map((u) => u.id)).toEqual([
      user.user.id,
    ]);

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await get(
        `/api/admin/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        admin.token,
      );
      const page = AdminUserListSchema.parse(res.json().data);
      expect(page.users.length).toBeLessThanOrEqual(2);
      seen.push(...page.users.map((u) => u.id));
      cursor = page.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(7);
    expect(seen.at(-1)).toBe(admin.user.id);
  });

  it('treats % and _ in a search as text', async () => {
    const res = await get(`/api/admin/users?search=${encodeURIComponent('%')}`, admin.token);
    expect(res.json().data.users).toEqual([]);
  });

  it('answers a bad cursor with 400', async () => {
    const res = await get('/api/admin/users?cursor=garbage', admin.token);
    expect(res.statusCode).toBe(400);
  });

  it('grants and revokes admin, and changes a plan', async () => {
    const granted = await patch(user.user.id, { is_admin: true }, admin.token);
    expect(granted.json().data.user).toMatchObject({ is_admin: true, admin_from_env: false });
    expect((await get('/api/account/me', user.token)).json().data.user.is_admin).toBe(true);
    expect((await get('/api/admin/users', user.token)).statusCode).toBe(200);

    await patch(user.user.id, { is_admin: false }, admin.token);
    expect((await get('/api/admin/users', user.token)).statusCode).toBe(403);

    const plan = await patch(user.user.id, { plan: 'pro' }, admin.token);
    expect(plan.json().data.user.plan).toBe('pro');
    const billing = await get('/api/account/billing', user.token);
    expect(billing.json().data).toMatchObject({ plan: 'pro', limits: { monthly_messages: 500 } });
  });

  it('refuses admin rights for an account whose address is not confirmed, storing nothing', async () => {
    const unproven = await register(t.app, {}, { verified: false });
    const refused = await patch(unproven.user.id, { is_admin: true }, admin.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({
      is_admin:
        'This account has not confirmed its e-mail address yet: admin rights need a confirmed address.',
    });
    const listed = await get(
      `/api/admin/users?search=${encodeURIComponent(unproven.user.username)}`,
      admin.token,
    );
    expect(listed.json().data.users[0]).toMatchObject({ is_admin: false });
    expect((await get('/api/admin/users', unproven.token)).statusCode).toBe(403);
  });

  it('refuses bad changes with clear errors and leaves the user as it was', async () => {
    const bad = await patch(user.user.id, { plan: 'platinum' }, admin.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ plan: 'Unknown plan' });
    expect((await patch(user.user.id, {}, admin.token)).statusCode).toBe(422);
    const self = await patch(admin.user.id, { is_admin: false }, admin.token);
    expect(self.statusCode).toBe(422);
    expect(self.json().error.fields).toEqual({
      is_admin: 'You cannot remove your own admin rights.',
    });
    expect(
      (await patch('00000000-0000-4000-8000-000000000000', { plan: 'pro' }, admin.token))
        .statusCode,
    ).toBe(404);
    expect((await patch('not-a-uuid', { plan: 'pro' }, admin.token)).statusCode).toBe(404);
    const list = await get('/api/admin/users?search=zulu', admin.token);
    expect(list.json().data.users[0]).toMatchObject({ plan: 'pro', is_admin: false });
  });
});
