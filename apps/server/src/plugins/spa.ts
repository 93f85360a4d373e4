import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@spoke/shared';
import { errorBody } from '../errors.ts';

const API_PREFIXES = ['/api/', '/registry/'];
const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api' || url === '/registry';

/**
 * Serves the built web app: hashed files under /js/ cached for a year, everything else
 * that is not an API path answered with index.html so client routes load on refresh.
 * The build writes a `.br` and a `.gz` beside each text file (apps/web/scripts/precompress.ts):
 * those are sent as they are to clients that accept them, the plain file to the others.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (!hasBuild) app.log.warn({ distDir }, 'web build not found: only the API is served');

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // One route per file of the build, found at start (index.html is read then too): no
      // directory reads per request, as a catch-all route would do to check each path.
      wildcard: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const rel = path.relative(distDir, filePath);
        res.header(
          'cache-control',
          rel.startsWith(`js${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexFile) : undefined;

  const sendPage = (reply: FastifyReply) =>
    reply
      .status(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);

  if (indexHtml) app.get('/', (_request, reply) => sendPage(reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(url) &&
      // A missing hashed asset is a 404, not a page: it would be parsed as JS otherwise.
      !url.startsWith('/js/');
    if (!wantsPage) return reply.status(404).send(errorBody(404, ErrorCode.NOT_FOUND));
    return sendPage(reply);
  });
}
