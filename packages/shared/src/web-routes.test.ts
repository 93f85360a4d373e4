import { describe, expect, it } from 'vitest';
import { webRouteMatcher } from './web-routes.ts';

const match = webRouteMatcher([
  '/',
  '/pricing',
  '/blog/:slug',
  '/app/agents/:id',
  '/app/docs/*',
  '/app/workspace/registry',
  '/app/workspace/registry/*',
]);

describe('webRouteMatcher', () => {
  it('matches static addresses, ignoring case and a trailing slash', () => {
    expect(match('/')).toEqual({ pattern: '/', params: {} });
    for (const path of ['/pricing', '/Pricing', '/pricing/', '/pricing//']) {
      expect(match(path), path).toEqual({ pattern: '/pricing', params: {} });
    }
    for (const path of ['/pricing/plans', '/pricingx', '//pricing', '/price', '/index.html']) {
      expect(match(path), path).toBeNull();
    }
  });

  it('fills a dynamic segment with one decoded segment, never an empty one', () => {
    expect(match('/blog/introducing-spoke')).toEqual({
      pattern: '/blog/:slug',
      params: { slug: 'introducing-spoke' },
    });
    expect(match('/app/agents/caf%C3%A9')?.params).toEqual({ id: 'café' });
    // An encoded "/" stays inside its segment, as the router reads it.
    expect(match('/blog/a%2Fb')?.params).toEqual({ slug: 'a/b' });
    for (const path of ['/blog', '/blog/', '/blog/a/b', '/blog//a']) {
      expect(match(path), path).toBeNull();
    }
  });

  it('lets a splat match nothing or any number of segments', () => {
    expect(match('/app/docs')).toEqual({ pattern: '/app/docs/*', params: { '*': '' } });
    expect(match('/app/docs/commands/workspaces')?.params).toEqual({
      '*': 'commands/workspaces',
    });
    expect(match('/app/docsx')).toBeNull();
  });

  it('prefers the pattern the router ranks first', () => {
    expect(match('/app/workspace/registry')?.pattern).toBe('/app/workspace/registry');
    expect(match('/app/workspace/registry/io.github%2Fserver')).toEqual({
      pattern: '/app/workspace/registry/*',
      params: { '*': 'io.github/server' },
    });
  });

  it('keeps an address it cannot decode as it is', () => {
    expect(match('/blog/100%')?.params).toEqual({ slug: '100%' });
  });

  it('refuses patterns it could not match as the router does', () => {
    expect(() => webRouteMatcher(['/blog/:slug?'])).toThrow(/optional segments/);
    expect(() => webRouteMatcher(['/docs/*/more'])).toThrow(/"\*" may only end/);
    expect(() => webRouteMatcher(['/docs*'])).toThrow(/"\*" may only end/);
  });
});
