import { webRouteMatcher } from '@spoke/shared/web-routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routePatterns } from './route-patterns.ts';
import { CONTENT_PAGES, routes } from './routes.tsx';

const patterns = routePatterns(routes);
const matchPage = webRouteMatcher(patterns);

/** What the app renders at `path`: a page of its own, or the catch-all Not Found page. */
function rendersPage(path: string): boolean {
  const matches = matchRoutes(routes, path);
  return matches !== null && matches.at(-1)?.route.path !== '*';
}

describe('routePatterns', () => {
  it('lists every page of the route table from the root, and not the Not Found page', () => {
    expect(patterns).toEqual(
      expect.arrayContaining([
        '/',
        '/pricing',
        '/login',
        '/register',
        '/forgot-password',
        '/blog',
        '/blog/:slug',
        '/app/docs/*',
        '/dev/*',
        '/app',
        '/app/dashboard',
        '/app/agents/:id',
        '/app/workspace/registry/*',
        ...CONTENT_PAGES.map((page) => `/${page}`),
      ]),
    );
    expect(patterns).not.toContain('/*');
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('skips layout routes without a path and gives index routes their parent’s', () => {
    const table: RouteObject[] = [
      {
        path: '/',
        children: [
          { index: true },
          { children: [{ path: 'a' }, { path: 'b/:id', children: [{ index: true }] }] },
          { path: 'c', children: [{ path: '*' }] },
          { path: '*' },
        ],
      },
    ];
    expect(routePatterns(table)).toEqual(['/', '/a', '/b/:id', '/c']);
  });

  // The server decides 200 or 404 with these patterns before the app runs: both must agree.
  it('matches an address exactly when the router renders a page for it', () => {
    const samples = patterns.flatMap((pattern) => {
      const path = pattern.replace(/:[\w-]+/g, 'sample-id').replace(/\/\*$/, '');
      return [
        path,
        `${path}/`,
        path.toUpperCase(),
        `${path}/more`,
        `${path}/more/and-more`,
        `${path}x`,
        pattern.replace(/\/\*$/, '/commands/workspaces'),
      ];
    });
    const odd = [
      '/no-such-page',
      '/app/no-such-screen',
      '/blog/',
      '/blog/a%2Fb',
      '/blog/caf%C3%A9',
      '/blog/100%',
      '/app/agents//x',
      '//pricing',
      '/index.html',
      '/%E2%9C%93',
    ];
    // The router warns of the address it cannot decode.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const path of [...samples, ...odd]) {
      expect(matchPage(path) !== null, path).toBe(rendersPage(path));
    }
    warn.mockRestore();
  });
});
