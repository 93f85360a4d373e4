import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { BillingSchema, billingPeriod, envelope, planById, type PlanId } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { requireUser } from '../account/guards.ts';
import type { AccountService } from '../account/service.ts';

/**
 * `GET /api/account/billing`: the plan, this monthly period (from the sign-up date) and what
 * has been used of its limits. Nothing consumes messages or credits until agents run.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ db: Db; accounts: AccountService }> = async (
  app,
  { db, accounts },
) => {
  app.get(
    '/billing',
    { schema: { response: { 200: envelope(BillingSchema) } } },
    async (request) => {
      const { user } = await requireUser(accounts, request);
      const [row] = await db
        .select({ plan: users.plan, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, user.id));
      const plan = planById(row?.plan ?? 'free');
      const period = billingPeriod(row?.createdAt ?? new Date(), new Date());
      return {
        data: {
          plan: plan.id as PlanId,
          period: { start: period.start.toISOString(), end: period.end.toISOString() },
          usage: { messages_this_period: 0, messages_today: 0, integration_credits_used: 0 },
          limits: {
            monthly_messages: plan.credits.monthlyMessages,
            daily_messages: plan.credits.dailyMessages ?? null,
            integration_credits: plan.credits.integrationCredits,
          },
        },
      };
    },
  );
};
