import * as z from 'zod/mini';

/**
 * The file the web build writes beside index.html (apps/web/scripts/write-routes.ts): the
 * address patterns of the app's pages, read from its route table, so the server can answer an
 * address no page has with 404 without a copy of that table of its own.
 */
export const WEB_ROUTES_FILE = 'routes.json';

export const WebRoutesSchema = z.object({
  /** react-router patterns from the site's root: `/pricing`, `/blog/:slug`, `/app/docs/*`. */
  patterns: z.array(z.string()),
});
export type WebRoutes = z.infer<typeof WebRoutesSchema>;

export interface WebRouteMatch {
  pattern: string;
  /** Decoded values of the pattern's `:name` segments, and `*` for what a splat matched. */
  params: Record<string, string>;
}

interface CompiledPattern {
  pattern: string;
  regexp: RegExp;
  names: string[];
  score: number;
}

const PARAM = /^:[\w-]+$/;

// react-router's ranking (computeScore): static segments outrank dynamic ones, a splat comes
// last. Only the order between patterns that match the same address matters here.
function score(pattern: string): number {
  const segments = pattern.split('/');
  let total = segments.length - (segments.includes('*') ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    if (PARAM.test(segment)) total += 3;
    else total += segment === '' ? 1 : 10;
  }
  return total;
}

/**
 * The expression react-router builds for a route path (compilePath, with `end`), for the syntax
 * the app uses: static segments, `:name` and a trailing `*`. Matching ignores case and a trailing
 * slash, as the router does. Optional segments (`?`) are refused rather than half supported.
 */
function compile(pattern: string): CompiledPattern {
  if (pattern.includes('?'))
    throw new Error(`route pattern "${pattern}": optional segments are not supported`);
  if (pattern.slice(0, -1).includes('*') || (pattern.endsWith('*') && !pattern.endsWith('/*'))) {
    throw new Error(`route pattern "${pattern}": "*" may only end the pattern, after a "/"`);
  }
  const names: string[] = [];
  let source =
    '^' +
    pattern
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_match, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { pattern, regexp: new RegExp(source, 'i'), names, score: score(pattern) };
}

// As the router reads an address: each segment decoded, an encoded "/" kept inside its segment.
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * A matcher for `patterns` that agrees with react-router's `matchRoutes`: given an address's
 * path (still percent-encoded, as in a request), the pattern the router would render, or null
 * when none matches. Throws on a pattern it cannot match faithfully.
 */
export function webRouteMatcher(
  patterns: readonly string[],
): (pathname: string) => WebRouteMatch | null {
  const compiled = patterns.map(compile).sort((a, b) => b.score - a.score);
  return (pathname) => {
    const decoded = decodePath(pathname);
    for (const { pattern, regexp, names } of compiled) {
      const found = regexp.exec(decoded);
      if (!found) continue;
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = (found[i + 1] ?? '').replace(/%2F/g, '/');
      });
      return { pattern, params };
    }
    return null;
  };
}
