import type { RegistryEntry } from '../config/global-schema.ts';
import { durationMs } from '../config/duration.ts';
import type { Output } from '../output/output.ts';
import { ago, monotonicMs } from '../util/time.ts';
import { checkHealth, healthEndpoint, readHealth, writeHealth } from './health-cache.ts';

export type Answer<T> =
  | { registry: RegistryEntry; ok: true; value: T; ms: number }
  | { registry: RegistryEntry; ok: false; error: string; skipped: boolean };

export type AskOptions = { env: NodeJS.ProcessEnv; out: Output; timeoutMs: number; now?: number };

/** A failed check that took this long is worth not waiting for again. */
const SLOW_FAILURE_MS = 1000;

/**
 * Asks every registry in parallel. A registry whose health check failed slowly (a timeout)
 * within its interval is skipped at once rather than waited for; one that failed at once (a
 * refused connection, an error status) is asked again, since that costs nothing and it may be
 * back. A stale check is run again alongside the question, and its result remembered for the
 * next command.
 */
export async function askRegistries<T>(
  registries: readonly RegistryEntry[],
  task: (registry: RegistryEntry, timeoutMs: number) => Promise<T>,
  options: AskOptions,
): Promise<Answer<T>[]> {
  const { env, out, timeoutMs } = options;
  const now = options.now ?? Date.now();
  const health = readHealth(env);
  const checks: Promise<void>[] = [];

  const answers = registries.map(async (registry): Promise<Answer<T>> => {
    const endpoint = healthEndpoint(registry);
    if (endpoint && registry.healthCheck?.enabled) {
      const interval = registry.healthCheck.interval ?? '5m';
      const last = health.registries[registry.name];
      const age = last ? now - Date.parse(last.checkedAt) : Infinity;
      const fresh = last?.endpoint === endpoint && age >= 0 && age < durationMs(interval);
      if (fresh && !last.ok && last.ms >= Math.min(SLOW_FAILURE_MS, timeoutMs / 2)) {
        return {
          registry,
          ok: false,
          skipped: true,
          error: `health check failed ${ago(age)} (${last.error}); it is checked again after ${interval}, or now with spoke health`,
        };
      }
      if (!fresh || !last.ok) {
        checks.push(
          checkHealth(endpoint, timeoutMs).then((record) => {
            health.registries[registry.name] = record;
          }),
        );
      }
    }
    const started = monotonicMs();
    try {
      const value = await task(registry, timeoutMs);
      const ms = Math.round(monotonicMs() - started);
      out.debug(`registry ${registry.name} (${registry.url}) answered in ${ms} ms`);
      return { registry, ok: true, value, ms };
    } catch (err) {
      const ms = Math.round(monotonicMs() - started);
      out.debug(`registry ${registry.name} (${registry.url}) failed after ${ms} ms`);
      return { registry, ok: false, skipped: false, error: (err as Error).message };
    }
  });
  const settled = await Promise.all(answers);
  if (checks.length) {
    await Promise.all(checks);
    writeHealth(env, health);
  }
  return settled;
}
