import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHook } from './modules/agents/agent-test-kit.ts';
import { apiToken, serverJson } from './modules/registry/registry-test-kit.ts';
import { bearer, register, startTestApp, type TestApp } from './test/harness.ts';

const webDir = mkdtempSync(path.join(tmpdir(), 'spoke-web-'));
mkdirSync(path.join(webDir, 'js'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><title>Spoke</title><div id="root"></div>',
);
writeFileSync(path.join(webDir, 'js', 'index-abc123.js'), 'console.log("spoke")');
writeFileSync(path.join(webDir, 'js', 'big-1.js'), 'x'.repeat(10_000));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDistDir: webDir }, (app) => {
    app.get('/api/test/explode', async () => {
      throw new Error('SELECT secret FROM internals at /srv/app.ts:12');
    });
  });
});
afterAll(async () => {
  await t.close();
});

describe('health and readiness', () => {
  it('GET /api/health answers liveness, version and uptime', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { status: 'ok', version: t.config.version, uptime: expect.any(Number) },
    });
  });

  it('GET /api/ready answers when the database does, and says whether a model is set up', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.json()).toEqual({
      data: {
        status: 'ready',
        database: 'ok',
        integrations: { sandbox: 'bubblewrap' },
        // (No model is configured for this app.)
        model: 'none',
      },
    });
  });
});

describe('the envelope', () => {
  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: 'Invalid request. Please check your input and try again.',
      },
    });
  });

  it('answers an unknown /api route with 404 NOT_FOUND, never the page', async () => {
    // (Registry addresses answer in the official registry's shape: conformance.test.ts.)
    for (const url of ['/api/nope', '/api', '/api/account/nope?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'The requested resource was not found.' },
      });
    }
  });

  it('answers an unexpected failure with 500 and no internals', async () => {
    const res = await t.app.inject('/api/test/explode');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Server error. Please try again later.' },
    });
    expect(res.body).not.toMatch(/SELECT|internals|srv|stack/);
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(300_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a URL that does not decode, or an over-long parameter, in the envelope', async () => {
    const bad = await t.app.inject('/registry/v0.1/servers/%ED%A0%80/versions');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: 'Invalid request. Please check your input and try again.',
      },
    });
    const long = await t.app.inject(`/api/agents/${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(404);
    expect(long.json().error.code).toBe('NOT_FOUND');
    expect(long.body).not.toContain('aaaa');
  });

  it('refuses text the database cannot keep and JSON nested too deep, before any query', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A\u0000', email: 'a@b.co', topic: 'general', message: 'Hello there!' },
    });
    expect(contact.statusCode).toBe(422);
    expect(contact.json().error.fields).toEqual({
      name: 'Contains a character that is not allowed (NUL or an unpaired surrogate)',
    });
    const search = await t.app.inject('/registry/v0.1/servers?search=%00git');
    expect(search.statusCode).toBe(422);
    // The registry answers in the official shape: `fields` beside the `error` text.
    expect(search.json().fields).toHaveProperty('search');
    expect((await t.app.inject('/registry/v0.1/servers/a%00b/versions')).statusCode).toBe(404);
    const cursor = Buffer.from(JSON.stringify({ n: 'a\u0000', v: '1.0.0' })).toString('base64url');
    expect((await t.app.inject(`/registry/v0.1/servers?cursor=${cursor}`)).statusCode).toBe(400);
    const yearZero = await t.app.inject(
      '/registry/v0.1/servers?updated_since=0000-01-01T00:00:00Z',
    );
    expect(yearZero.statusCode).toBe(400);

    const user = await register(t.app);
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: bearer(user.token),
      payload: { prompt: 'Every day at 9 e-mail me the \ud800 weather' },
    });
    expect(surrogate.statusCode).toBe(422);
    const agentCursor = Buffer.from(`+275760-09-13T00:00:00.000Z|${user.user.id}`).toString(
      'base64url',
    );
    const agents = await t.app.inject({
      url: `/api/agents?cursor=${agentCursor}`,
      headers: bearer(user.token),
    });
    expect(agents.statusCode).toBe(400);
    expect(agents.json().error.fields).toEqual({ cursor: 'Invalid cursor' });

    const { secret } = await apiToken(t, user);
    const deep = serverJson(user.user, 'deep', '1.0.0', {
      _meta: JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`),
    });
    const published = await t.app.inject({
      method: 'POST',
      url: '/registry/v0.1/publish',
      headers: bearer(secret),
      payload: deep,
    });
    expect(published.statusCode).toBe(400);
    expect(published.json()).toEqual({
      code: 'BAD_REQUEST',
      error: 'The body is nested too deeply: at most 64 levels.',
    });

    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: bearer(user.token),
      payload: { prompt: 'When a webhook arrives, summarise it' },
    });
    const { id, webhook } = hook.json().data.agent;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/hooks/${id}`,
      headers: {
        ...signedHook(webhook.secret, 'line one\u0000line two'),
        'content-type': 'text/plain',
      },
      payload: 'line one\u0000line two',
    });
    expect(sent.statusCode).toBe(422);
  });

  it('tags every answer with a request id', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const fresh = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the web app', () => {
  it('answers client routes with index.html and a strict CSP', async () => {
    for (const url of ['/', '/login', '/app/dashboard?tab=1', '/auth/callback']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves hashed assets under /js/ with a year-long cache, and a missing one as 404', async () => {
    const res = await t.app.inject('/js/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/js/gone-000.js')).statusCode).toBe(404);
  });

  it('compresses larger answers', async () => {
    const res = await t.app.inject({ url: '/js/big-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('when the database is down', () => {
  it('answers 503 with the catalogue message', async () => {
    const down = await startTestApp();
    await down.app.spoke.database.close();
    try {
      const ready = await down.app.inject('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Service temporarily unavailable. Please try again later.',
        },
      });
      const login = await down.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'a@example.com', password: 'whatever1' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.json().error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});
