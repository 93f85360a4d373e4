import { createHash } from 'node:crypto';
import { PAGE_BOOT_SCRIPT } from '@spoke/shared/page-boot';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Runs helmet once against a recording response and returns the headers it set: they are
 * the same for every answer, so computing them per request would be wasted work.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The one inline script the pages may run, by its hash: the prerendered pages' boot script
 * (packages/shared/src/page-boot.ts), which they carry so as to fetch nothing before they paint.
 */
const PAGE_BOOT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;

/**
 * Security headers and a CSP that fits the SPA: no inline script but the pages' boot script, no
 * plugins, no framing.
 */
export function securityHeaders(opts: { https: boolean }): Record<string, string> {
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", PAGE_BOOT_HASH],
        scriptSrcAttr: ["'none'"],
        // Inline styles only: some UI libraries set them; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.https ? undefined : false,
  });
}

/**
 * Sets `headers` on every answer. The first onRequest hook covers routes, the router's 404,
 * content-type and body-size refusals and every error handled after it; refusals before any
 * hook runs (a URL that does not decode) set them in `frameworkErrors` (see app.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Record<string, string>,
): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
