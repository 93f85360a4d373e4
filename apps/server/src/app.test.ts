import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.ts';

const webDir = mkdtempSync(path.join(tmpdir(), 'spoke-web-'));
mkdirSync(path.join(webDir, 'js'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><title>Spoke</title><div id="root"></div>',
);
writeFileSync(path.join(webDir, 'js', 'index-abc123.js'), 'console.log("spoke")');

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

  it('GET /api/ready answers when the database does', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.json()).toEqual({ data: { status: 'ready', database: 'ok' } });
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
    for (const url of ['/api/nope', '/api', '/api/account/nope?x=1', '/registry/v0/nothing']) {
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
    writeFileSync(path.join(webDir, 'js', 'big-1.js'), 'x'.repeat(10_000));
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
