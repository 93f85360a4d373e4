/**
 * Short-lived answers kept as the text that was sent, bounded by their total length, for
 * public reads whose data changes seldom. The owner calls `clear` after every change, and an
 * answer read before a change is never kept after it (`stamp`); other instances that share
 * the database see a change within `ttlMs`.
 */
export class TextCache {
  private readonly entries = new Map<string, { text: string; until: number }>();
  private readonly ttlMs: number;
  private readonly maxChars: number;
  private chars = 0;
  /** Goes up with every change: an answer read under an older value may be out of date. */
  private epoch = 0;

  constructor(ttlMs: number, maxChars: number) {
    this.ttlMs = ttlMs;
    this.maxChars = maxChars;
  }

  /** Taken before reading the answer from the database; handed back to `set`. */
  stamp(): number {
    return this.epoch;
  }

  get(key: string, now = Date.now()): string | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > now) return hit.text;
    this.remove(key, hit.text);
    return undefined;
  }

  /** Keeps an answer, unless something changed since `stamp` was taken or it is too long. */
  set(key: string, text: string, stamp: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || stamp !== this.epoch || text.length > this.maxChars) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old.text);
    // Entries live equally long, so the first ones are the oldest: they make room.
    for (const [k, e] of this.entries) {
      if (this.chars + text.length <= this.maxChars && e.until > now) break;
      this.remove(k, e.text);
    }
    this.entries.set(key, { text, until: now + this.ttlMs });
    this.chars += text.length;
  }

  /** The data changed: nothing kept so far is sent again. */
  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.chars = 0;
  }

  /** Entries and their total length, for tests. */
  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }

  private remove(key: string, text: string): void {
    this.entries.delete(key);
    this.chars -= text.length;
  }
}
