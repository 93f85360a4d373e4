import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokenListSchema, CreatedApiTokenSchema } from '@spoke/shared';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let ada: Awaited<ReturnType<typeof register>>;
let bob: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  t = await startTestApp();
  ada = await register(t.app);
  bob = await register(t.app);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

async function create(token: string, name = 'ci') {
  const res = await call('POST', '/api/account/tokens', token, {
    name,
    scopes: ['registry:publish'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return CreatedApiTokenSchema.parse(res.json().data);
}

describe('API tokens', () => {
  it('are created with a secret shown once, stored only as a hash', async () => {
    const created = await create(ada.token, '  laptop  ');
    expect(created.secret).toMatch(/^spk_[A-Za-z0-9]{36}$/);
    expect(created.token).toMatchObject({
      name: 'laptop',
      scopes: ['registry:publish'],
      last_used_at: null,
    });
    const list = await call('GET', '/api/account/tokens', ada.token);
    expect(list.body).not.toContain(created.secret);
    expect(ApiTokenListSchema.parse(list.json().data).tokens.map((x) => x.id)).toContain(
      created.token.id,
    );
    const stored = await t.app.spoke.database.db.execute(
      sql`select * from api_tokens where id = ${created.token.id}`,
    );
    const row = JSON.stringify((stored as unknown as { rows: unknown[] }).rows);
    expect(row).not.toContain(created.secret);
    expect(row).not.toContain(created.secret.slice(4));
    expect(row).toMatch(/"token_hash":"[0-9a-f]{64}"/);
  });

  it('are unique and hard to guess', async () => {
    const secrets = new Set<string>();
    for (let i = 0; i < 20; i++) secrets.add((await create(bob.token, `t${i}`)).secret);
    expect(secrets.size).toBe(20);
    // 36 characters of 62 carry about 214 bits; no character repeats at a fixed place.
    const firstChars = new Set([...secrets].map((s) => s[4]));
    expect(firstChars.size).toBeGreaterThan(5);
  });

  it('refuse bad input with field errors, and leave the list as it was', async () => {
    const before = (await call('GET', '/api/account/tokens', ada.token)).json().data.tokens;
    for (const [payload, field] of [
      [{ name: '', scopes: ['registry:publish'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['registry:publish'] }, 'name'],
      [{ name: 'ci', scopes: [] }, 'scopes'],
      [{ name: 'ci', scopes: ['admin'] }, 'scopes.0'],
      [{ name: 'ci' }, 'scopes'],
    ] as const) {
      const res = await call('POST', '/api/account/tokens', ada.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    expect((await call('GET', '/api/account/tokens', ada.token)).json().data.tokens).toEqual(
      before,
    );
  });

  it('are managed with a session only: 401 signed out or with an API token', async () => {
    const { secret } = await create(ada.token);
    expect((await call('GET', '/api/account/tokens')).statusCode).toBe(401);
    expect((await call('GET', '/api/account/tokens', secret)).statusCode).toBe(401);
    expect(
      (
        await call('POST', '/api/account/tokens', secret, {
          name: 'x',
          scopes: ['registry:publish'],
        })
      ).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/account/me', secret)).statusCode).toBe(401);
  });

  it('are revoked by their owner only; others get 404', async () => {
    const { token } = await create(ada.token);
    expect((await call('DELETE', `/api/account/tokens/${token.id}`, bob.token)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', '/api/account/tokens/not-a-uuid', ada.token)).statusCode).toBe(
      404,
    );
    const ok = await call('DELETE', `/api/account/tokens/${token.id}`, ada.token);
    expect(ok.json()).toEqual({ data: { ok: true } });
    expect((await call('DELETE', `/api/account/tokens/${token.id}`, ada.token)).statusCode).toBe(
      404,
    );
    const ids = (await call('GET', '/api/account/tokens', ada.token))
      .json()
      .data.tokens.map((x: { id: string }) => x.id);
    expect(ids).not.toContain(token.id);
  });
});
