import { LRUCache } from 'lru-cache';

/** At most `max` entries, or entries whose `sizeOf` adds up to `maxSize` at most. */
export type CacheBound<V> = { max: number } | { maxSize: number; sizeOf: (value: V) => number };

/**
 * A small in-process cache whose entries live `ttlMs` at most, for settings where 0 turns
 * caching off (lru-cache would keep such entries forever). The least recently used entries go
 * first when it is full. Used where a few seconds of staleness across instances is acceptable
 * and this instance invalidates its own entries at once: after `clear` (the data changed), an
 * entry read before it (`stamp`) is not kept.
 */
export class TtlCache<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V> | undefined;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Goes up with every `clear`: a value read under an older one may be out of date. */
  private epoch = 0;

  constructor(ttlMs: number, bound: CacheBound<V>, now: () => number = Date.now) {
    this.ttlMs = ttlMs;
    this.now = now;
    if (ttlMs <= 0) return;
    this.entries = new LRUCache<string, V>({
      ttl: ttlMs,
      ...('max' in bound
        ? { max: bound.max }
        : { maxSize: bound.maxSize, sizeCalculation: bound.sizeOf }),
      // Deadlines are wall-clock times (a session's end), so ages are too; read at every look,
      // without lru-cache's timer that reuses a reading for a millisecond.
      perf: { now },
      ttlResolution: 0,
    });
  }

  /** Taken before reading a value from its source; handed back to `set`. */
  stamp(): number {
    return this.epoch;
  }

  get(key: string): V | undefined {
    if (!this.entries) return undefined;
    // lru-cache still answers at the very millisecond an entry's lifetime ends.
    if (this.entries.getRemainingTTL(key) <= 0) {
      this.entries.delete(key);
      return undefined;
    }
    return this.entries.get(key);
  }

  /**
   * Keeps `value` until the TTL or `notAfter`, whichever comes first, unless the data changed
   * since `stamp` was taken.
   */
  set(key: string, value: V, opts: { notAfter?: number; stamp?: number } = {}): void {
    if (!this.entries || (opts.stamp !== undefined && opts.stamp !== this.epoch)) return;
    const ttl = Math.min(this.ttlMs, (opts.notAfter ?? Infinity) - this.now());
    // A lifetime of 0 would keep the entry forever.
    if (ttl <= 0) this.entries.delete(key);
    else this.entries.set(key, value, { ttl });
  }

  delete(key: string): void {
    this.entries?.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean): void {
    if (!this.entries) return;
    const keys = [...this.entries.entries()].filter(([, value]) => match(value));
    for (const [key] of keys) this.entries.delete(key);
  }

  /** The data changed: nothing kept so far is sent again, nor anything read before. */
  clear(): void {
    this.epoch++;
    this.entries?.clear();
  }

  /** Entries and their total size (0 when bounded by count), for tests. */
  get size(): { entries: number; total: number } {
    return { entries: this.entries?.size ?? 0, total: this.entries?.calculatedSize ?? 0 };
  }
}
