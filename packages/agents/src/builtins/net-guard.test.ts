import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, nonPublicReason, hostAllowed } from './net-guard.ts';
import { localServer, type LocalServer } from './test-support.ts';

describe('nonPublicReason', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['10.0.0.5', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['0.0.0.0', 'an unspecified address'],
    ['255.255.255.255', 'the broadcast address'],
    ['224.0.0.1', 'a multicast address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address (embedded 127.0.0.1)'],
    ['::ffff:10.1.2.3', 'a private address (embedded 10.1.2.3)'],
    ['::ffff:0:a9fe:a9fe', 'a link-local address (embedded 169.254.169.254)'],
    ['64:ff9b::7f00:1', 'a loopback address (embedded 127.0.0.1)'],
    ['2002:c0a8:101::1', 'a private address (embedded 192.168.1.1)'],
    ['::7f00:1', 'an IPv4-compatible address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('lets the public address %s through', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });
});

describe('hostAllowed', () => {
  it('matches exact hosts and *.domain patterns, case- and trailing-dot-insensitively', () => {
    const list = ['api.example.com', '*.example.org', '[::1]'];
    expect(hostAllowed('API.example.com.', list)).toBe(true);
    expect(hostAllowed('a.b.example.org', list)).toBe(true);
    expect(hostAllowed('example.org', list)).toBe(false);
    expect(hostAllowed('evilexample.org', list)).toBe(false);
    expect(hostAllowed('other.example.com', list)).toBe(false);
    expect(hostAllowed('[0:0::1]', list)).toBe(true);
  });
});

describe('guardedFetch refuses non-public targets by default', () => {
  it.each([
    ['http://127.0.0.1/', 'refused: 127.0.0.1 is a loopback address'],
    ['http://localhost/', 'refused: localhost resolves to'],
    ['http://[::1]/', 'refused: ::1 is a loopback address'],
    ['http://10.0.0.1/', 'refused: 10.0.0.1 is a private address'],
    ['http://172.16.0.1/', 'refused: 172.16.0.1 is a private address'],
    ['http://192.168.1.1/', 'refused: 192.168.1.1 is a private address'],
    [
      'http://169.254.169.254/latest/meta-data/',
      'refused: 169.254.169.254 is a link-local address',
    ],
    ['http://0.0.0.0/', 'refused: 0.0.0.0 is an unspecified address'],
    ['http://0/', 'refused: 0.0.0.0 is an unspecified address'],
    ['http://100.64.0.1/', 'refused: 100.64.0.1 is a carrier-grade NAT address'],
    [
      'http://[::ffff:127.0.0.1]/',
      'refused: ::ffff:7f00:1 is a loopback address (embedded 127.0.0.1)',
    ],
    ['http://[fc00::1]/', 'refused: fc00::1 is a unique-local address'],
    // The WHATWG URL parser reads decimal, hex and octal IPv4 forms as 127.0.0.1.
    ['http://2130706433/', 'refused: 127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', 'refused: 127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1/', 'refused: 127.0.0.1 is a loopback address'],
    ['http://127.1/', 'refused: 127.0.0.1 is a loopback address'],
    ['http://%31%32%37.0.0.1/', 'refused: 127.0.0.1 is a loopback address'],
  ])('%s', async (url, message) => {
    await expect(guardedFetch({ url }, {})).rejects.toThrow(message);
  });

  it('refuses other schemes and credentials in URLs', async () => {
    await expect(guardedFetch({ url: 'file:///etc/passwd' }, {})).rejects.toThrow(
      'refused: only http and https URLs are allowed (got file:)',
    );
    await expect(guardedFetch({ url: 'ftp://example.com/' }, {})).rejects.toThrow('(got ftp:)');
    await expect(guardedFetch({ url: 'http://user:pw@example.com/' }, {})).rejects.toThrow(
      'user name or password',
    );
    await expect(guardedFetch({ url: 'not a url' }, {})).rejects.toThrow('invalid URL: not a url');
  });

  it('refuses a name when ANY of its addresses is not public', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.0.0.7', family: 4 as const },
    ];
    await expect(guardedFetch({ url: 'http://mixed.example/' }, {}, { resolve })).rejects.toThrow(
      'refused: mixed.example resolves to 10.0.0.7, a private address',
    );
  });

  it('reports names that do not resolve', async () => {
    await expect(
      guardedFetch({ url: 'http://nowhere.example/' }, {}, { resolve: async () => [] }),
    ).rejects.toThrow('could not resolve nowhere.example');
  });
});

describe('guardedFetch against local servers', () => {
  let target: LocalServer;
  let redirector: LocalServer;

  beforeAll(async () => {
    target = await localServer((req, res) => {
      if (req.url === '/big') {
        res.end('x'.repeat(3000));
      } else if (req.url === '/gzip') {
        res.setHeader('content-encoding', 'gzip');
        res.end(gzipSync(Buffer.alloc(100_000, 'a')));
      } else if (req.url === '/hang') {
        res.flushHeaders();
      } else if (req.url?.startsWith('/loop/')) {
        const n = Number(req.url.slice('/loop/'.length));
        res.writeHead(302, { location: n > 0 ? `/loop/${n - 1}` : '/ok' }).end();
      } else {
        res.setHeader('content-type', 'text/plain');
        res.end(`ok ${req.method} ${req.headers.host}`);
      }
    });
    redirector = await localServer((req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
      res.writeHead(Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status') ?? 302), {
        location: to,
      });
      res.end();
    });
  });

  afterAll(async () => {
    await target.close();
    await redirector.close();
  });

  const open = { allowPrivateNetworks: true };

  it('fetches when private networks are allowed', async () => {
    const res = await guardedFetch({ url: `${target.url}/hello` }, open);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(`ok GET 127.0.0.1:${target.port}`);
    expect(res.truncated).toBe(false);
  });

  it('connects to exactly the address it checked', async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    const res = await guardedFetch({ url: `http://pinned.test:${target.port}/` }, open, {
      resolve,
    });
    expect(res.body.toString()).toBe(`ok GET pinned.test:${target.port}`);
    expect(lookups).toBe(1);
  });

  it('does not look a name up again between the check and the connection', async () => {
    // The check is given 127.0.0.2 (where nothing listens); the system resolver would say
    // 127.0.0.1 for "localhost", where the server listens, as a rebinding DNS server would.
    const before = target.received.length;
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.2', family: 4 as const }];
    };
    const exempt = ({ address }: { address: string }) => address === '127.0.0.2';
    await expect(
      guardedFetch({ url: `http://localhost:${target.port}/` }, {}, { resolve, exempt }),
    ).rejects.toThrow(`could not connect to localhost:${target.port}: ECONNREFUSED`);
    expect(lookups).toBe(1);
    expect(target.received.length).toBe(before);
  });

  it('refuses a redirect from an allowed server to a private address', async () => {
    const exempt = ({ port }: { port: number }) => port === redirector.port;
    for (const to of [
      `http://127.0.0.1:${target.port}/secret`,
      `http://localhost:${target.port}/secret`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:10.0.0.1]/',
    ]) {
      const url = `${redirector.url}/?to=${encodeURIComponent(to)}`;
      await expect(guardedFetch({ url }, {}, { exempt })).rejects.toThrow(
        /^refused: redirect to http:\/\/.+: .* (a loopback|a link-local|a private) address/,
      );
    }
    expect(target.received.some((r) => r.url === '/secret')).toBe(false);
  });

  it('enforces the allow-list on every hop', async () => {
    const policy = { allowPrivateNetworks: true, allowedHosts: ['127.0.0.1'] };
    const ok = await guardedFetch({ url: `${target.url}/` }, policy);
    expect(ok.status).toBe(200);
    await expect(guardedFetch({ url: `http://localhost:${target.port}/` }, policy)).rejects.toThrow(
      'refused: localhost is not an allowed host (allowed: 127.0.0.1)',
    );
    const url = `${redirector.url}/?to=${encodeURIComponent(`http://localhost:${target.port}/`)}`;
    await expect(guardedFetch({ url }, policy)).rejects.toThrow(
      `refused: redirect to http://localhost:${target.port}/: localhost is not an allowed host`,
    );
  });

  it('follows up to 5 redirects and refuses the 6th', async () => {
    const res = await guardedFetch({ url: `${target.url}/loop/4` }, open);
    expect(res.redirects).toHaveLength(5);
    expect(res.url).toBe(`${target.url}/ok`);
    await expect(guardedFetch({ url: `${target.url}/loop/5` }, open)).rejects.toThrow(
      'too many redirects (more than 5)',
    );
  });

  it('turns POST into GET on 303 and drops credentials on a cross-origin redirect', async () => {
    const to = encodeURIComponent(`${target.url}/after`);
    const res = await guardedFetch(
      {
        url: `${redirector.url}/?status=303&to=${to}`,
        method: 'POST',
        headers: { Authorization: 'Bearer secret', 'Content-Type': 'text/plain' },
        body: 'hello',
      },
      open,
    );
    expect(res.body.toString()).toMatch(/^ok GET /);
    const after = target.received.find((r) => r.url === '/after');
    expect(after?.headers.authorization).toBeUndefined();
    expect(after?.headers['content-type']).toBeUndefined();
  });

  it('keeps the method and body on 307', async () => {
    const to = encodeURIComponent(`${target.url}/kept`);
    await guardedFetch(
      { url: `${redirector.url}/?status=307&to=${to}`, method: 'PUT', body: 'data' },
      open,
    );
    const kept = target.received.find((r) => r.url === '/kept');
    expect(kept).toMatchObject({ method: 'PUT', body: 'data' });
  });

  it('caps the bytes kept, after decompression too', async () => {
    const big = await guardedFetch({ url: `${target.url}/big`, maxBytes: 1000 }, open);
    expect(big.body.length).toBe(1000);
    expect(big.truncated).toBe(true);
    const zipped = await guardedFetch({ url: `${target.url}/gzip`, maxBytes: 10_000 }, open);
    expect(zipped.body.length).toBe(10_000);
    expect(zipped.body.every((byte) => byte === 97)).toBe(true);
    expect(zipped.truncated).toBe(true);
    const exact = await guardedFetch({ url: `${target.url}/big`, maxBytes: 3000 }, open);
    expect(exact.truncated).toBe(false);
  });

  it('stops at the time limit', async () => {
    await expect(guardedFetch({ url: `${target.url}/hang`, timeoutMs: 200 }, open)).rejects.toThrow(
      'timed out after 200 ms',
    );
  });

  it('refuses headers the client owns and malformed headers', async () => {
    await expect(
      guardedFetch({ url: `${target.url}/`, headers: { Host: 'evil.example' } }, open),
    ).rejects.toThrow('the Host header is set by the client');
    await expect(
      guardedFetch({ url: `${target.url}/`, headers: { 'X-A': 'a\r\nX-B: b' } }, open),
    ).rejects.toThrow('line breaks are not allowed');
    await expect(
      guardedFetch({ url: `${target.url}/`, headers: { 'bad name': 'x' } }, open),
    ).rejects.toThrow('invalid header name');
  });

  it('reports a refused connection', async () => {
    const gone = await localServer((_req, res) => res.end());
    await gone.close();
    await expect(guardedFetch({ url: `${gone.url}/` }, open)).rejects.toThrow(
      `could not connect to 127.0.0.1:${gone.port}: ECONNREFUSED`,
    );
  });
});
