import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  BillingSchema,
  ErrorCode,
  PlanChoiceSchema,
  PlanRequestResultSchema,
  PlanRequestSchema,
  RedirectSchema,
  UpgradeStatusSchema,
  envelope,
  type PlanId,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { authenticated } from '../../lib/auth.ts';
import type { Limiter } from '../../lib/rate-limit.ts';
import type { UsageService } from '../agents/usage.ts';
import type { PlanRequestService } from './plan-requests.ts';
import type { StripeBilling } from './stripe-billing.ts';

const REQUEST_MODE_ONLY =
  'Plans are bought through online checkout here: use Choose plan, or Manage subscription.';
const CHECKOUT_MODE_ONLY = 'There is no online checkout here: request the plan instead.';

/**
 * `GET /api/account/billing`: the plan, this monthly period (from the sign-up date) and what
 * has been used of its limits: runs count messages, tool calls integration credits.
 * `/api/account/billing/*`: how to change plan (Stripe Checkout when configured, otherwise a
 * request an admin approves), and either way's routes.
 */
export const billingRoutes: FastifyPluginAsyncZod<{
  usage: UsageService;
  requests: PlanRequestService;
  stripe: StripeBilling | undefined;
  limiter: Limiter;
}> = async (app, { usage, requests, stripe, limiter }) => {
  app.get(
    '/billing',
    { schema: { response: { 200: envelope(BillingSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
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

  app.get(
    '/billing/upgrade',
    { schema: { response: { 200: envelope(UpgradeStatusSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      if (stripe) {
        return {
          data: {
            mode: 'checkout' as const,
            ...(await stripe.subscriptionOf(user.id)),
            request: null,
          },
        };
      }
      return {
        data: {
          mode: 'request' as const,
          plan: await requests.planOf(user.id),
          subscription: null,
          request: await requests.latestOf(user.id),
        },
      };
    },
  );

  app.post(
    '/billing/checkout',
    { schema: { body: PlanChoiceSchema, response: { 200: envelope(RedirectSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      if (!stripe) throw new AppError(409, ErrorCode.CONFLICT, { message: CHECKOUT_MODE_ONLY });
      await limiter.consume(user.id);
      const url = await stripe.checkout(user, request.body.plan, request.body.period);
      return { data: { url } };
    },
  );

  app.post(
    '/billing/portal',
    { schema: { response: { 200: envelope(RedirectSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      if (!stripe) throw new AppError(409, ErrorCode.CONFLICT, { message: CHECKOUT_MODE_ONLY });
      await limiter.consume(user.id);
      return { data: { url: await stripe.portal(user) } };
    },
  );

  app.post(
    '/billing/plan-requests',
    { schema: { body: PlanChoiceSchema, response: { 201: envelope(PlanRequestResultSchema) } } },
    async (request, reply) => {
      const { user } = authenticated(request);
      if (stripe) throw new AppError(409, ErrorCode.CONFLICT, { message: REQUEST_MODE_ONLY });
      await limiter.consume(user.id);
      const result = await requests.create(user, request.body.plan, request.body.period);
      return reply.code(201).send({ data: result });
    },
  );

  app.delete(
    '/billing/plan-requests/pending',
    { schema: { response: { 200: envelope(z.object({ request: PlanRequestSchema })) } } },
    async (request) => {
      const { user } = authenticated(request);
      return { data: { request: await requests.withdraw(user.id) } };
    },
  );
};
