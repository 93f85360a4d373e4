import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  checkHeaders,
  checkTarget,
  NetworkGuardError,
  type GuardHooks,
  type ResolvedAddress,
} from './net-target.ts';
import type { NetworkPolicy } from './types.ts';

export { hostAllowed, nonPublicReason } from './address-policy.ts';
export {
  checkTarget,
  NetworkGuardError,
  type GuardHooks,
  type ResolvedAddress,
} from './net-target.ts';

/** Defaults of {@link guardedFetch}. */
export const NET_LIMITS = { timeoutMs: 15_000, maxBytes: 1024 * 1024, maxRedirects: 5 } as const;

export type GuardedRequest = {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  /** Response bytes kept (after decompression); the rest is dropped and `truncated` set. */
  maxBytes?: number;
  maxRedirects?: number;
  /** When false, a redirect is returned as the response instead of followed. Default true. */
  followRedirects?: boolean;
  signal?: AbortSignal;
};

export type GuardedResponse = {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  /** Every URL redirected to, in order. */
  redirects: string[];
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

type Hop = { url: URL; method: string; headers: Record<string, string>; body?: Buffer };

type HopLimits = { maxBytes: number; signal: AbortSignal; follow: boolean };

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

function flattenHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

// pipeline() carries an error (or an abort) of the response into the decompressor.
function decoded(res: http.IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const noop = () => {};
  if (encoding === 'gzip' || encoding === 'x-gzip') return pipeline(res, zlib.createGunzip(), noop);
  if (encoding === 'deflate') return pipeline(res, zlib.createInflate(), noop);
  if (encoding === 'br') return pipeline(res, zlib.createBrotliDecompress(), noop);
  return res;
}

async function readCapped(stream: Readable, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    if (size + buf.length > maxBytes) {
      chunks.push(buf.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      break;
    }
    chunks.push(buf);
    size += buf.length;
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

function connectionMessage(error: unknown, url: URL): string {
  const code = (error as { code?: string }).code;
  if (code?.startsWith('Z_') || code?.startsWith('ERR__ERROR_FORMAT')) {
    return `could not decode the compressed response from ${url.host}: ${code}`;
  }
  const detail = code ?? (error instanceof Error ? error.message : String(error));
  return `could not connect to ${url.host}: ${detail}`;
}

async function exchange(hop: Hop, target: ResolvedAddress, limits: HopLimits) {
  const client = hop.url.protocol === 'https:' ? https : http;
  const headers = { ...hop.headers };
  if (hop.body) headers['content-length'] = String(hop.body.length);
  const req = client.request(hop.url, {
    method: hop.method,
    headers,
    lookup: pinnedLookup(target),
    agent: false,
    signal: limits.signal,
  });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  req.end(hop.body);
  const res = await response;
  // Destroying the exchange early (redirect, size cap) must not surface as an unhandled error.
  req.on('error', () => {});
  res.on('error', () => {});
  if (limits.follow && REDIRECT_STATUSES.has(res.statusCode ?? 0) && res.headers.location) {
    res.resume();
    req.destroy();
    return { res, location: res.headers.location, body: Buffer.alloc(0), truncated: false };
  }
  const noBody = hop.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
  const read = noBody ? { body: Buffer.alloc(0), truncated: false } : undefined;
  const { body, truncated } = read ?? (await readCapped(decoded(res), limits.maxBytes));
  req.destroy();
  return { res, location: undefined, body, truncated };
}

function nextHop(hop: Hop, status: number, location: string): Hop {
  let url: URL;
  try {
    url = new URL(location, hop.url);
  } catch {
    throw new NetworkGuardError(`the server redirected to an invalid URL: ${location}`);
  }
  const headers = { ...hop.headers };
  if (url.origin !== hop.url.origin) {
    for (const name of Object.keys(headers)) {
      if (CREDENTIAL_HEADERS.includes(name.toLowerCase())) delete headers[name];
    }
  }
  const toGet =
    status === 303
      ? hop.method !== 'HEAD'
      : (status === 301 || status === 302) && hop.method === 'POST';
  if (!toGet) return { url, method: hop.method, headers, body: hop.body };
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase().startsWith('content-')) delete headers[name];
  }
  return { url, method: 'GET', headers };
}

/**
 * Outbound HTTP for the built-ins: http/https only, every hop checked against the policy and
 * connected to exactly the address that was checked (no second DNS answer can swap it), at most
 * `maxRedirects` redirects, one deadline for the whole exchange and a cap on the bytes kept.
 */
export async function guardedFetch(
  request: GuardedRequest,
  policy: NetworkPolicy,
  hooks: GuardHooks = {},
): Promise<GuardedResponse> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new NetworkGuardError(`invalid URL: ${request.url}`);
  }
  const headers = request.headers ?? {};
  checkHeaders(headers);
  const timeoutMs = request.timeoutMs ?? NET_LIMITS.timeoutMs;
  const maxRedirects = request.maxRedirects ?? NET_LIMITS.maxRedirects;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signals = request.signal ? [timeout.signal, request.signal] : [timeout.signal];
  const limits: HopLimits = {
    maxBytes: request.maxBytes ?? NET_LIMITS.maxBytes,
    signal: AbortSignal.any(signals),
    follow: request.followRedirects ?? true,
  };
  let hop: Hop = {
    url,
    method: (request.method ?? 'GET').toUpperCase(),
    headers,
    body: request.body === undefined ? undefined : Buffer.from(request.body),
  };
  const redirects: string[] = [];
  try {
    for (;;) {
      const target = await abortable(checkTarget(hop.url, policy, hooks), limits.signal).catch(
        (error: unknown) => {
          if (redirects.length && error instanceof NetworkGuardError) {
            const message = error.message.replace(/^refused: /, '');
            throw new NetworkGuardError(`refused: redirect to ${hop.url.href}: ${message}`);
          }
          throw error;
        },
      );
      const result = await exchange(hop, target, limits);
      const status = result.res.statusCode ?? 0;
      if (result.location === undefined) {
        return {
          url: hop.url.href,
          status,
          statusText: result.res.statusMessage ?? '',
          headers: flattenHeaders(result.res.headers),
          body: result.body,
          truncated: result.truncated,
          redirects,
        };
      }
      if (redirects.length >= maxRedirects) {
        throw new NetworkGuardError(`too many redirects (more than ${maxRedirects})`);
      }
      hop = nextHop(hop, status, result.location);
      redirects.push(hop.url.href);
    }
  } catch (error) {
    if (error instanceof NetworkGuardError) throw error;
    if (timeout.signal.aborted) throw new NetworkGuardError(`timed out after ${timeoutMs} ms`);
    if (request.signal?.aborted) throw new NetworkGuardError('the request was cancelled');
    throw new NetworkGuardError(connectionMessage(error, hop.url));
  } finally {
    clearTimeout(timer);
  }
}
