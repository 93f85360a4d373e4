/** The value below which `p` percent of the sorted samples fall (nearest rank). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export type Latency = { name: string; samples: number; p50: number; p95: number; p99: number };

/** p50, p95 and p99 of a set of timings (sorted in place). */
export function summarise(name: string, times: number[]): Latency {
  times.sort((a, b) => a - b);
  return {
    name,
    samples: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}
