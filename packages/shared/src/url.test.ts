import { describe, expect, it } from 'vitest';
import { withoutTrailingSlash } from './url.ts';

describe('withoutTrailingSlash', () => {
  it('removes every slash at the end and nothing else', () => {
    expect(withoutTrailingSlash('https://a.example/')).toBe('https://a.example');
    expect(withoutTrailingSlash('https://a.example/v0//')).toBe('https://a.example/v0');
    expect(withoutTrailingSlash('https://a.example/v0')).toBe('https://a.example/v0');
    expect(withoutTrailingSlash('https://a.example/?q=/')).toBe('https://a.example/?q=');
    expect(withoutTrailingSlash('///')).toBe('');
    expect(withoutTrailingSlash('')).toBe('');
  });

  it('handles a long run of slashes, at the end or not', () => {
    const long = `https://a.example${'/'.repeat(200_000)}x`;
    expect(withoutTrailingSlash(long)).toBe(long);
    expect(withoutTrailingSlash(long.slice(0, -1))).toBe('https://a.example');
  });
});
