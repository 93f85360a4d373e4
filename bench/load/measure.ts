import autocannon, { type Options, type Result } from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Figures } from '../lib/load.ts';
import { measure } from '../lib/load.ts';
import type { LoadSettings } from '../lib/settings.ts';

/** A request the load repeats: GETs go through the shared helper, POSTs carry a body. */
export type Request = {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
};

function figures(r: Result): Figures {
  return {
    reqPerSec: r.requests.mean,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    requests: r['2xx'] + r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
  };
}

/** Warm-up (discarded), settle, then the measured run, as `measure` does for GETs. */
export async function measureRequest(
  request: Request,
  settings: LoadSettings,
  settle: () => Promise<unknown>,
): Promise<Figures> {
  if ((request.method ?? 'GET') === 'GET') return measure(request, settings, settle);
  const base: Options & { body?: string } = {
    url: request.url,
    method: request.method,
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
    connections: settings.connections,
    ...(settings.workers > 0 ? { workers: settings.workers } : {}),
  };
  if (settings.warmupSec > 0) {
    await autocannon({ ...base, duration: settings.warmupSec });
    await settle();
  }
  return figures(await autocannon({ ...base, duration: settings.durationSec }));
}

/** Milliseconds one request of `request` takes, or Infinity when it fails. */
export async function probe(request: Request): Promise<number> {
  const started = performance.now();
  try {
    const res = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers ?? {},
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return res.ok ? performance.now() - started : Infinity;
  } catch {
    return Infinity;
  }
}

/**
 * Resolves once the request answers about as fast as it did on an idle server (`idleMs`), twice
 * in a row: after a run the client has dropped its sockets, but the server may still be working
 * through what it took in (sign-ins queue behind password hashing). Gives up after `timeoutMs`.
 */
export async function settled(request: Request, idleMs: number, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    quick = (await probe(request)) < idleMs * 3 + 20 ? quick + 1 : 0;
    if (quick < 2) await sleep(100);
  }
  return quick >= 2;
}
