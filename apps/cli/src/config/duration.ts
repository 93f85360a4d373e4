/** Durations are a whole number followed by ms, s or m: `500ms`, `3s`, `2m`. */
export const DURATION = /^(\d+)(ms|s|m)$/;

export function durationMs(text: string): number {
  const match = DURATION.exec(text);
  if (!match) throw new Error(`not a duration: ${text}`);
  const unit = match[2] === 'ms' ? 1 : match[2] === 's' ? 1000 : 60_000;
  return Number(match[1]) * unit;
}

/** `3s` for 3000, `500ms` for 500: how timeouts are named in messages. */
export function formatMs(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000}m`;
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
