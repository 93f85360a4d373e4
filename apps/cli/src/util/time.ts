/** `2 minutes ago`, `just now`: how long ago a remembered result was made. */
export function ago(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 5) return 'just now';
  const [value, unit] =
    seconds < 90
      ? [seconds, 'second']
      : seconds < 5400
        ? [Math.round(seconds / 60), 'minute']
        : [Math.round(seconds / 3600), 'hour'];
  return `${value} ${unit}${value === 1 ? '' : 's'} ago`;
}

/** `2026-11-21 09:14 UTC` */
export function utcMinute(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * A monotonic clock in milliseconds. `performance.now()` would do, but the global `performance`
 * loads Node's perf_hooks (about 1 MB of a process that must stay under 50 MB).
 */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;
