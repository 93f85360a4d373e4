import { fs } from '../builtins.ts';
import path from 'node:path';
import { jsonText, writeFileAtomic } from '../config/atomic-write.ts';
import type { RegistryEntry } from '../config/global-schema.ts';
import { stateDir } from '../config/paths.ts';
import { monotonicMs } from '../util/time.ts';
import { getJson } from './http.ts';

export type HealthRecord = {
  ok: boolean;
  checkedAt: string;
  endpoint: string;
  status: number | null;
  ms: number;
  error: string | null;
};

export type HealthState = { registries: Record<string, HealthRecord> };

export const healthFile = (env: NodeJS.ProcessEnv) => path.join(stateDir(env), 'health.json');

/** Remembered results; an unreadable file counts as none, since deleting it is harmless. */
export function readHealth(env: NodeJS.ProcessEnv): HealthState {
  try {
    const data = JSON.parse(fs.readFileSync(healthFile(env), 'utf8')) as HealthState;
    return typeof data?.registries === 'object' && data.registries ? data : { registries: {} };
  } catch {
    return { registries: {} };
  }
}

/** Best effort: failing to remember a result must not fail the command that made the check. */
export function writeHealth(env: NodeJS.ProcessEnv, state: HealthState): void {
  try {
    writeFileAtomic(healthFile(env), jsonText(state));
  } catch {
    // The next command checks again.
  }
}

/** The absolute health-check URL; a path is resolved against the origin of the registry's url. */
export function healthEndpoint(registry: RegistryEntry): string | null {
  const check = registry.healthCheck;
  if (!check || registry.type === 'local') return null;
  try {
    return new URL(check.endpoint, new URL(registry.url).origin).href;
  } catch {
    return null;
  }
}

/** A GET of the endpoint: healthy on a 2xx answer in time; the body is not used. */
export async function checkHealth(endpoint: string, timeoutMs: number): Promise<HealthRecord> {
  const started = monotonicMs();
  const checkedAt = new Date().toISOString();
  try {
    const answer = await getJson(endpoint, { timeoutMs });
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      ok,
      checkedAt,
      endpoint,
      status: answer.status,
      ms: answer.ms,
      error: ok ? null : `HTTP ${answer.status}`,
    };
  } catch (err) {
    const ms = Math.round(monotonicMs() - started);
    return { ok: false, checkedAt, endpoint, status: null, ms, error: (err as Error).message };
  }
}
