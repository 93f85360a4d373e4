import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  ErrorCode,
  OwnServersSchema,
  REGISTRY_PAGE_DEFAULT,
  RegistryEntrySchema,
  RegistryListQuerySchema,
  RegistryListSchema,
  RegistryUpdatedSinceSchema,
  envelope,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { authenticated } from '../../lib/auth.ts';
import { sendJsonBody } from '../../lib/json-body.ts';
import { requireVerifiedEmail } from '../account/guards.ts';
import type { TokenService } from '../tokens/service.ts';
import { decodeListCursor } from './entries.ts';
import { officialErrors, openToOtherSites } from './official-http.ts';
import type { DownloadClient } from './downloads.ts';
import { METHODS_NOT_OFFERED, isRegistryTokenShape, type PublisherAuth } from './publisher-auth.ts';
import type { Publisher } from './publishing.ts';
import type { RegistryService } from './service.ts';

const nameParam = z.string().check(z.minLength(1), z.maxLength(200));
const versionParam = z.string().check(z.minLength(1), z.maxLength(255));
/** Sent by `spoke install` when it fetches the version it is about to install. */
const INSTALL_INTENT = 'install';

/** Who installs: the API token's user when a valid token is sent, else the address. */
const bearerOf = (authorization: string | undefined) => {
  const header = authorization ?? '';
  return header.slice(0, 7).toLowerCase() === 'bearer ' ? header.slice(7).trim() : '';
};

const SignedTimestampBody = z.object({
  domain: z.string().check(z.maxLength(253)),
  timestamp: z.string().check(z.maxLength(64)),
  signed_timestamp: z.string().check(z.maxLength(512)),
});
const TokenResponseSchema = z.object({ registry_token: z.string(), expires_at: z.number() });

/** The publisher a registry token speaks for, checked against what holds now. */
async function registryTokenPublisher(
  registry: RegistryService,
  auth: PublisherAuth,
  secret: string,
): Promise<Publisher> {
  const claims = auth.tokens.verify(secret);
  if (!claims) {
    throw new AppError(401, ErrorCode.UNAUTHORIZED, {
      message:
        'The registry token is invalid or has expired: log in again with mcp-publisher login.',
    });
  }
  const allowed = claims.permissions.map((p) => p.resource);
  if (claims.auth_method !== 'github-at') return { domain: claims.auth_method_sub, allowed };
  const holder = await registry.liveApiToken(claims.spoke_token ?? '', claims.spoke_user ?? '');
  if (!holder) {
    throw new AppError(401, ErrorCode.UNAUTHORIZED, {
      message: 'The API token this login was made with has been revoked: log in again.',
    });
  }
  if (!holder.scopes.includes('registry:publish')) {
    throw new AppError(403, ErrorCode.FORBIDDEN, {
      message: 'This API token lacks the registry:publish scope.',
    });
  }
  requireVerifiedEmail({ email_verified: holder.emailVerified });
  return { id: holder.userId, username: holder.username, allowed };
}

async function downloadClient(
  tokens: TokenService,
  authorization: string | undefined,
  ip: string,
): Promise<DownloadClient> {
  const header = authorization ?? '';
  const secret = header.slice(0, 7).toLowerCase() === 'bearer ' ? header.slice(7).trim() : '';
  const holder = secret ? await tokens.authenticate(secret) : null;
  return holder ? { userId: holder.userId } : { ip };
}

/**
 * The registry's read API and publishing, under `/registry/v0.1` and `/registry/v0`: the
 * official MCP registry's paths and shapes (no `{data}` envelope on success).
 */
export const registryApiRoutes: FastifyPluginAsyncZod<{
  registry: RegistryService;
  tokens: TokenService;
  publisherAuth: PublisherAuth;
}> = async (app, { registry, tokens, publisherAuth }) => {
  openToOtherSites(app);
  officialErrors(app);

  app.get(
    '/servers',
    { schema: { querystring: RegistryListQuerySchema, response: { 200: RegistryListSchema } } },
    async (request, reply) => {
      const q = request.query;
      let after: ReturnType<typeof decodeListCursor>;
      if (q.cursor) {
        after = decodeListCursor(q.cursor);
        if (!after) {
          throw new AppError(400, ErrorCode.BAD_REQUEST, { fields: { cursor: 'Invalid cursor' } });
        }
      }
      let updatedSince: Date | undefined;
      if (q.updated_since) {
        // Checked here rather than by the query schema: the official answer is 400, not 422.
        if (!RegistryUpdatedSinceSchema.safeParse(q.updated_since).success) {
          throw new AppError(400, ErrorCode.BAD_REQUEST, {
            message: 'updated_since must be an RFC 3339 date-time, like 2025-08-07T13:15:04Z.',
            fields: { updated_since: 'Must be an RFC 3339 date-time' },
          });
        }
        updatedSince = new Date(q.updated_since);
      }
      const body = await registry.listBody({
        search: q.search || undefined,
        limit: q.limit ?? REGISTRY_PAGE_DEFAULT,
        after,
        updatedSince,
        version: q.version || undefined,
        category: q.category,
        trust: q.trust,
        // As the official registry: always with updated_since, so that mirrors see deletions.
        includeDeleted: q.include_deleted === 'true' || updatedSince !== undefined,
      });
      return sendJsonBody(reply, body);
    },
  );

  app.get(
    '/servers/:name/versions',
    {
      schema: { params: z.object({ name: nameParam }), response: { 200: RegistryListSchema } },
    },
    async (request) => {
      const entries = await registry.versions(request.params.name);
      return { servers: entries, metadata: { count: entries.length } };
    },
  );

  app.get(
    '/servers/:name/versions/:version',
    {
      schema: {
        params: z.object({ name: nameParam, version: versionParam }),
        response: { 200: RegistryEntrySchema },
      },
    },
    async (request) => {
      const installs = request.headers['x-spoke-intent'] === INSTALL_INTENT;
      return registry.version(
        request.params.name,
        request.params.version,
        installs
          ? await downloadClient(tokens, request.headers.authorization, request.ip)
          : undefined,
      );
    },
  );

  app.post(
    '/publish',
    { schema: { response: { 200: RegistryEntrySchema } } },
    async (request, reply) => {
      const secret = bearerOf(request.headers.authorization);
      if (secret && isRegistryTokenShape(secret)) {
        const publisher = await registryTokenPublisher(registry, publisherAuth, secret);
        return reply.status(200).send(await registry.publish(publisher, request.body));
      }
      const holder = secret ? await tokens.authenticate(secret) : null;
      if (!holder) {
        throw new AppError(401, ErrorCode.UNAUTHORIZED, {
          message: 'Publishing needs an API token: create one on the Workspace page.',
        });
      }
      if (!holder.scopes.includes('registry:publish')) {
        throw new AppError(403, ErrorCode.FORBIDDEN, {
          message: 'This API token lacks the registry:publish scope.',
        });
      }
      requireVerifiedEmail({ email_verified: holder.emailVerified });
      const entry = await registry.publish(
        { id: holder.userId, username: holder.username },
        request.body,
      );
      return reply.status(200).send(entry);
    },
  );

  /**
   * `mcp-publisher login github --token <Spoke API token>`: the publisher sends the token it is
   * given as `github_token`; here that is a Spoke API token with the registry:publish scope, and
   * the registry token grants the user's namespaces.
   */
  app.post(
    '/auth/github-at',
    {
      schema: {
        body: z.object({ github_token: z.string().check(z.maxLength(512)) }),
        response: { 200: TokenResponseSchema },
      },
    },
    async (request) => {
      const holder = await tokens.authenticate(request.body.github_token.trim());
      if (!holder) {
        throw new AppError(401, ErrorCode.UNAUTHORIZED, {
          message:
            'Token exchange failed: this registry takes a Spoke API token with the registry:publish scope (create one on the Workspace page).',
        });
      }
      if (!holder.scopes.includes('registry:publish')) {
        throw new AppError(403, ErrorCode.FORBIDDEN, {
          message: 'Token exchange failed: this API token lacks the registry:publish scope.',
        });
      }
      requireVerifiedEmail({ email_verified: holder.emailVerified });
      const user = { id: holder.userId, username: holder.username };
      const namespaces = await registry.namespacesOf(user);
      return publisherAuth.tokens.issue({
        auth_method: 'github-at',
        auth_method_sub: holder.username,
        permissions: namespaces.map((n) => ({ action: 'publish', resource: `${n}/*` })),
        spoke_user: holder.userId,
        spoke_token: holder.tokenId,
      });
    },
  );

  for (const method of ['http', 'dns'] as const) {
    app.post(
      `/auth/${method}`,
      { schema: { body: SignedTimestampBody, response: { 200: TokenResponseSchema } } },
      async (request) => publisherAuth.proveDomain(method, request.body),
    );
  }

  app.post(
    '/auth/:method',
    { schema: { params: z.object({ method: z.string().check(z.maxLength(100)) }) } },
    async (request) => {
      throw new AppError(404, ErrorCode.NOT_FOUND, {
        message: Object.hasOwn(METHODS_NOT_OFFERED, request.params.method)
          ? METHODS_NOT_OFFERED[request.params.method]
          : `Unknown authentication method: ${request.params.method}. This registry offers github (with a Spoke API token), http and dns.`,
      });
    },
  );
};

/** `/api/registry/mine`: the signed-in user's published servers and namespaces. */
export const ownRegistryRoutes: FastifyPluginAsyncZod<{
  registry: RegistryService;
}> = async (app, { registry }) => {
  app.get(
    '/mine',
    { schema: { response: { 200: envelope(OwnServersSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      return { data: await registry.mine(user) };
    },
  );
};
