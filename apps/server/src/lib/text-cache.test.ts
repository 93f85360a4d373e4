import { describe, expect, it } from 'vitest';
import { TextCache } from './text-cache.ts';

describe('TextCache', () => {
  it('keeps answers for its lifetime', () => {
    const cache = new TextCache(1000, 100);
    cache.set('a', 'alpha', cache.stamp(), 0);
    expect(cache.get('a', 999)).toBe('alpha');
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, chars: 0 });
  });

  it('does not keep an answer read before a change', () => {
    const cache = new TextCache(1000, 100);
    const stamp = cache.stamp();
    cache.clear();
    cache.set('a', 'stale', stamp, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', 'fresh', cache.stamp(), 0);
    expect(cache.get('a', 1)).toBe('fresh');
    cache.clear();
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('stays within its size, letting the oldest answers go first', () => {
    const cache = new TextCache(1000, 10);
    cache.set('a', 'aaaa', cache.stamp(), 0);
    cache.set('b', 'bbbb', cache.stamp(), 1);
    cache.set('c', 'cccc', cache.stamp(), 2);
    expect([cache.get('a', 3), cache.get('b', 3), cache.get('c', 3)]).toEqual([
      undefined,
      'bbbb',
      'cccc',
    ]);
    expect(cache.size).toEqual({ entries: 2, chars: 8 });
    // Longer than the whole cache: not kept, and nothing else is dropped for it.
    cache.set('d', 'd'.repeat(11), cache.stamp(), 3);
    expect(cache.get('d', 4)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, chars: 8 });
    // A new answer for a key replaces the old one.
    cache.set('b', 'bb', cache.stamp(), 4);
    expect(cache.get('b', 5)).toBe('bb');
    expect(cache.size).toEqual({ entries: 2, chars: 6 });
  });

  it('keeps nothing with a zero lifetime', () => {
    const cache = new TextCache(0, 100);
    cache.set('a', 'alpha', cache.stamp());
    expect(cache.get('a')).toBeUndefined();
  });
});
