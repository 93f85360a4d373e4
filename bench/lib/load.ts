import autocannon from 'autocannon';
import type { LoadSettings } from './settings.ts';

/** What one target scored under load. */
export type Figures = {
  reqPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** Socket errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
};

export type Target = { url: string; headers?: Record<string, string> };

/**
 * Warms the target up (figures discarded), lets it finish what the warm-up left (`settle`),
 * then measures it with the same settings.
 */
export async function measure(
  target: Target,
  settings: LoadSettings,
  settle: () => Promise<unknown> = async () => {},
): Promise<Figures> {
  const base = {
    url: target.url,
    headers: target.headers ?? {},
    connections: settings.connections,
    ...(settings.workers > 0 ? { workers: settings.workers } : {}),
  };
  if (settings.warmupSec > 0) {
    await autocannon({ ...base, duration: settings.warmupSec });
    await settle();
  }
  const r = await autocannon({ ...base, duration: settings.durationSec });
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
