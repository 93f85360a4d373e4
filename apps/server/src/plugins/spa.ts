import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import * as z from 'zod/mini';
import { ErrorCode } from '@spoke/shared';
import {
  WEB_ROUTES_FILE,
  WebRoutesSchema,
  webRouteMatcher,
  type WebRouteMatch,
} from '@spoke/shared/web-routes';
import { errorBody } from '../errors.ts';

const API_PREFIXES = ['/api/', '/registry/'];
const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api' || url === '/registry';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const COMPRESSED = ['.br', '.gz'];

type Encoding = 'br' | 'gzip';
/** One file of the build, held in memory with the compressed copies the build wrote. */
type BuiltFile = {
  type: string;
  cacheControl: string;
  etag: string;
  plain: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  negotiator: Negotiator | null;
};

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), rel);
    return entry.isFile() && !COMPRESSED.includes(path.extname(entry.name)) ? [rel] : [];
  });
}

function readBuilt(distDir: string, rel: string, cacheControl: string): BuiltFile {
  const file = path.join(distDir, rel);
  const plain = readFileSync(file);
  const encoded: BuiltFile['encoded'] = {};
  if (existsSync(`${file}.br`)) encoded.br = readFileSync(`${file}.br`);
  if (existsSync(`${file}.gz`)) encoded.gzip = readFileSync(`${file}.gz`);
  const offered = Object.keys(encoded) as Encoding[];
  return {
    type: TYPES[path.extname(rel).toLowerCase()] ?? 'application/octet-stream',
    cacheControl,
    etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
    plain,
    encoded,
    negotiator: offered.length
      ? new Negotiator({ supportedValues: [...offered, 'identity'], cache: new Map() })
      : null,
  };
}

/**
 * The file, compressed as the client prefers among the copies the build wrote. Without a copy
 * for an encoding it accepts (or for a small file), the plain file goes out and the compress
 * plugin decides, as for any other answer.
 */
function send(request: FastifyRequest, reply: FastifyReply, file: BuiltFile) {
  reply
    .header('content-type', file.type)
    .header('cache-control', file.cacheControl)
    .header('etag', file.etag);
  if (file.negotiator) reply.header('vary', 'accept-encoding');
  // Only an answer that would be 200 can be "not modified": a 404 page is sent in full.
  if (reply.statusCode === 200 && request.headers['if-none-match'] === file.etag) {
    return reply.status(304).send();
  }
  const accepted = request.headers['accept-encoding'];
  const encoding = file.negotiator?.negotiate(accepted ?? '') as Encoding | 'identity' | null;
  const body = encoding && encoding !== 'identity' ? file.encoded[encoding] : undefined;
  if (body) return reply.header('content-encoding', encoding).send(body);
  return reply.send(file.plain);
}

/** The folder of the build with the prerendered pages (apps/web/scripts/prerendered-pages.ts). */
const PAGES_DIR = 'pages';

/** The addresses of the pages the build prerendered, listed beside the patterns. */
const PrerenderedSchema = z.object({ prerendered: z.optional(z.array(z.string())) });

/** The page patterns and prerendered addresses the build wrote, or null for a build without them. */
function readWebRoutes(distDir: string) {
  const file = path.join(distDir, WEB_ROUTES_FILE);
  if (!existsSync(file)) return null;
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return {
    matchPage: webRouteMatcher(WebRoutesSchema.parse(json).patterns),
    prerendered: PrerenderedSchema.parse(json).prerendered ?? [],
  };
}

/** The file of a prerendered page: `/` is pages/index.html, `/blog/a` pages/blog/a.html. */
function prerenderedFile(pathname: string): string {
  return `${PAGES_DIR}${pathname === '/' ? '/index' : pathname}.html`;
}

export interface SpaOptions {
  /**
   * Whether the content a page's address names exists (a blog post's slug), for pages the
   * server can tell cheaply; any other address of a page exists.
   */
  pageExists?: (match: WebRouteMatch) => boolean;
}

/**
 * Serves the built web app from memory, read once at start: hashed files under /js/ cached
 * for a year, the others for an hour, and everything else that is not an API path answered
 * with a page: the HTML the build prerendered for that address (the public pages, under pages/),
 * or else index.html, so client routes load on refresh. Pages are revalidated on every visit.
 * An address with a query string gets index.html: the prerendered HTML shows the page without
 * one (the blog's first page, not a tag's). The page's status is 200 at an address of
 * one of the app's pages (the patterns the build wrote from its route table) and 404 elsewhere,
 * where the app shows its Not Found page. The build writes a `.br` and a `.gz` beside each text
 * file (apps/web/scripts/precompress.ts): those are sent as they are to clients that accept
 * them, so no answer is compressed again per request.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  { pageExists = () => true }: SpaOptions = {},
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: only the API is served');
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send(errorBody(404, ErrorCode.NOT_FOUND)),
    );
    return;
  }
  const webRoutes = readWebRoutes(distDir);
  const matchPage = webRoutes?.matchPage ?? null;
  if (!webRoutes) {
    app.log.warn({ distDir }, `web build has no ${WEB_ROUTES_FILE}: every address answers 200`);
  }

  for (const rel of filesUnder(distDir)) {
    // The page patterns are the server's to read, not a file of the site.
    if (rel === 'index.html' || rel === WEB_ROUTES_FILE) continue;
    // Prerendered pages are sent at their page's address only.
    if (rel.startsWith(`${PAGES_DIR}/`)) continue;
    const hashed = rel.startsWith('js/');
    const file = readBuilt(
      distDir,
      rel,
      hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    );
    const url = `/${rel.split('/').map(encodeURIComponent).join('/')}`;
    app.get(url, (request, reply) => send(request, reply, file));
  }

  const page = readBuilt(distDir, 'index.html', 'no-cache');
  const prerendered = new Map<string, BuiltFile>();
  for (const pathname of webRoutes?.prerendered ?? []) {
    const rel = prerenderedFile(pathname);
    if (existsSync(path.join(distDir, rel))) {
      prerendered.set(pathname, readBuilt(distDir, rel, 'no-cache'));
    } else {
      app.log.warn(
        { distDir, pathname },
        `prerendered page ${rel} is missing: index.html stands in`,
      );
    }
  }
  /** The HTML for a page address: its prerendered file, or index.html. */
  const pageFor = (url: string) => {
    const [pathname = '/', search] = url.split('?', 2);
    if (search) return page;
    // As the router reads it: a trailing slash names the same page.
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
    return prerendered.get(trimmed) ?? page;
  };
  const isPage = (pathname: string) => {
    if (!matchPage) return true;
    const match = matchPage(pathname);
    return match !== null && pageExists(match);
  };
  app.get('/', (request, reply) => send(request, reply, pageFor(request.url)));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(url) &&
      // A missing hashed asset is a 404, not a page: it would be parsed as JS otherwise.
      !url.startsWith('/js/');
    if (!wantsPage) return reply.status(404).send(errorBody(404, ErrorCode.NOT_FOUND));
    if (!isPage(url)) return send(request, reply.status(404), page);
    return send(request, reply.status(200), pageFor(request.url));
  });
}
