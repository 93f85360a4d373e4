import { chmod } from 'node:fs/promises';
import net from 'node:net';
import { checkTarget, NetworkGuardError, type GuardHooks } from '../builtins/net-target.ts';
import type { NetworkPolicy } from '../builtins/types.ts';

/** Refused or failed proxy requests, for the operator's log. */
export type EgressLog = (event: { target: string; allowed: boolean; reason?: string }) => void;

export type EgressProxy = { socketPath: string; close(): Promise<void> };

const MAX_HEAD_BYTES = 16 * 1024;
const HEAD_TIMEOUT_MS = 10_000;

function answer(client: net.Socket, status: string, text: string) {
  const body = `${text}\n`;
  client.end(
    `HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}` +
      `\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** `host:port` of a CONNECT request, or the URL of an absolute-form request; null otherwise. */
function targetOf(
  method: string,
  target: string,
): { url: URL; port: number; connect: boolean } | null {
  try {
    if (method === 'CONNECT') {
      const port = Number(/:(\d{1,5})$/.exec(target)?.[1] ?? 0);
      const url = new URL(`https://${target}`);
      const extra = url.pathname !== '/' || url.search || url.hash || url.username || url.password;
      if (!port || port > 65535 || extra || Number(url.port || 443) !== port) return null;
      return { url, port, connect: true };
    }
    const url = new URL(target);
    if (url.protocol !== 'http:') return null;
    return { url, port: Number(url.port) || 80, connect: false };
  } catch {
    return null;
  }
}

/**
 * An HTTP proxy on a Unix socket (bind-mounted into one sandbox) through which a sandboxed
 * integration reaches the internet: CONNECT tunnels and plain http requests, each target checked
 * by the same address guard as the built-ins (public addresses only unless the policy allows
 * private ones; the connection goes to exactly the address that was checked).
 */
export async function startEgressProxy(options: {
  socketPath: string;
  policy: NetworkPolicy;
  hooks?: GuardHooks;
  log?: EgressLog;
}): Promise<EgressProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    client.setTimeout(HEAD_TIMEOUT_MS, () => client.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > MAX_HEAD_BYTES) answer(client, '431 Request Header Fields Too Large', '');
        return;
      }
      client.off('data', onData);
      client.pause();
      void handle(client, head.subarray(0, end + 4), head.subarray(end + 4));
    };
    client.on('data', onData);
  });

  async function handle(client: net.Socket, head: Buffer, rest: Buffer) {
    const lines = head.toString('latin1').split('\r\n');
    const [method = '', target = '', version = ''] = (lines[0] ?? '').split(' ');
    const parsed = /^HTTP\/1\.[01]$/.test(version) ? targetOf(method, target) : null;
    if (!parsed) return answer(client, '400 Bad Request', 'refused: not a proxy request');
    const { url, port, connect } = parsed;
    let address: string;
    try {
      ({ address } = await checkTarget(url, options.policy, options.hooks));
    } catch (error) {
      const reason =
        error instanceof NetworkGuardError ? error.message : 'the address check failed';
      options.log?.({ target: url.host, allowed: false, reason });
      return answer(client, '403 Forbidden', reason);
    }
    options.log?.({ target: url.host, allowed: true });
    const upstream = net.connect({ host: address, port });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    let connected = false;
    upstream.on('error', () => {
      if (connected || client.destroyed) client.destroy();
      else answer(client, '502 Bad Gateway', `could not connect to ${url.host}`);
    });
    upstream.once('connect', () => {
      connected = true;
      client.setTimeout(0);
      if (connect) {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      } else {
        // One request per connection: a second one could name another host.
        const kept = lines
          .slice(1)
          .filter((line) => line && !/^(proxy-connection|connection|keep-alive):/i.test(line));
        upstream.write(
          `${method} ${url.pathname}${url.search} ${version}\r\n` +
            `${kept.join('\r\n')}\r\nconnection: close\r\n\r\n`,
        );
      }
      if (rest.length) upstream.write(rest);
      client.pipe(upstream).pipe(client);
      client.resume();
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => resolve());
  });
  // The sandbox may run as another user than the server: it must be able to connect.
  await chmod(options.socketPath, 0o666);
  return {
    socketPath: options.socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
