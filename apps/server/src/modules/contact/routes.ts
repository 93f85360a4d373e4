import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactReceiptSchema, ContactRequestSchema, envelope } from '@spoke/shared';
import type { Limiter } from '../../lib/rate-limit.ts';
import type { ContactService } from './service.ts';

/** `POST /api/contact`: the contact form; anyone may write, admins read (admin routes). */
export const contactRoutes: FastifyPluginAsyncZod<{
  contact: ContactService;
  limiter: Limiter;
}> = async (app, { contact, limiter }) => {
  app.post(
    '/contact',
    { schema: { body: ContactRequestSchema, response: { 201: envelope(ContactReceiptSchema) } } },
    async (request, reply) => {
      await limiter.consume(request.ip);
      const id = await contact.store(request.body, { userId: request.user?.id, ip: request.ip });
      return reply.status(201).send({ data: { id, received: true as const } });
    },
  );
};
