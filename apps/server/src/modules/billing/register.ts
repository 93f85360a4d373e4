import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createLimiter } from '../../lib/rate-limit.ts';
import type { Redis } from 'ioredis';
import type { AccountService } from '../account/service.ts';
import { createPlanRequestService } from './plan-requests.ts';
import { createStripeBilling } from './stripe-billing.ts';
import { createStripeClient } from './stripe-client.ts';

/**
 * Billing: the plan and usage, and changing plan — Stripe Checkout with its webhook when
 * Stripe is configured, otherwise requests that admins approve on the Admin page. The app
 * registers its routes: `billingRoutes` for the signed-in user, `planRequestAdminRoutes` for
 * admins, and `stripeWebhookRoutes` when Stripe is on.
 */
export function createBilling(deps: {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  accounts: AccountService;
  store: { client: Redis; prefix: string } | undefined;
  log: FastifyBaseLogger;
}) {
  const { config, db, mailer, accounts, log } = deps;
  const onPlanChanged = (userId: string) => accounts.forgetUser(userId);
  const requests = createPlanRequestService({
    db,
    mailer,
    appUrl: config.appUrl,
    adminEmails: config.adminEmails,
    log,
    onPlanChanged,
  });
  const stripe = config.stripe
    ? createStripeBilling({
        db,
        stripe: createStripeClient(config.stripe),
        config: config.stripe,
        appUrl: config.appUrl,
        log,
        onPlanChanged,
      })
    : undefined;
  const limiter = createLimiter('billing-user', config.rateLimits.billingPerUser, deps.store);
  return { requests, stripe, limiter };
}
