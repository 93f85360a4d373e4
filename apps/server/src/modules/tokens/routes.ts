import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  ApiTokenListSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  ErrorCode,
  OkSchema,
  envelope,
  isUuid,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { authenticated } from '../../lib/auth.ts';
import type { TokenService } from './service.ts';

/**
 * `/api/account/tokens`: API tokens for programs. Managed with a session token only: an API
 * token is not a session, so it gets 401 here.
 */
export const tokenRoutes: FastifyPluginAsyncZod<{
  tokens: TokenService;
}> = async (app, { tokens }) => {
  app.get(
    '/tokens',
    { schema: { response: { 200: envelope(ApiTokenListSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      return { data: { tokens: await tokens.list(user.id) } };
    },
  );

  app.post(
    '/tokens',
    {
      schema: { body: CreateApiTokenSchema, response: { 201: envelope(CreatedApiTokenSchema) } },
    },
    async (request, reply) => {
      const { user } = authenticated(request);
      const created = await tokens.create(user.id, request.body);
      return reply.status(201).send({ data: created });
    },
  );

  app.delete(
    '/tokens/:id',
    {
      schema: {
        params: z.object({ id: z.string().check(z.maxLength(64)) }),
        response: { 200: envelope(OkSchema) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      const { id } = request.params;
      if (!isUuid(id) || !(await tokens.revoke(user.id, id))) {
        throw new AppError(404, ErrorCode.NOT_FOUND);
      }
      return { data: { ok: true as const } };
    },
  );
};
