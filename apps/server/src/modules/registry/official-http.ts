import type { FastifyInstance } from 'fastify';
import { ErrorCode, withoutTrailingSlash } from '@spoke/shared';
import { errorBody } from '../../errors.ts';

/**
 * What every registry answer carries so that pages of other sites can read it, as they can the
 * official registry's: any origin, and a resource policy that lets them (the app's own
 * `same-origin` would stop them). No cookie is read by these routes, so this opens nothing
 * that a signed-in browser holds.
 */
const OPEN = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
} as const;

const PREFLIGHT = {
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, X-Spoke-Intent',
  'access-control-max-age': '86400',
} as const;

/** The registry's addresses, as its routes name them. */
const READS = ['/servers', '/servers/:name/versions', '/servers/:name/versions/:version'];
const ADDRESSES = [...READS, '/publish', '/auth/github-at', '/auth/http', '/auth/dns'];

/**
 * CORS for the registry's routes with their preflights answered, and each read address with a
 * trailing slash redirected (308) to the address without it, as the official registry does.
 */
export function openToOtherSites(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(OPEN);
  });
  for (const address of ADDRESSES) {
    app.options(address, async (_request, reply) => reply.status(204).headers(PREFLIGHT).send());
  }
  for (const address of READS) {
    app.get(`${address}/`, async (request, reply) => {
      const [path = '', query] = request.url.split('?', 2);
      const bare = withoutTrailingSlash(path);
      return reply.redirect(query === undefined ? bare : `${bare}?${query}`, 308);
    });
  }
}

type Envelope = { error?: { message?: unknown; code?: unknown; fields?: unknown } };

/**
 * Errors in the official shape, `{"error": "<message>"}`; Spoke's `code` and `fields` stay
 * beside it. The app's error handler writes the envelope; this turns it over on its way out.
 */
export function officialErrors(app: FastifyInstance): void {
  // An address the registry does not have answers here, not from the platform's own handler,
  // so that it too is in this shape and readable from other sites.
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(errorBody(404, ErrorCode.NOT_FOUND)),
  );
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    let body: Envelope;
    try {
      body = JSON.parse(payload) as Envelope;
    } catch {
      return payload;
    }
    const error = body?.error;
    if (!error || typeof error !== 'object' || typeof error.message !== 'string') return payload;
    return JSON.stringify({
      error: error.message,
      code: error.code,
      ...(error.fields ? { fields: error.fields } : {}),
    });
  });
}
