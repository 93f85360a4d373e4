import { loadHttp, loadHttps } from '../builtins.ts';
import { monotonicMs } from '../util/time.ts';
import { RequestError, type JsonAnswer } from './http.ts';

/** POSTs a JSON body and parses the JSON answer; any status is returned to the caller. */
export function postJson(
  target: string,
  body: unknown,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<JsonAnswer> {
  const url = new URL(target);
  const { request } = url.protocol === 'https:' ? loadHttps() : loadHttp();
  const started = monotonicMs();
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...options.headers,
        },
        timeout: options.timeoutMs,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = text.trim() ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            ms: Math.round(monotonicMs() - started),
          });
        });
        res.on('error', (err) => reject(new RequestError(err.message)));
      },
    );
    req.on('timeout', () =>
      req.destroy(new RequestError(`no answer within ${options.timeoutMs} ms`)),
    );
    req.on('error', (err) =>
      reject(err instanceof RequestError ? err : new RequestError(err.message)),
    );
    req.end(data);
  });
}
