import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactReceiptSchema, ContactRequestSchema, envelope } from '@spoke/shared';
import type { Limiter } from '../../lib/rate-limit.ts';
import type { AccountService } from '../account/service.ts';
import { optionalUser } from '../account/guards.ts';
import type { ContactService } from './service.ts';

/** `POST /api/contact`: the contact form; anyone may write, admins read (admin routes). */
export const contactRoutes: FastifyPluginAsyncZod<{
  contact: ContactService;
  accounts: AccountService;
  limiter: Limiter;
}> = async (app, { contact, accounts, limiter }) => {
  app.post(
    '/contact',
    { schema: { body: ContactRequestSchema, response: { 201: envelope(ContactReceiptSchema) } } },
    async (request, reply) => {
      await limiter.consume(request.ip);
      const user = await optionalUser(accounts, request);
      const id = await contact.store(request.body, { userId: user?.id, ip: request.ip });
      return reply.status(201).send({ data: { id, received: true as const } });
    },
  );
};
