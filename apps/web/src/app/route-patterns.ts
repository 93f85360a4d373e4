import type { RouteObject } from 'react-router';

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `/${[parent, path].filter(Boolean).join('/')}`.replace(/\/{2,}/g, '/');
}

/**
 * The address patterns of the app's pages, from the root: every route the router can match on
 * its own (one with a path, or an index route at its parent's). A route whose path is `*` is left
 * out: it answers what no other route does, which is the Not Found page. The web build writes
 * these patterns for the server (scripts/write-routes.ts), so this table stays the only one.
 */
export function routePatterns(routes: readonly RouteObject[], parent = ''): string[] {
  const patterns = routes.flatMap((route): string[] => {
    if (route.path === '*') return [];
    const path = join(parent, route.path ?? '');
    const own = route.path !== undefined || route.index ? [path] : [];
    return [...own, ...routePatterns(route.children ?? [], path)];
  });
  return [...new Set(patterns)];
}
