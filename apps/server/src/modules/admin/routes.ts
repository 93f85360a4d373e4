import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  AdminUserListSchema,
  AdminUserPatchSchema,
  AdminUserQuerySchema,
  AdminUserResultSchema,
  ContactMessageListSchema,
  ErrorCode,
  envelope,
  isUuid,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { authenticated } from '../../lib/auth.ts';
import { cursorParam, nextCursor } from '../../lib/cursor.ts';
import type { ContactService } from '../contact/service.ts';
import type { AdminService } from './service.ts';

const DEFAULT_LIMIT = 25;

/** `/api/admin/*`: users (search, admin flag, plan) and contact messages. Admins only. */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  contact: ContactService;
}> = async (app, { admin, contact }) => {
  app.get(
    '/users',
    {
      schema: {
        querystring: AdminUserQuerySchema,
        response: { 200: envelope(AdminUserListSchema) },
      },
    },
    async (request) => {
      const { search, limit, cursor } = request.query;
      const page = await admin.listUsers({
        search: search || undefined,
        limit: limit ?? DEFAULT_LIMIT,
        after: cursorParam(cursor),
      });
      return { data: { users: page.users, next_cursor: nextCursor(page) } };
    },
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        params: z.object({ id: z.string().check(z.maxLength(64)) }),
        body: AdminUserPatchSchema,
        response: { 200: envelope(AdminUserResultSchema) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw new AppError(404, ErrorCode.NOT_FOUND);
      const actor = authenticated(request).user;
      const user = await admin.updateUser(actor.id, request.params.id, request.body);
      return { data: { user } };
    },
  );

  app.get(
    '/contact-messages',
    {
      schema: {
        querystring: z.object({
          limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
          cursor: z.optional(z.string().check(z.maxLength(200))),
        }),
        response: { 200: envelope(ContactMessageListSchema) },
      },
    },
    async (request) => {
      const page = await contact.list(
        request.query.limit ?? DEFAULT_LIMIT,
        cursorParam(request.query.cursor),
      );
      return { data: { messages: page.messages, next_cursor: nextCursor(page) } };
    },
  );
};
