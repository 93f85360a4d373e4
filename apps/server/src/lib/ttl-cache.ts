/**
 * A small in-process cache whose entries live `ttlMs` at most. The oldest entries go first
 * when it is full. Used where a few seconds of staleness across instances is acceptable
 * and this instance invalidates its own entries at once.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries: number) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get(key: string, now = Date.now()): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** Keeps `value` until the TTL or `notAfter`, whichever comes first. */
  set(key: string, value: V, notAfter = Infinity, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: Math.min(now + this.ttlMs, notAfter) });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
