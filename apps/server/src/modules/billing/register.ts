import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createLimiter } from '../../lib/rate-limit.ts';
import type { Redis } from 'ioredis';
import type { AccountService } from '../account/service.ts';
import type { UsageService } from '../agents/usage.ts';
import { planRequestAdminRoutes } from './admin-routes.ts';
import { createPlanRequestService } from './plan-requests.ts';
import { billingRoutes } from './routes.ts';
import { createStripeBilling } from './stripe-billing.ts';
import { createStripeClient } from './stripe-client.ts';
import { stripeWebhookRoutes } from './webhook-routes.ts';

/**
 * Billing: the plan and usage, and changing plan — Stripe Checkout with its webhook when
 * Stripe is configured, otherwise requests that admins approve on the Admin page.
 */
export async function registerBilling(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    db: Db;
    mailer: Mailer;
    accounts: AccountService;
    usage: UsageService;
    store: { client: Redis; prefix: string } | undefined;
  },
): Promise<void> {
  const { config, db, mailer, accounts, usage } = deps;
  const onPlanChanged = (userId: string) => accounts.forgetUser(userId);
  const requests = createPlanRequestService({
    db,
    mailer,
    appUrl: config.appUrl,
    adminEmails: config.adminEmails,
    log: app.log,
    onPlanChanged,
  });
  const stripe = config.stripe
    ? createStripeBilling({
        db,
        stripe: createStripeClient(config.stripe),
        config: config.stripe,
        appUrl: config.appUrl,
        log: app.log,
        onPlanChanged,
      })
    : undefined;
  const limiter = createLimiter('billing-user', config.rateLimits.billingPerUser, deps.store);
  await app.register(billingRoutes, {
    prefix: '/api/account',
    usage,
    accounts,
    requests,
    stripe,
    limiter,
  });
  await app.register(planRequestAdminRoutes, { prefix: '/api/admin', requests, accounts });
  if (stripe) await app.register(stripeWebhookRoutes, { prefix: '/api', stripe });
}
