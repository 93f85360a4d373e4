import { fs } from '../builtins.ts';
import type { RegistryEntry } from '../config/global-schema.ts';
import { checkHealth, healthEndpoint, readHealth, writeHealth } from '../registry/health-cache.ts';
import { getJson } from '../registry/http.ts';
import { localRegistryPath, readLocalRegistry } from '../registry/local-file.ts';
import { monotonicMs } from '../util/time.ts';
import { withoutTrailingSlash } from '@spoke/shared/url';

export type RegistryHealth = {
  name: string;
  status: 'ok' | 'fail' | 'skipped';
  httpStatus: number | null;
  ms: number;
  error: string | null;
  /** The line's detail: `200 in 171 ms`, `12 servers`. */
  detail: string;
};

async function checkOne(registry: RegistryEntry, timeoutMs: number): Promise<RegistryHealth> {
  const base = { name: registry.name, httpStatus: null, ms: 0, error: null };
  if (registry.type === 'local') {
    const started = monotonicMs();
    try {
      const exists = fs.existsSync(localRegistryPath(registry));
      const count = readLocalRegistry(registry).length;
      const ms = Math.round(monotonicMs() - started);
      return {
        ...base,
        status: 'ok',
        ms,
        detail: exists
          ? `${count} server${count === 1 ? '' : 's'}`
          : 'no file yet (empty registry)',
      };
    } catch (err) {
      const error = (err as Error).message;
      return { ...base, status: 'fail', error, detail: error };
    }
  }
  if (registry.healthCheck && !registry.healthCheck.enabled) {
    return { ...base, status: 'skipped', detail: 'health check disabled' };
  }
  const endpoint =
    healthEndpoint(registry) ?? `${withoutTrailingSlash(registry.url)}/v0.1/servers?limit=1`;
  if (registry.healthCheck) {
    const record = await checkHealth(endpoint, timeoutMs);
    const detail = record.ok ? `${record.status} in ${record.ms} ms` : (record.error ?? 'failed');
    return {
      ...base,
      status: record.ok ? 'ok' : 'fail',
      httpStatus: record.status,
      ms: record.ms,
      error: record.error,
      detail,
    };
  }
  const started = monotonicMs();
  try {
    const answer = await getJson(endpoint, { timeoutMs });
    const ok = answer.status >= 200 && answer.status < 300;
    const error = ok ? null : `HTTP ${answer.status}`;
    return {
      ...base,
      status: ok ? 'ok' : 'fail',
      httpStatus: answer.status,
      ms: answer.ms,
      error,
      detail: ok ? `${answer.status} in ${answer.ms} ms` : error!,
    };
  } catch (err) {
    const error = (err as Error).message;
    return {
      ...base,
      status: 'fail',
      ms: Math.round(monotonicMs() - started),
      error,
      detail: error,
    };
  }
}

/** Every registry's check, in parallel; the results are remembered for the other commands. */
export async function checkRegistries(
  registries: readonly RegistryEntry[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<RegistryHealth[]> {
  const results = await Promise.all(registries.map((r) => checkOne(r, timeoutMs)));
  const memory = readHealth(env);
  for (const [i, r] of registries.entries()) {
    const endpoint = healthEndpoint(r);
    const result = results[i]!;
    if (!endpoint || result.status === 'skipped') continue;
    memory.registries[r.name] = {
      ok: result.status === 'ok',
      checkedAt: new Date().toISOString(),
      endpoint,
      status: result.httpStatus,
      ms: result.ms,
      error: result.error,
    };
  }
  writeHealth(env, memory);
  return results;
}
