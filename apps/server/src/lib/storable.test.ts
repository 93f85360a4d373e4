import { describe, expect, it } from 'vitest';
import { findUnstorable, isStorableText, MAX_JSON_DEPTH } from './storable.ts';

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, and keeps every other character', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udfff')).toBe(false);
    expect(isStorableText('\udc00\ud800')).toBe(false);
    for (const ok of ['', '😀', '👩‍👩‍👧‍👦', '\u202e\u200b\ufeff', 'e\u0301', '\u0001\u001f', '%00']) {
      expect(isStorableText(ok), JSON.stringify(ok)).toBe(true);
    }
  });
});

describe('findUnstorable', () => {
  it('names the field, the key’s parent, or the body itself', () => {
    expect(findUnstorable({ a: [{ b: 'x\u0000' }] })).toEqual({ path: 'a.0.b', problem: 'text' });
    expect(findUnstorable({ a: { ['k\ud800']: 1 } })).toEqual({ path: 'a', problem: 'text' });
    expect(findUnstorable('\u0000')).toEqual({ path: '_', problem: 'text' });
    expect(findUnstorable({ a: 'fine', b: [1, null, true, '😀'] })).toBeUndefined();
  });

  it('refuses nesting past the limit without exhausting the stack', () => {
    const nest = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(findUnstorable(nest(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findUnstorable(nest(MAX_JSON_DEPTH + 1))?.problem).toBe('depth');
    expect(findUnstorable(nest(100_000))?.problem).toBe('depth');
  });
});
