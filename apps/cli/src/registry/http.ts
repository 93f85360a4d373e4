import type { IncomingMessage } from 'node:http';
import { loadHttp, loadHttps } from '../builtins.ts';
import { formatMs } from '../config/duration.ts';

export type JsonAnswer = { status: number; body: unknown; ms: number };

const MAX_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** A failure whose message names what went wrong, ready for a warning line. */
export class RequestError extends Error {
  override name = 'RequestError';
}

function request(url: URL, headers: Record<string, string>, signal: AbortSignal) {
  const { get } = url.protocol === 'https:' ? loadHttps() : loadHttp();
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(url, { headers: { accept: 'application/json', ...headers }, signal }, resolve);
    req.on('error', reject);
  });
}

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BYTES) res.destroy(new RequestError('answer larger than 20 MB'));
      else chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
  });
}

/**
 * GETs a URL and parses the answer as JSON, within `timeoutMs` in total (redirects included).
 * Any status is returned; the caller decides what a 404 means. Network failures, timeouts and
 * unreadable bodies throw a RequestError.
 */
export async function getJson(
  target: string,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<JsonAnswer> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url = new URL(target);
    for (let redirects = 0; ; redirects++) {
      const res = await request(url, options.headers ?? {}, controller.signal);
      const location = res.headers.location;
      if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
        res.resume();
        if (redirects >= MAX_REDIRECTS) throw new RequestError('too many redirects');
        url = new URL(location, url);
        continue;
      }
      const text = await readBody(res);
      let body: unknown = null;
      if (text.trim()) {
        try {
          body = JSON.parse(text);
        } catch {
          if ((res.statusCode ?? 0) < 300)
            throw new RequestError('answered with something that is not JSON');
        }
      }
      return { status: res.statusCode ?? 0, body, ms: Math.round(performance.now() - started) };
    }
  } catch (err) {
    if (controller.signal.aborted) {
      throw new RequestError(`no answer within ${formatMs(options.timeoutMs)}`);
    }
    if (err instanceof RequestError) throw err;
    throw new RequestError((err as Error).message || String(err));
  } finally {
    clearTimeout(timer);
  }
}
