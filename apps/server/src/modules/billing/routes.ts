import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BillingSchema, envelope, type PlanId } from '@spoke/shared';
import { requireUser } from '../account/guards.ts';
import type { AccountService } from '../account/service.ts';
import type { UsageService } from '../agents/usage.ts';

/**
 * `GET /api/account/billing`: the plan, this monthly period (from the sign-up date) and what
 * has been used of its limits: runs count messages, tool calls integration credits.
 */
export const billingRoutes: FastifyPluginAsyncZod<{
  usage: UsageService;
  accounts: AccountService;
}> = async (app, { usage, accounts }) => {
  app.get(
    '/billing',
    { schema: { response: { 200: envelope(BillingSchema) } } },
    async (request) => {
      const { user } = await requireUser(accounts, request);
      const used = await usage.usageOf(user.id);
      const { plan, period } = used;
      return {
        data: {
          plan: plan.id as PlanId,
          period: { start: period.start.toISOString(), end: period.end.toISOString() },
          usage: {
            messages_this_period: used.messagesThisPeriod,
            messages_today: used.messagesToday,
            integration_credits_used: used.creditsUsed,
          },
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
