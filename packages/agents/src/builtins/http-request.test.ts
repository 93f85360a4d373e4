import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_REQUEST_MAX_BYTES } from './http-request.ts';
import {
  connect,
  dataOf,
  localServer,
  testContext,
  textOf,
  type LocalServer,
} from './test-support.ts';

type HttpResult = {
  status: number;
  status_text: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  body_encoding: string;
  truncated: boolean;
  redirects: string[];
};

describe('http_request', () => {
  let api: LocalServer;
  let mcp: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    api = await localServer((req, res, body) => {
      if (req.url === '/json') {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ items: [1, 2], method: req.method }));
      } else if (req.url === '/echo') {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            contentType: req.headers['content-type'],
            auth: req.headers.authorization,
            body,
          }),
        );
      } else if (req.url === '/png') {
        res.setHeader('content-type', 'image/png');
        res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]));
      } else if (req.url === '/huge') {
        res.setHeader('content-type', 'text/plain');
        res.end('y'.repeat(HTTP_REQUEST_MAX_BYTES + 500));
      } else if (req.url === '/slow') {
        res.flushHeaders();
      } else if (req.url === '/moved') {
        res.writeHead(301, { location: '/json' }).end();
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
      }
    });
    const { ctx } = testContext({ network: { allowPrivateNetworks: true } });
    mcp = await connect('http-request', ctx);
  });

  afterAll(async () => {
    await mcp.close();
    await api.close();
  });

  it('GETs JSON and returns it parsed', async () => {
    const result = await mcp.call('http_request', { url: `${api.url}/json` });
    const data = dataOf<HttpResult>(result);
    expect(data).toMatchObject({ status: 200, body_encoding: 'json', truncated: false });
    expect(data.body).toEqual({ items: [1, 2], method: 'GET' });
    expect(textOf(result)).toContain(`GET ${api.url}/json -> 200 OK`);
    expect(textOf(result)).toContain('"items": [');
  });

  it('sends an object body as JSON and a string body as it is', async () => {
    const json = dataOf<HttpResult>(
      await mcp.call('http_request', {
        method: 'POST',
        url: `${api.url}/echo`,
        headers: { Authorization: 'Bearer t0k' },
        body: { name: 'Ana' },
      }),
    );
    expect(json.body).toEqual({
      contentType: 'application/json',
      auth: 'Bearer t0k',
      body: '{"name":"Ana"}',
    });
    const text = dataOf<HttpResult>(
      await mcp.call('http_request', {
        method: 'PUT',
        url: `${api.url}/echo`,
        headers: { 'Content-Type': 'text/csv' },
        body: 'a,b\n1,2',
      }),
    );
    expect(text.body).toMatchObject({ contentType: 'text/csv', body: 'a,b\n1,2' });
  });

  it('returns 4xx answers as results, binary bodies as base64, and follows redirects', async () => {
    const missing = await mcp.call('http_request', { url: `${api.url}/nope` });
    expect(missing.isError).toBeFalsy();
    expect(dataOf<HttpResult>(missing)).toMatchObject({ status: 404, body: 'no such page' });
    const png = dataOf<HttpResult>(await mcp.call('http_request', { url: `${api.url}/png` }));
    expect(png.body_encoding).toBe('base64');
    expect(Buffer.from(png.body as string, 'base64')).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]),
    );
    const moved = dataOf<HttpResult>(await mcp.call('http_request', { url: `${api.url}/moved` }));
    expect(moved).toMatchObject({
      status: 200,
      url: `${api.url}/json`,
      redirects: [`${api.url}/json`],
    });
  });

  it('cuts large bodies and says so', async () => {
    const data = dataOf<HttpResult>(await mcp.call('http_request', { url: `${api.url}/huge` }));
    expect(data.truncated).toBe(true);
    expect((data.body as string).length).toBe(HTTP_REQUEST_MAX_BYTES);
  });

  it('stops at timeout_ms', async () => {
    const result = await mcp.call('http_request', { url: `${api.url}/slow`, timeout_ms: 200 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('timed out after 200 ms');
  });

  it('rejects bad input with a clear message', async () => {
    const method = await mcp.call('http_request', { url: `${api.url}/json`, method: 'BREW' });
    expect(method.isError).toBe(true);
    expect(textOf(method)).toMatch(/method/);
    const url = await mcp.call('http_request', { url: 'example.com/no-scheme' });
    expect(url.isError).toBe(true);
    expect(textOf(url)).toBe('invalid URL: example.com/no-scheme');
  });
});

describe('http_request with the default network policy', () => {
  let mcp: Awaited<ReturnType<typeof connect>>;
  let canary: LocalServer;

  beforeAll(async () => {
    canary = await localServer((_req, res) => res.end('reached'));
    mcp = await connect('http-request', testContext().ctx);
  });

  afterAll(async () => {
    await mcp.close();
    await canary.close();
  });

  it.each([
    ['http://127.0.0.1:{port}/', 'refused: 127.0.0.1 is a loopback address'],
    ['http://localhost:{port}/', 'refused: localhost resolves to'],
    ['http://[::1]:{port}/', 'refused: ::1 is a loopback address'],
    ['http://10.0.0.1/', 'refused: 10.0.0.1 is a private address'],
    ['http://172.16.0.1/', 'refused: 172.16.0.1 is a private address'],
    ['http://192.168.1.1/', 'refused: 192.168.1.1 is a private address'],
    [
      'http://169.254.169.254/latest/meta-data/',
      'refused: 169.254.169.254 is a link-local address',
    ],
    ['http://0.0.0.0:{port}/', 'refused: 0.0.0.0 is an unspecified address'],
    ['http://100.64.0.1/', 'refused: 100.64.0.1 is a carrier-grade NAT address'],
    ['http://[::ffff:127.0.0.1]:{port}/', 'refused: ::ffff:7f00:1 is a loopback address'],
    ['http://[fc00::1]/', 'refused: fc00::1 is a unique-local address'],
    ['http://2130706433:{port}/', 'refused: 127.0.0.1 is a loopback address'],
    ['http://0x7f.1:{port}/', 'refused: 127.0.0.1 is a loopback address'],
    ['http://0177.0.0.01:{port}/', 'refused: 127.0.0.1 is a loopback address'],
  ])('refuses %s', async (template, message) => {
    const url = template.replace('{port}', String(canary.port));
    const result = await mcp.call('http_request', { url });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(message);
    expect(canary.received).toHaveLength(0);
  });

  it('keeps to the allow-list', async () => {
    const { ctx } = testContext({
      network: { allowedHosts: ['api.example.com', '*.example.org'] },
    });
    const limited = await connect('http-request', ctx);
    const result = await limited.call('http_request', { url: 'https://evil.example.net/' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'refused: evil.example.net is not an allowed host (allowed: api.example.com, *.example.org)',
    );
    await limited.close();
  });
});
