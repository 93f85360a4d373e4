import { describe, expect, it } from 'vitest';
import { TtlCache, type CacheBound } from './ttl-cache.ts';

/** A cache on a clock the test moves: `at(ms)` sets it, then hands back the cache. */
function onClock<V extends NonNullable<unknown>>(ttlMs: number, bound: CacheBound<V>) {
  // lru-cache takes a start of 0 for "no lifetime": the clock starts later than that.
  const origin = 1_000_000;
  let now = origin;
  const cache = new TtlCache<V>(ttlMs, bound, () => now);
  const at = (ms: number) => {
    now = origin + ms;
    return cache;
  };
  return { cache, at, deadline: (ms: number) => origin + ms };
}

const text = (maxSize: number): CacheBound<string> => ({ maxSize, sizeOf: (s) => s.length });

describe('TtlCache', () => {
  it('forgets entries after the TTL or their own deadline', () => {
    const { at, deadline } = onClock<number>(1000, { max: 10 });
    at(0).set('a', 1);
    at(0).set('b', 2, { notAfter: deadline(300) });
    expect(at(999).get('a')).toBe(1);
    expect(at(1000).get('a')).toBeUndefined();
    expect(at(299).get('b')).toBe(2);
    expect(at(300).get('b')).toBeUndefined();
  });

  it('evicts the oldest entry when full', () => {
    const { at } = onClock<number>(1000, { max: 2 });
    at(0).set('a', 1);
    at(0).set('b', 2);
    at(0).set('c', 3);
    expect([at(1).get('a'), at(1).get('b'), at(1).get('c')]).toEqual([undefined, 2, 3]);
  });

  it('deletes by key and by value', () => {
    const cache = new TtlCache<{ user: string }>(1000, { max: 10 });
    cache.set('a', { user: 'x' });
    cache.set('b', { user: 'y' });
    cache.set('c', { user: 'x' });
    cache.deleteWhere((v) => v.user === 'x');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([
      undefined,
      { user: 'y' },
      undefined,
    ]);
    cache.delete('b');
    expect(cache.get('b')).toBeUndefined();
  });

  it('caches nothing with a zero TTL', () => {
    const cache = new TtlCache<number>(0, { max: 10 });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('TtlCache of answers bounded by their total length', () => {
  it('keeps answers for its lifetime', () => {
    const { cache, at } = onClock(1000, text(100));
    at(0).set('a', 'alpha', { stamp: cache.stamp() });
    expect(at(999).get('a')).toBe('alpha');
    expect(at(1000).get('a')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, total: 0 });
  });

  it('does not keep an answer read before a change', () => {
    const { cache, at } = onClock(1000, text(100));
    const stamp = cache.stamp();
    cache.clear();
    at(0).set('a', 'stale', { stamp });
    expect(at(1).get('a')).toBeUndefined();
    at(0).set('a', 'fresh', { stamp: cache.stamp() });
    expect(at(1).get('a')).toBe('fresh');
    cache.clear();
    expect(at(1).get('a')).toBeUndefined();
  });

  it('stays within its size, letting the oldest answers go first', () => {
    const { cache, at } = onClock(1000, text(10));
    at(0).set('a', 'aaaa', { stamp: cache.stamp() });
    at(1).set('b', 'bbbb', { stamp: cache.stamp() });
    at(2).set('c', 'cccc', { stamp: cache.stamp() });
    expect([at(3).get('a'), at(3).get('b'), at(3).get('c')]).toEqual([undefined, 'bbbb', 'cccc']);
    expect(cache.size).toEqual({ entries: 2, total: 8 });
    // Longer than the whole cache: not kept, and nothing else is dropped for it.
    at(3).set('d', 'd'.repeat(11), { stamp: cache.stamp() });
    expect(at(4).get('d')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, total: 8 });
    // A new answer for a key replaces the old one.
    at(4).set('b', 'bb', { stamp: cache.stamp() });
    expect(at(5).get('b')).toBe('bb');
    expect(cache.size).toEqual({ entries: 2, total: 6 });
  });

  it('keeps nothing with a zero lifetime', () => {
    const cache = new TtlCache<string>(0, text(100));
    cache.set('a', 'alpha', { stamp: cache.stamp() });
    expect(cache.get('a')).toBeUndefined();
  });
});
