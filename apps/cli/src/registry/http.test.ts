import { createServer, get, type Server } from 'node:http';
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
} from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@spoke/shared/testing/free-port';
import { makeFixture, registryEntry } from '../test/fixture.ts';
import { entry, startTestRegistry } from '../test/registry-server.ts';
import { runCli } from '../test/run-cli.ts';
import { getJson } from './http.ts';

const BIG = 21 * 1024 * 1024;

/** node:http's own server, answering the ways a registry may. */
function routes(): Server {
  return createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (req.url) {
      case '/length':
        return json(200, { servers: [], how: 'length' });
      case '/chunked': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"how":');
        setTimeout(() => res.end('"chunked"}'), 20);
        return;
      }
      case '/hints':
        res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
        return json(200, { how: 'after early hints' });
      case '/moved':
        res.writeHead(302, { location: '/length' });
        return res.end('see /length');
      case '/loop':
        res.writeHead(301, { location: '/loop' });
        return res.end();
      case '/text':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>not here</html>');
      case '/gone':
        return json(404, { error: { message: 'not found' } });
      case '/nothing':
        res.writeHead(204);
        return res.end();
      case '/headers':
        return json(200, {
          authorization: req.headers.authorization ?? null,
          host: req.headers.host,
        });
      case '/declared-big':
        res.writeHead(200, { 'content-length': BIG });
        return res.write('{');
      case '/streamed-big': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const mb = Buffer.alloc(1024 * 1024, 32);
        let sent = 0;
        const more = () => {
          while (sent < BIG && !res.destroyed) {
            sent += mb.length;
            if (!res.write(mb)) return void res.once('drain', more);
          }
          res.end();
        };
        return more();
      }
      case '/hang':
        return;
      default:
        return json(404, {});
    }
  });
}

/** A raw TCP server sending exactly `answer` (then closing, unless told to stay open). */
function rawServer(answer: (request: string) => { bytes: string[]; close: boolean }): NetServer {
  return createNetServer((socket) => {
    let request = '';
    socket.on('error', () => undefined);
    socket.on('data', (data) => {
      request += data.toString('latin1');
      if (!request.includes('\r\n\r\n')) return;
      const { bytes, close } = answer(request);
      const send = (i: number) => {
        if (i === bytes.length) return void (close && socket.end());
        socket.write(bytes[i]!, () => setTimeout(() => send(i + 1), 5));
      };
      send(0);
    });
  });
}

const listen = async (server: Server | NetServer) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const close = (server: Server | NetServer) =>
  new Promise<void>((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
  });

let base: string;
let http: Server;
const raw: Record<string, string> = {};
const rawServers: NetServer[] = [];
let lastRequest = '';

const RAW: Record<string, (request: string) => { bytes: string[]; close: boolean }> = {
  // The body split at awkward places, with a chunk extension and a trailer.
  chunks: () => ({
    bytes: [
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
      '5;note=x\r\n{"a":\r',
      '\n',
      'A\r\n[1,2,3,4]}\r\n0',
      '\r\nX-Checksum: 1\r\n\r\n',
    ],
    close: false,
  }),
  // Keeps the connection open although asked to close it: the length says when the answer ends.
  'keep-alive': () => ({
    bytes: [
      'HTTP/1.1 200 OK\r\nContent-Length: 11\r\n',
      'Connection: keep-alive\r\n\r\n{"ok":',
      'true}',
    ],
    close: false,
  }),
  // An HTTP/1.0 answer whose end is the connection's end.
  'until-close': () => ({ bytes: ['HTTP/1.0 200 OK\r\n\r\n{"old":', '"style"}'], close: true }),
  cut: () => ({
    bytes: ['HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"servers":'],
    close: true,
  }),
  silent: () => ({ bytes: [], close: true }),
  garbage: () => ({ bytes: ['SSH-2.0-OpenSSH_9.6\r\n\r\n'], close: true }),
  'bad-chunks': () => ({
    bytes: ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'],
    close: true,
  }),
  echo: (request) => {
    lastRequest = request;
    return { bytes: ['HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}'], close: true };
  },
};

beforeAll(async () => {
  http = routes();
  base = await listen(http);
  for (const [name, answer] of Object.entries(RAW)) {
    const server = rawServer(answer);
    rawServers.push(server);
    raw[name] = await listen(server);
  }
});

afterAll(async () => {
  await Promise.all([close(http), ...rawServers.map(close)]);
});

const fetchJson = (url: string, timeoutMs = 2000, headers?: Record<string, string>) =>
  getJson(url, { timeoutMs, headers });

describe('getJson over a plain socket', () => {
  it('reads answers sized by Content-Length, by chunks, or by the connection closing', async () => {
    expect(await fetchJson(`${base}/length`)).toMatchObject({
      status: 200,
      body: { servers: [], how: 'length' },
    });
    expect((await fetchJson(`${base}/chunked`)).body).toEqual({ how: 'chunked' });
    expect((await fetchJson(raw.chunks!)).body).toEqual({ a: [1, 2, 3, 4] });
    expect((await fetchJson(raw['keep-alive']!)).body).toEqual({ ok: true });
    expect((await fetchJson(raw['until-close']!)).body).toEqual({ old: 'style' });
  });

  it('skips interim answers, follows redirects and returns any status', async () => {
    expect((await fetchJson(`${base}/hints`)).body).toEqual({ how: 'after early hints' });
    expect((await fetchJson(`${base}/moved`)).body).toEqual({ servers: [], how: 'length' });
    expect(await fetchJson(`${base}/gone`)).toMatchObject({ status: 404 });
    expect(await fetchJson(`${base}/nothing`)).toMatchObject({ status: 204, body: null });
    await expect(fetchJson(`${base}/loop`)).rejects.toThrow('too many redirects');
  });

  it('sends the host, the headers asked for and credentials from the URL', async () => {
    await fetchJson(`${raw.echo}/v0.1/servers?search=a%20b&limit=5`, 2000, {
      authorization: 'Bearer t0k',
    });
    const [line, ...headers] = lastRequest.split('\r\n');
    expect(line).toBe('GET /v0.1/servers?search=a%20b&limit=5 HTTP/1.1');
    expect(headers).toEqual(
      expect.arrayContaining([
        `Host: ${new URL(raw.echo!).host}`,
        'accept: application/json',
        'authorization: Bearer t0k',
        'Connection: close',
      ]),
    );
    const withUser = `http://ada:s%3Acret@${new URL(base).host}/headers`;
    expect((await fetchJson(withUser)).body).toEqual({
      authorization: `Basic ${Buffer.from('ada:s:cret').toString('base64')}`,
      host: new URL(base).host,
    });
    await expect(
      fetchJson(`${base}/headers`, 2000, { authorization: 'Bearer a\r\nX-Injected: 1' }),
    ).rejects.toThrow('invalid character in the authorization header');
  });

  it('fails with a message naming what went wrong', async () => {
    await expect(fetchJson(`${base}/text`)).rejects.toThrow(
      'answered with something that is not JSON',
    );
    await expect(fetchJson(raw.cut!)).rejects.toThrow(
      'the connection closed before the answer was complete',
    );
    await expect(fetchJson(raw.silent!)).rejects.toThrow('the connection closed without an answer');
    await expect(fetchJson(raw.garbage!)).rejects.toThrow(
      'answered with something that is not HTTP',
    );
    await expect(fetchJson(raw['bad-chunks']!)).rejects.toThrow(
      'answered with a broken chunked body',
    );
    await expect(fetchJson(`${base}/declared-big`)).rejects.toThrow('answer larger than 20 MB');
    await expect(fetchJson(`${base}/streamed-big`, 10_000)).rejects.toThrow(
      'answer larger than 20 MB',
    );
    await expect(fetchJson(`${base}/hang`, 300)).rejects.toThrow('no answer within 300ms');
    const port = await freePort();
    await expect(fetchJson(`http://127.0.0.1:${port}/`)).rejects.toThrow(
      `connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
});

describe('an HTTP proxy named in the environment', () => {
  it('carries the requests when Node is told to use it', async () => {
    const registry = await startTestRegistry({
      items: [entry('io.github.acme/server-weather', '1.0.0', { description: 'Forecasts' })],
    });
    const seen: string[] = [];
    // A forward proxy: requests come with the full URL, and are passed on as they are.
    const proxy = createServer((req, res) => {
      seen.push(req.url ?? '');
      get(req.url ?? '', { headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      }).on('error', () => res.writeHead(502).end());
    });
    const proxyUrl = await listen(proxy);
    const fx = makeFixture();
    try {
      fx.writeConfig({ registries: [registryEntry('team', registry.url, 10)] });
      const r = await runCli(['discover', 'weather'], {
        ...fx,
        env: { ...fx.env, NODE_USE_ENV_PROXY: '1', HTTP_PROXY: proxyUrl },
      });
      expect(r.stdout).toBe('io.github.acme/server-weather 1.0.0 (team, trusted)\n  Forecasts\n');
      expect(seen).toEqual([`${registry.url}/v0.1/servers?search=weather&version=latest&limit=5`]);
    } finally {
      fx.cleanup();
      await Promise.all([close(proxy), registry.close()]);
    }
  });
});
