import { HealthSchema, ReadySchema, type Health, type Ready } from '@spoke/shared';
import { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';

export type Check<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export interface ServiceStatus {
  health: Check<Health>;
  ready: Check<Ready>;
  checkedAt: Date;
}

export type Overall = 'operational' | 'degraded' | 'unreachable';

export const OVERALL_TEXT: Record<Overall, string> = {
  operational: 'All systems operational',
  degraded: 'Degraded: database unavailable',
  unreachable: 'API unreachable',
};

async function settle<T>(call: Promise<T>, signal: AbortSignal | undefined): Promise<Check<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    // An aborted check has no answer to report; the caller drops it.
    if (signal?.aborted || !(error instanceof ApiError)) throw error;
    return { ok: false, error };
  }
}

/** Asks liveness and readiness at once; a failure of either is part of the answer. */
export async function checkServiceStatus(signal?: AbortSignal): Promise<ServiceStatus> {
  const [health, ready] = await Promise.all([
    settle(api.get('/api/health', HealthSchema, { signal }), signal),
    settle(api.get('/api/ready', ReadySchema, { signal }), signal),
  ]);
  return { health, ready, checkedAt: new Date() };
}

export function overallStatus(status: ServiceStatus): Overall {
  if (!status.health.ok) return 'unreachable';
  return status.ready.ok ? 'operational' : 'degraded';
}
