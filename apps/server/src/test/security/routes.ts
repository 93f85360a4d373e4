import type { FastifyInstance } from 'fastify';

export type Route = { method: string; path: string };

/** `GET /api/agents/:id`: how the access table and the fuzzers name a route. */
export const routeKey = (r: Route) => `${r.method} ${r.path}`;

/**
 * Every route the built app answers, read from Fastify's own route tree (`printRoutes`), so
 * a route added anywhere shows up here without anyone listing it. HEAD routes that Fastify
 * adds for each GET are left out: they answer as their GET does.
 */
export function listRoutes(app: FastifyInstance): Route[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(\S+)(?: \(([^)]*)\))?$/.exec(line.slice(branch + 4).trim());
    if (!match) throw new Error(`Unreadable route line: ${line}`);
    const path = (prefixes[depth - 1] ?? '') + match[1];
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    const methods = (match[2] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      routes.push({ method, path });
    }
  }
  if (routes.length === 0) throw new Error('No routes found in the route tree');
  return routes.sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

/** Fills a route's `:params` in order; values are URL-encoded. */
export function fillPath(path: string, values: readonly string[]): string {
  let i = 0;
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++] ?? 'x'));
}

/** The `:param` names of a route path. */
export const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
