import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEgressProxy, type EgressProxy } from './egress-proxy.ts';

// The host side of a sandbox's only way out, spoken to directly over its Unix socket.

let dir: string;
let upstream: Server;
let port: number;
const proxies: EgressProxy[] = [];

async function proxy(allowPrivateNetworks: boolean) {
  const started = await startEgressProxy({
    socketPath: path.join(dir, `${proxies.length}.sock`),
    policy: { allowPrivateNetworks },
    // Names resolve as a rebinding attacker would like: to loopback.
    hooks: { resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
  });
  proxies.push(started);
  return started;
}

/** Sends raw bytes to the proxy; resolves with everything it answered before closing. */
function exchange(socketPath: string, request: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    socket.write(request);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'spoke-egress-'));
  upstream = createServer((req, res) => res.end(`upstream saw ${req.method} ${req.url}`));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  port = (upstream.address() as AddressInfo).port;
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the egress proxy', () => {
  it('refuses every loopback spelling, in parallel, and names why', async () => {
    const { socketPath } = await proxy(false);
    const targets = [
      `127.0.0.1:${port}`,
      `127.1:${port}`,
      `0x7f000001:${port}`,
      `2130706433:${port}`,
      `[::1]:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      `LOCALHOST:${port}`,
      `rebound.example.com:${port}`,
      `0.0.0.0:${port}`,
    ];
    const answers = await Promise.all(
      targets.map((target) =>
        exchange(socketPath, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer, targets[i]).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
      expect(answer, targets[i]).toMatch(/refused: .+ address/);
    }
    const plain = await exchange(
      socketPath,
      `GET http://127.0.0.1:${port}/secret HTTP/1.1\r\nHost: example.com\r\n\r\n`,
    );
    expect(plain).toMatch(
      /^HTTP\/1\.1 403 Forbidden\r\n[\s\S]*refused: 127\.0\.0\.1 is a loopback/,
    );
  });

  it('answers malformed and oversized requests without connecting anywhere', async () => {
    const { socketPath } = await proxy(true);
    for (const request of [
      'GET / HTTP/1.1\r\n\r\n',
      `CONNECT 127.0.0.1 HTTP/1.1\r\n\r\n`,
      `CONNECT 127.0.0.1:99999 HTTP/1.1\r\n\r\n`,
      `CONNECT user:pw@127.0.0.1:${port} HTTP/1.1\r\n\r\n`,
      `CONNECT 127.0.0.1:${port}/path HTTP/1.1\r\n\r\n`,
      `GET ftp://127.0.0.1:${port}/ HTTP/1.1\r\n\r\n`,
      `CONNECT 127.0.0.1:${port} HTTP/2.0\r\n\r\n`,
    ]) {
      expect(await exchange(socketPath, request), request).toMatch(
        /^HTTP\/1\.1 400 Bad Request\r\n/,
      );
    }
    const huge = await exchange(socketPath, `GET http://a/ HTTP/1.1\r\nX: ${'a'.repeat(40_000)}`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('tunnels and forwards to an allowed target, one request per connection', async () => {
    const { socketPath } = await proxy(true);
    const tunnelled = await exchange(
      socketPath,
      `CONNECT 127.0.0.1:${port} HTTP/1.1\r\n\r\nGET /in-tunnel HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(tunnelled).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(tunnelled).toContain('upstream saw GET /in-tunnel');
    const forwarded = await exchange(
      socketPath,
      `GET http://127.0.0.1:${port}/plain?q=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nProxy-Connection: keep-alive\r\n\r\n`,
    );
    expect(forwarded).toContain('upstream saw GET /plain?q=1');
  });
});
