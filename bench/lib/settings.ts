/** A bad option or environment value: reported in one line, without a stack. */
export class UsageError extends Error {}

/** Load settings shared by every HTTP benchmark; each target gets exactly the same ones. */
export type LoadSettings = {
  connections: number;
  /** Seconds measured per target. */
  durationSec: number;
  /** Seconds of load before measuring, discarded (JIT, pools, caches). */
  warmupSec: number;
  /** Worker threads that generate the load, so it does not share the servers' event loop. */
  workers: number;
};

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new UsageError(`${name} must be an integer >= ${min} (got "${raw}")`);
  }
  return value;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): LoadSettings {
  return {
    connections: positiveInt(env, 'BENCH_CONNECTIONS', 50),
    durationSec: positiveInt(env, 'BENCH_DURATION', 10),
    warmupSec: positiveInt(env, 'BENCH_WARMUP', 2, 0),
    workers: positiveInt(env, 'BENCH_WORKERS', 1, 0),
  };
}
