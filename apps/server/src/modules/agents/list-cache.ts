import { LRUCache } from 'lru-cache';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** Pages kept per user: a list is read a page or two at a time. */
const PAGES_PER_USER = 16;

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
  private readonly users: LRUCache<string, TtlCache<string>>;
  private readonly ttlMs: number;
  /** Goes up with every change: a page read under an older value may be out of date. */
  private epoch = 0;

  constructor(ttlMs: number, maxUsers: number) {
    this.ttlMs = ttlMs;
    this.users = new LRUCache({ max: maxUsers });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Taken before reading a page from the database; handed back to `set`. */
  stamp(): number {
    return this.epoch;
  }

  get(userId: string, page: string): string | undefined {
    return this.users.get(userId)?.get(page);
  }

  /** Keeps a page, unless something changed since `stamp` was taken. */
  set(userId: string, page: string, body: string, stamp: number, notAfter = Infinity): void {
    if (!this.enabled || stamp !== this.epoch) return;
    let pages = this.users.get(userId);
    if (!pages) {
      pages = new TtlCache(this.ttlMs, { max: PAGES_PER_USER });
      this.users.set(userId, pages);
    }
    pages.set(page, body, { notAfter });
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
