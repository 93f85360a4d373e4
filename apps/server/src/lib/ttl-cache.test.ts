import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('forgets entries after the TTL or their own deadline', () => {
    const cache = new TtlCache<number>(1000, 10);
    cache.set('a', 1, Infinity, 0);
    cache.set('b', 2, 300, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.get('b', 299)).toBe(2);
    expect(cache.get('b', 300)).toBeUndefined();
  });

  it('evicts the oldest entry when full', () => {
    const cache = new TtlCache<number>(1000, 2);
    cache.set('a', 1, Infinity, 0);
    cache.set('b', 2, Infinity, 0);
    cache.set('c', 3, Infinity, 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, 2, 3]);
  });

  it('deletes by key and by value', () => {
    const cache = new TtlCache<{ user: string }>(1000, 10);
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
    const cache = new TtlCache<number>(0, 10);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});
