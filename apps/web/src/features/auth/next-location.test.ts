import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNext } from './next-location.ts';

describe('safeNext', () => {
  it.each(['/app/agents', '/app/dashboard?tab=keys#top', '/blog/hello'])('keeps %s', (path) => {
    expect(safeNext(path)).toBe(path);
  });

  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example/app',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/register?x=1',
    '/auth/callback?code=1',
  ])('refuses %j', (value) => {
    expect(safeNext(value)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('remembers the page the visitor asked for', () => {
    expect(loginPathFor({ pathname: '/app/agents', search: '?q=1', hash: '' })).toBe(
      '/login?next=%2Fapp%2Fagents%3Fq%3D1',
    );
  });

  it('leaves out the default destination', () => {
    expect(loginPathFor({ pathname: '/app/dashboard', search: '', hash: '' })).toBe('/login');
  });
});
