type Page = { body: string; until: number };

/**
 * The agent list pages of each user, kept as the JSON that was sent, for as long as nothing
 * they show changes. Every write that changes what a list shows (the agents themselves, their
 * runs, usage and pauses, the user's stored credentials) calls `forget` for that user once it
 * is done, and a page read before such a write is never kept after it (`stamp`).
 *
 * Exact when this process makes every write, as with the embedded database, which one process
 * owns. Against PostgreSQL, where other instances write too, a change made elsewhere shows
 * once the page's `ttlMs` has passed (AGENT_LIST_CACHE_MS, one second there by default).
 */
export class AgentListCache {
  private readonly users = new Map<string, Map<string, Page>>();
  private readonly ttlMs: number;
  private readonly maxUsers: number;
  /** Goes up with every change: a page read under an older value may be out of date. */
  private epoch = 0;

  constructor(ttlMs: number, maxUsers: number) {
    this.ttlMs = ttlMs;
    this.maxUsers = maxUsers;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Taken before reading a page from the database; handed back to `set`. */
  stamp(): number {
    return this.epoch;
  }

  get(userId: string, page: string, now = Date.now()): string | undefined {
    const pages = this.users.get(userId);
    const hit = pages?.get(page);
    if (!hit) return undefined;
    if (hit.until > now) return hit.body;
    pages!.delete(page);
    return undefined;
  }

  /** Keeps a page, unless something changed since `stamp` was taken. */
  set(userId: string, page: string, body: string, stamp: number, notAfter = Infinity): void {
    if (!this.enabled || stamp !== this.epoch) return;
    let pages = this.users.get(userId);
    if (!pages) {
      if (this.users.size >= this.maxUsers) {
        const oldest = this.users.keys().next();
        if (!oldest.done) this.users.delete(oldest.value);
      }
      pages = new Map();
      this.users.set(userId, pages);
    }
    pages.set(page, { body, until: Math.min(Date.now() + this.ttlMs, notAfter) });
  }

  /** Something the user's list shows has changed. */
  forget(userId: string): void {
    this.epoch++;
    this.users.delete(userId);
  }

  /** Something changed for users not known by id. */
  clear(): void {
    this.epoch++;
    this.users.clear();
  }
}
