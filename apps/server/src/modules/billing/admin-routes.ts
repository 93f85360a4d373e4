import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  AdminPlanRequestListSchema,
  PlanRequestDecisionSchema,
  PlanRequestSchema,
  envelope,
} from '@spoke/shared';
import { authenticated } from '../../lib/auth.ts';
import type { PlanRequestService } from './plan-requests.ts';

const params = z.object({ id: z.string().check(z.maxLength(64)) });

/** `/api/admin/plan-requests`: pending plan requests, approved or declined here. Admins only. */
export const planRequestAdminRoutes: FastifyPluginAsyncZod<{
  requests: PlanRequestService;
}> = async (app, { requests }) => {
  app.get(
    '/plan-requests',
    { schema: { response: { 200: envelope(AdminPlanRequestListSchema) } } },
    async () => ({ data: { requests: await requests.listPending() } }),
  );

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/plan-requests/:id/${action}`,
      {
        schema: {
          params,
          body: z.optional(z.nullable(PlanRequestDecisionSchema)),
          response: { 200: envelope(z.object({ request: PlanRequestSchema })) },
        },
      },
      async (request) => {
        const actor = authenticated(request).user;
        const note = request.body?.note || undefined;
        const decided = await requests.decide(actor, request.params.id, decision, note);
        return { data: { request: decided } };
      },
    );
  }
};
