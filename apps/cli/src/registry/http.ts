import { formatMs } from '../config/duration.ts';
import { monotonicMs } from '../util/time.ts';
import { httpGet } from './http-get.ts';

export type JsonAnswer = { status: number; body: unknown; ms: number };

const MAX_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** A failure whose message names what went wrong, ready for a warning line. */
export class RequestError extends Error {
  override name = 'RequestError';
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
  const started = monotonicMs();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url = new URL(target);
    for (let redirects = 0; ; redirects++) {
      const res = await httpGet(url, {
        headers: { accept: 'application/json', ...options.headers },
        signal: controller.signal,
        maxBytes: MAX_BYTES,
      });
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location) {
        if (redirects >= MAX_REDIRECTS) throw new RequestError('too many redirects');
        url = new URL(location, url);
        continue;
      }
      const text = res.body.toString('utf8');
      let body: unknown = null;
      if (text.trim()) {
        try {
          body = JSON.parse(text);
        } catch {
          if (res.status < 300) throw new RequestError('answered with something that is not JSON');
        }
      }
      return { status: res.status, body, ms: Math.round(monotonicMs() - started) };
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
