import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SignInMethodsSchema, envelope } from '@spoke/shared';
import { toHeaders } from '../../lib/http.ts';
import { GOOGLE_EMAIL_NOT_VERIFIED, type Auth } from './auth.ts';
import type { AccountService } from './service.ts';

const COMPLETE_PATH = '/api/account/google/complete';
const FAILED = '/login?error=google_failed';
const UNAVAILABLE = '/login?error=google_unavailable';
const UNVERIFIED = '/login?error=google_unverified';
/** The setting changes only with a restart: a few minutes of caching costs nothing. */
const METHODS_CACHE = 'public, max-age=300';

/**
 * Google sign-in (OpenID Connect code flow with state, PKCE and nonce, run by better-auth).
 * The browser ends on `/auth/callback?code=…`: a one-time code the page trades for a
 * session, so no session token ever travels in a URL.
 */
export const googleRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  service: AccountService;
  enabled: boolean;
  appUrl: string;
}> = async (app, { auth, service, enabled, appUrl }) => {
  function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined) {
    const cookies = headers?.getSetCookie() ?? [];
    if (cookies.length) reply.header('set-cookie', cookies);
  }

  // Public, so the sign-in pages offer Google only where it works.
  app.get(
    '/api/auth/methods',
    { schema: { response: { 200: envelope(SignInMethodsSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', METHODS_CACHE);
      return { data: { google: enabled } };
    },
  );

  app.get(
    '/api/auth/google',
    { schema: { querystring: z.object({ remember: z.string().max(8).optional() }) } },
    async (request, reply) => {
      if (!enabled) return reply.redirect(UNAVAILABLE);
      const remember = request.query.remember === '1' || request.query.remember === 'true';
      const result = await auth.api
        .signInSocial({
          headers: toHeaders(request),
          body: {
            provider: 'google',
            callbackURL: `${COMPLETE_PATH}${remember ? '?remember=1' : ''}`,
            errorCallbackURL: FAILED,
            disableRedirect: true,
          },
          returnHeaders: true,
        })
        .catch((err: unknown) => {
          request.log.error({ err }, 'google sign-in could not start');
          return null;
        });
      const url = result?.response && 'url' in result.response ? result.response.url : undefined;
      if (!result || !url) return reply.redirect(FAILED);
      forwardCookies(reply, result.headers);
      return reply.redirect(url);
    },
  );

  // Google sends the browser back here; better-auth checks state, PKCE and the ID token's nonce.
  // Only a sign-in that reached our completion step goes on; any other answer (its own
  // error page, or the error URL with its reason appended) becomes the one failure page.
  async function callback(request: FastifyRequest, reply: FastifyReply) {
    if (!enabled) return reply.redirect(UNAVAILABLE);
    const url = new URL(request.url, appUrl);
    const response = await auth.handler(new Request(url, { headers: toHeaders(request) }));
    forwardCookies(reply, response.headers);
    const location = response.headers.get('location');
    const next = location ? new URL(location, appUrl) : undefined;
    if (next && next.origin === new URL(appUrl).origin && next.pathname === COMPLETE_PATH) {
      return reply.redirect(`${next.pathname}${next.search}`);
    }
    const refusal =
      response.status === 403
        ? ((await response.json().catch(() => null)) as { code?: unknown } | null)
        : null;
    request.log.warn(
      { status: response.status, reason: next?.searchParams.getAll('error') ?? refusal?.code },
      'google sign-in refused at the callback',
    );
    return reply.redirect(refusal?.code === GOOGLE_EMAIL_NOT_VERIFIED ? UNVERIFIED : FAILED);
  }
  app.get('/api/auth/callback/:providerId', callback);

  app.get(
    COMPLETE_PATH,
    { schema: { querystring: z.object({ remember: z.string().max(8).optional() }) } },
    async (request, reply) => {
      const headers = toHeaders(request);
      const found = await auth.api.getSession({ headers }).catch(() => null);
      if (!found) return reply.redirect(FAILED);
      const code = await service.createLoginCode(found.user.id, request.query.remember === '1');
      // The cookie session only carried the sign-in this far; the page gets a session of its own.
      const out = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
      forwardCookies(reply, out?.headers);
      reply.header('cache-control', 'no-store');
      return reply.redirect(`/auth/callback?code=${encodeURIComponent(code)}`);
    },
  );
};
