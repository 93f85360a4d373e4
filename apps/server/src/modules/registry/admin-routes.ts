import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  AdminRegistryListSchema,
  AdminRegistryPatchSchema,
  AdminRegistryQuerySchema,
  AdminRegistryResultSchema,
  ErrorCode,
  NamespaceGrantListSchema,
  NamespaceGrantRequestSchema,
  NamespaceGrantSchema,
  OkSchema,
  UpstreamCreateSchema,
  UpstreamListSchema,
  UpstreamPatchSchema,
  UpstreamResultSchema,
  envelope,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { authenticated } from '../../lib/auth.ts';
import { decodeNameCursor } from './entries.ts';
import type { MirrorService } from './mirror.ts';
import type { ModerationService } from './moderation.ts';

const DEFAULT_LIMIT = 25;

const upstreamParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/**
 * `/api/admin/registry/*`: trust levels, status, namespace grants and the upstream registries
 * mirrored. Admins only.
 */
export const registryAdminRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  mirror: MirrorService;
}> = async (app, { moderation, mirror }) => {
  app.get(
    '/servers',
    {
      schema: {
        querystring: AdminRegistryQuerySchema,
        response: { 200: envelope(AdminRegistryListSchema) },
      },
    },
    async (request) => {
      const { cursor, limit, search, ...filters } = request.query;
      const after = cursor ? decodeNameCursor(cursor) : undefined;
      if (cursor && !after) {
        throw new AppError(400, ErrorCode.BAD_REQUEST, { fields: { cursor: 'Invalid cursor' } });
      }
      const page = await moderation.list({
        ...filters,
        search: search || undefined,
        limit: limit ?? DEFAULT_LIMIT,
        after,
      });
      return { data: page };
    },
  );

  app.patch(
    '/servers/:name',
    {
      schema: {
        params: z.object({ name: z.string().check(z.minLength(1), z.maxLength(200)) }),
        body: AdminRegistryPatchSchema,
        response: { 200: envelope(AdminRegistryResultSchema) },
      },
    },
    async (request) => ({
      data: { server: await moderation.update(request.params.name, request.body) },
    }),
  );

  app.get(
    '/namespaces',
    { schema: { response: { 200: envelope(NamespaceGrantListSchema) } } },
    async () => ({ data: { grants: await moderation.grants() } }),
  );

  app.post(
    '/namespaces',
    {
      schema: {
        body: NamespaceGrantRequestSchema,
        response: { 201: envelope(z.object({ grant: NamespaceGrantSchema })) },
      },
    },
    async (request, reply) => {
      const actor = authenticated(request).user;
      const grant = await moderation.grant(actor.id, request.body.namespace, request.body.username);
      return reply.status(201).send({ data: { grant } });
    },
  );

  app.delete(
    '/namespaces/:namespace',
    {
      schema: {
        params: z.object({ namespace: z.string().check(z.minLength(1), z.maxLength(100)) }),
        response: { 200: envelope(OkSchema) },
      },
    },
    async (request) => {
      if (!(await moderation.revokeGrant(request.params.namespace))) {
        throw new AppError(404, ErrorCode.NOT_FOUND);
      }
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/upstreams',
    { schema: { response: { 200: envelope(UpstreamListSchema) } } },
    async () => ({ data: { upstreams: await mirror.list() } }),
  );

  app.post(
    '/upstreams',
    {
      schema: {
        body: UpstreamCreateSchema,
        response: { 201: envelope(UpstreamResultSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: { upstream: await mirror.add(request.body) } }),
  );

  app.get(
    '/upstreams/:id',
    { schema: { params: upstreamParams, response: { 200: envelope(UpstreamResultSchema) } } },
    async (request) => ({ data: { upstream: await mirror.get(request.params.id) } }),
  );

  app.patch(
    '/upstreams/:id',
    {
      schema: {
        params: upstreamParams,
        body: UpstreamPatchSchema,
        response: { 200: envelope(UpstreamResultSchema) },
      },
    },
    async (request) => ({
      data: { upstream: await mirror.update(request.params.id, request.body) },
    }),
  );

  app.delete(
    '/upstreams/:id',
    { schema: { params: upstreamParams, response: { 200: envelope(OkSchema) } } },
    async (request) => {
      await mirror.remove(request.params.id);
      return { data: { ok: true as const } };
    },
  );

  /** Runs the upstream now and answers how it went (`last_error`, `last_result`). */
  app.post(
    '/upstreams/:id/sync',
    { schema: { params: upstreamParams, response: { 200: envelope(UpstreamResultSchema) } } },
    async (request) => ({ data: { upstream: await mirror.syncNow(request.params.id) } }),
  );
};
