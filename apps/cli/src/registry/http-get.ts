import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { loadHttp, loadHttps, loadNet, loadTls } from '../builtins.ts';

/** A complete answer to a GET: status, headers (names in lower case) and the body's bytes. */
export type Answer = { status: number; headers: Record<string, string>; body: Buffer };

export type GetOptions = {
  headers: Record<string, string>;
  signal: AbortSignal;
  /** The most body bytes accepted; a longer answer fails. */
  maxBytes: number;
};

const MAX_HEAD_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new Error(`answer larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);

/**
 * Whether Node is told to send HTTP through the proxy named in the environment
 * (`NODE_USE_ENV_PROXY=1` or `--use-env-proxy`, Node >= 24.5): node:http knows how.
 */
function envProxy(): boolean {
  const env = process.env;
  const on =
    (env.NODE_USE_ENV_PROXY !== undefined && env.NODE_USE_ENV_PROXY !== '0') ||
    process.execArgv.includes('--use-env-proxy') ||
    (env.NODE_OPTIONS ?? '').split(/\s+/).includes('--use-env-proxy');
  return on && Boolean(env.HTTP_PROXY || env.http_proxy || env.HTTPS_PROXY || env.https_proxy);
}

/**
 * GETs a URL: `http:` over a plain socket and `https:` over a TLS socket, both with the small
 * HTTP/1.1 reader below; anything sent through an environment proxy with node:http(s).
 * node:http with its parser, agents and server costs about 1.7 MB more than the socket, and
 * node:https 1.5 MB more than node:tls, in a process whose every command should stay under
 * 50 MB; TLS itself (OpenSSL and the handshake) costs about 9 MB on Node 24 whichever way it is
 * used (bench/README.md).
 */
export function httpGet(url: URL, options: GetOptions): Promise<Answer> {
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !envProxy()) {
    return getOverSocket(url, options);
  }
  return getWithNode(url, options);
}

/** A connection to the URL's host: TCP for `http:`, TLS (certificate checked) for `https:`. */
function connectTo(url: URL): Socket {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (url.protocol === 'http:') return loadNet().connect({ host, port: Number(url.port) || 80 });
  const net = loadNet();
  return loadTls().connect({
    host,
    port: Number(url.port) || 443,
    // The name the certificate is checked against; servername (SNI) may not be an address.
    ...(net.isIP(host) ? {} : { servername: host }),
    ALPNProtocols: ['http/1.1'],
  });
}

function getWithNode(url: URL, options: GetOptions): Promise<Answer> {
  const { get } = url.protocol === 'https:' ? loadHttps() : loadHttp();
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: options.headers, signal: options.signal }, (res) => {
      readAll(res, options.maxBytes).then(
        (body) => resolve({ status: res.statusCode ?? 0, headers: flatHeaders(res.headers), body }),
        reject,
      );
    });
    req.on('error', reject);
  });
}

function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function readAll(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) res.destroy(tooLarge(maxBytes));
      else chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', reject);
  });
}

/** The request's head: the header values may not break the line they are on. */
function requestHead(url: URL, headers: Record<string, string>): string {
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  const all = { ...headers };
  if ((url.username || url.password) && !Object.keys(all).some((k) => /^authorization$/i.test(k))) {
    const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    all.authorization = `Basic ${Buffer.from(user).toString('base64')}`;
  }
  for (const [name, value] of Object.entries(all)) {
    if (!/^[!#$%&'*+.^`|~\w-]+$/.test(name) || /[\r\n\0]/.test(value)) {
      throw new Error(`invalid character in the ${name} header`);
    }
    lines.push(`${name}: ${value}`);
  }
  lines.push('Connection: close', '', '');
  return lines.join('\r\n');
}

type Head = { status: number; headers: Record<string, string> };

/** The status line and headers, or null when the bytes are not an HTTP/1.x answer. */
function parseHead(text: string): Head | null {
  const [statusLine = '', ...lines] = text.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(statusLine);
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status: Number(status[1]), headers };
}

/**
 * Reads a body sent with `Transfer-Encoding: chunked` as it arrives: size lines in hex, each
 * followed by that many bytes and a line break, up to the chunk of size 0 (trailers ignored).
 */
class Dechunker {
  readonly parts: Buffer[] = [];
  size = 0;
  done = false;
  private line = '';
  private left = 0;
  private afterData = false;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  push(data: Buffer): void {
    let i = 0;
    while (i < data.length && !this.done) {
      if (this.left > 0) {
        const n = Math.min(this.left, data.length - i);
        this.size += n;
        if (this.size > this.maxBytes) throw tooLarge(this.maxBytes);
        this.parts.push(data.subarray(i, i + n));
        this.left -= n;
        i += n;
        if (this.left === 0) this.afterData = true;
        continue;
      }
      const end = data.indexOf(0x0a, i);
      this.line += data.toString('latin1', i, end === -1 ? data.length : end);
      if (this.line.length > 1024) throw new Error('answered with a broken chunked body');
      if (end === -1) return;
      i = end + 1;
      const line = this.line.replace(/\r$/, '');
      this.line = '';
      if (this.afterData) {
        if (line !== '') throw new Error('answered with a broken chunked body');
        this.afterData = false;
        continue;
      }
      const size = /^([0-9a-fA-F]{1,12})[ \t]*(?:;.*)?$/.exec(line);
      if (!size) throw new Error('answered with a broken chunked body');
      this.left = Number.parseInt(size[1]!, 16);
      if (this.left === 0) this.done = true;
    }
  }
}

/** How the body's end is known: a length, the last chunk, or the connection closing. */
type Body =
  | { kind: 'length'; length: number; parts: Buffer[]; size: number }
  | { kind: 'chunked'; chunks: Dechunker }
  | { kind: 'close'; parts: Buffer[]; size: number };

function bodyOf(head: Head, maxBytes: number): Body {
  const { status, headers } = head;
  if (status === 204 || status === 304) return { kind: 'length', length: 0, parts: [], size: 0 };
  const coding = headers['transfer-encoding'];
  if (coding !== undefined) {
    return /(?:^|,)\s*chunked\s*$/i.test(coding)
      ? { kind: 'chunked', chunks: new Dechunker(maxBytes) }
      : { kind: 'close', parts: [], size: 0 };
  }
  const declared = headers['content-length'];
  if (declared === undefined) return { kind: 'close', parts: [], size: 0 };
  const values = new Set(declared.split(',').map((v) => v.trim()));
  const [only] = values;
  if (values.size !== 1 || !/^\d{1,15}$/.test(only!)) {
    throw new Error('answered with an invalid Content-Length');
  }
  const length = Number(only);
  if (length > maxBytes) throw tooLarge(maxBytes);
  return { kind: 'length', length, parts: [], size: 0 };
}

function getOverSocket(url: URL, options: GetOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { signal, maxBytes } = options;
    let request: string;
    try {
      request = requestHead(url, options.headers);
    } catch (err) {
      return reject(err as Error);
    }
    if (signal.aborted) return reject(signal.reason as Error);
    const socket = connectTo(url);
    let settled = false;
    let head: Head | null = null;
    let body: Body | null = null;
    let pending: Buffer = Buffer.alloc(0);

    const finish = (err: Error | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      if (err) reject(err);
      else resolve(answer!);
    };
    const onAbort = () => finish(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });

    const complete = () => {
      if (!head || !body) return;
      const bytes =
        body.kind === 'chunked'
          ? Buffer.concat(body.chunks.parts)
          : Buffer.concat(body.parts).subarray(0, body.kind === 'length' ? body.length : undefined);
      finish(null, { status: head.status, headers: head.headers, body: bytes });
    };

    const take = (data: Buffer) => {
      if (!body) return;
      if (body.kind === 'chunked') {
        body.chunks.push(data);
        if (body.chunks.done) complete();
        return;
      }
      body.size += data.length;
      if (body.kind === 'close' && body.size > maxBytes) throw tooLarge(maxBytes);
      body.parts.push(data);
      if (body.kind === 'length' && body.size >= body.length) complete();
    };

    const readHead = () => {
      // Interim answers (100 Continue, 103 Early Hints) come before the real one.
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end === -1) {
          if (pending.length > MAX_HEAD_BYTES) throw new Error('answered with headers too large');
          return;
        }
        const parsed = parseHead(pending.toString('latin1', 0, end));
        if (!parsed) throw new Error('answered with something that is not HTTP');
        const rest = pending.subarray(end + 4);
        pending = Buffer.alloc(0);
        if (parsed.status >= 100 && parsed.status < 200) {
          pending = rest;
          continue;
        }
        head = parsed;
        body = bodyOf(parsed, maxBytes);
        if (body.kind === 'length' && body.length === 0) return complete();
        if (rest.length) take(rest);
        return;
      }
    };

    socket.on('data', (data: Buffer) => {
      if (settled) return;
      try {
        if (head) take(data);
        else {
          pending = pending.length ? Buffer.concat([pending, data]) : data;
          readHead();
        }
      } catch (err) {
        finish(err as Error);
      }
    });
    socket.on('end', () => {
      if (body?.kind === 'close') return complete();
      finish(
        new Error(
          head || pending.length
            ? 'the connection closed before the answer was complete'
            : 'the connection closed without an answer',
        ),
      );
    });
    socket.on('error', (err) => finish(err));
    socket.on('close', () => finish(new Error('the connection closed without an answer')));
    socket.write(request);
  });
}
