import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connect,
  dataOf,
  localServer,
  testContext,
  textOf,
  type LocalServer,
} from './test-support.ts';

const SECRET = 'whsec_test_4f1b';
const NOW = new Date('2025-03-04T10:00:00Z');

describe('send_webhook', () => {
  let receiver: LocalServer;
  const verdicts: string[] = [];

  beforeAll(async () => {
    receiver = await localServer((req, res, body) => {
      if (req.url === '/fail') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('database down');
        return;
      }
      if (req.url === '/moved') {
        res.writeHead(301, { location: 'https://hooks.example.com/new' }).end();
        return;
      }
      // What a receiver does: recompute the HMAC over "<timestamp>.<body>" and compare.
      const timestamp = String(req.headers['x-spoke-timestamp'] ?? '');
      const signature = String(req.headers['x-spoke-signature'] ?? '');
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
      const valid =
        signature.length === expected.length &&
        timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
      verdicts.push(signature ? (valid ? 'valid' : 'invalid') : 'unsigned');
      res.writeHead(valid || !signature ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: valid }));
    });
  });

  afterAll(async () => receiver.close());

  it('POSTs the payload as JSON, signed with the webhook secret', async () => {
    const { ctx } = testContext({
      network: { allowPrivateNetworks: true },
      webhookSecret: SECRET,
      now: () => NOW,
    });
    const mcp = await connect('webhook', ctx);
    const result = await mcp.call('send_webhook', {
      url: `${receiver.url}/hook`,
      payload: { text: 'Build failed', build: 42, tags: ['ci'] },
      headers: { 'X-Team': 'ops' },
    });
    const data = dataOf<{
      delivered: boolean;
      status: number;
      delivery_id: string;
      signed: boolean;
    }>(result);
    expect(data).toMatchObject({ delivered: true, status: 200, signed: true });
    expect(verdicts.at(-1)).toBe('valid');
    const got = receiver.received.at(-1);
    expect(got?.method).toBe('POST');
    expect(JSON.parse(got?.body ?? '')).toEqual({ text: 'Build failed', build: 42, tags: ['ci'] });
    expect(got?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-team': 'ops',
      'x-spoke-timestamp': String(NOW.getTime() / 1000),
      'x-spoke-delivery': data.delivery_id,
    });
    await mcp.close();
  });

  it('sends no signature without a secret', async () => {
    const mcp = await connect(
      'webhook',
      testContext({ network: { allowPrivateNetworks: true } }).ctx,
    );
    const data = dataOf(
      await mcp.call('send_webhook', { url: `${receiver.url}/hook`, payload: 'ping' }),
    );
    expect(data).toMatchObject({ delivered: true, signed: false });
    expect(verdicts.at(-1)).toBe('unsigned');
    expect(receiver.received.at(-1)?.headers['x-spoke-signature']).toBeUndefined();
    await mcp.close();
  });

  it('fails when the receiver does not answer 2xx, without following redirects', async () => {
    const mcp = await connect(
      'webhook',
      testContext({ network: { allowPrivateNetworks: true } }).ctx,
    );
    const failed = await mcp.call('send_webhook', { url: `${receiver.url}/fail`, payload: {} });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toBe(
      'not delivered: the receiver answered 500 Internal Server Error: database down',
    );
    const moved = await mcp.call('send_webhook', { url: `${receiver.url}/moved`, payload: {} });
    expect(textOf(moved)).toBe(
      'not delivered: the receiver answered 301 Moved Permanently (redirects to https://hooks.example.com/new)',
    );
    await mcp.close();
  });

  it('refuses oversized payloads, platform headers and private addresses', async () => {
    const open = await connect(
      'webhook',
      testContext({ network: { allowPrivateNetworks: true } }).ctx,
    );
    const before = receiver.received.length;
    const big = await open.call('send_webhook', {
      url: `${receiver.url}/hook`,
      payload: { blob: 'x'.repeat(300 * 1024) },
    });
    expect(textOf(big)).toMatch(/^the payload is \d+ bytes; the limit is 262144 bytes$/);
    const forged = await open.call('send_webhook', {
      url: `${receiver.url}/hook`,
      payload: {},
      headers: { 'X-Spoke-Signature': 'sha256=forged' },
    });
    expect(textOf(forged)).toBe(
      'the X-Spoke-Signature header is set by the platform and cannot be given',
    );
    const missing = await open.call('send_webhook', { url: `${receiver.url}/hook` });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('give a payload');
    await open.close();
    const guarded = await connect('webhook', testContext().ctx);
    const refused = await guarded.call('send_webhook', {
      url: `${receiver.url}/hook`,
      payload: {},
    });
    expect(textOf(refused)).toBe('refused: 127.0.0.1 is a loopback address');
    await guarded.close();
    expect(receiver.received.length).toBe(before);
  });
});
