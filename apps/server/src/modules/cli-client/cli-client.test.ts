import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ appUrl: 'https://spoke.example' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /oauth/spoke-cli.json', () => {
  it("is the CLI's client metadata document, its client_id its own address", async () => {
    const res = await t.app.inject({ url: '/oauth/spoke-cli.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.json()).toEqual({
      client_id: 'https://spoke.example/oauth/spoke-cli.json',
      client_name: 'spoke',
      client_uri: 'https://spoke.example',
      redirect_uris: ['http://127.0.0.1/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });
});
