import type Stripe from 'stripe';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { ErrorCode, type PlanId, type User, isUuid } from '@spoke/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { stripeCustomers, stripeEvents, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  STRIPE_PLANS,
  type StripeConfig,
  type StripePeriod,
  type StripePlan,
} from '../../config/stripe.ts';

/** Subscription states in which the paid plan is in force (past_due: Stripe is still retrying). */
const PAYING = new Set(['active', 'trialing', 'past_due']);
/** States in which it has ended: the account goes back to Free. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export type WebhookOutcome =
  | { result: 'applied'; userId: string; plan: PlanId | null }
  | { result: 'duplicate' }
  | { result: 'ignored'; reason: string };

type Change = {
  userId: string;
  customerId: string;
  subscriptionId: string;
  status: string;
  /** The plan the account is on from now; null: unchanged (a payment still incomplete). */
  plan: PlanId | null;
};

export type StripeBilling = ReturnType<typeof createStripeBilling>;

/**
 * Paid plans through Stripe: a Checkout Session per purchase (the price from this server's
 * own mapping), one Stripe customer per user, a billing portal link, and the signed webhooks
 * that alone change a user's plan.
 */
export function createStripeBilling(deps: {
  db: Db;
  stripe: Stripe;
  config: StripeConfig;
  appUrl: string;
  log: FastifyBaseLogger;
  /** Called once a user's plan changed, so cached sessions show it at once. */
  onPlanChanged: (userId: string) => void;
}) {
  const { db, stripe, config, appUrl, log } = deps;
  const planOfPrice = new Map<string, StripePlan>();
  for (const plan of STRIPE_PLANS) {
    planOfPrice.set(config.prices[plan].monthly, plan);
    planOfPrice.set(config.prices[plan].yearly, plan);
  }

  async function customerRow(userId: string) {
    const [row] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
    return row;
  }

  /** The user's Stripe customer, created on first use (the idempotency key makes it one). */
  async function ensureCustomer(user: User): Promise<string> {
    const existing = await customerRow(user.id);
    if (existing) return existing.customerId;
    const customer = await stripe.customers.create(
      {
        email: user.email,
        ...(user.display_name ? { name: user.display_name } : {}),
        metadata: { user_id: user.id },
      },
      { idempotencyKey: `spoke-customer-${user.id}` },
    );
    await db
      .insert(stripeCustomers)
      .values({ userId: user.id, customerId: customer.id })
      .onConflictDoNothing();
    return (await customerRow(user.id))?.customerId ?? customer.id;
  }

  function priceOf(subscription: Stripe.Subscription): string | undefined {
    return subscription.items.data[0]?.price.id;
  }

  function idOf(value: string | { id: string } | null | undefined): string | undefined {
    if (!value) return undefined;
    return typeof value === 'string' ? value : value.id;
  }

  /** What a subscription in this state means for the account's plan. */
  function changeFor(
    userId: string,
    customerId: string,
    subscription: Stripe.Subscription,
  ): Change | { ignored: string } {
    const status = subscription.status;
    let plan: PlanId | null = null;
    if (PAYING.has(status)) {
      const price = priceOf(subscription);
      const mapped = price ? planOfPrice.get(price) : undefined;
      if (!mapped)
        return { ignored: `price ${price ?? '(none)'} is not one of the configured prices` };
      plan = mapped;
    } else if (ENDED.has(status)) {
      plan = 'free';
    }
    return { userId, customerId, subscriptionId: subscription.id, status, plan };
  }

  async function changeOf(event: Stripe.Event): Promise<Change | { ignored: string }> {
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      if (session.mode !== 'subscription') return { ignored: 'not a subscription checkout' };
      const userId = session.client_reference_id ?? session.metadata?.user_id;
      const customerId = idOf(session.customer);
      const subscriptionId = idOf(session.subscription);
      if (!userId || !customerId || !subscriptionId) return { ignored: 'incomplete session' };
      if (!isUuid(userId)) return { ignored: 'unknown user' };
      const [row] = await db
        .select({ customerId: stripeCustomers.customerId })
        .from(stripeCustomers)
        .where(eq(stripeCustomers.userId, userId));
      // The session must be for the customer this server created for that user.
      if (!row || row.customerId !== customerId) return { ignored: 'unknown user or customer' };
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      return changeFor(userId, customerId, subscription);
    }
    if (
      event.type === 'customer.subscription.created' ||
      event.type === 'customer.subscription.updated' ||
      event.type === 'customer.subscription.deleted'
    ) {
      const subscription = event.data.object;
      const customerId = idOf(subscription.customer);
      if (!customerId) return { ignored: 'no customer' };
      const [row] = await db
        .select()
        .from(stripeCustomers)
        .where(eq(stripeCustomers.customerId, customerId));
      if (!row) return { ignored: 'unknown customer' };
      // Another subscription of the customer's than the one in force (an old one ending)
      // does not change the plan.
      if (row.subscriptionId && row.subscriptionId !== subscription.id) {
        if (event.type !== 'customer.subscription.created' && !PAYING.has(subscription.status)) {
          return { ignored: 'not the subscription in force' };
        }
      }
      if (event.type === 'customer.subscription.deleted') {
        return {
          userId: row.userId,
          customerId,
          subscriptionId: subscription.id,
          status: 'canceled',
          plan: 'free',
        };
      }
      return changeFor(row.userId, customerId, subscription);
    }
    return { ignored: `event type ${event.type}` };
  }

  return {
    enabled: true as const,

    /** The plan and the subscription as the webhooks last reported it (one read). */
    async subscriptionOf(
      userId: string,
    ): Promise<{ plan: PlanId; subscription: { status: string } | null }> {
      const [row] = await db
        .select({ plan: users.plan, status: stripeCustomers.subscriptionStatus })
        .from(users)
        .leftJoin(stripeCustomers, eq(stripeCustomers.userId, users.id))
        .where(eq(users.id, userId));
      return {
        plan: row?.plan ?? 'free',
        subscription: row?.status ? { status: row.status } : null,
      };
    },

    /** A Checkout Session for the plan and period; its URL is where the browser goes next. */
    async checkout(user: User, plan: PlanId, period: StripePeriod): Promise<string> {
      if (!(STRIPE_PLANS as readonly string[]).includes(plan)) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          message:
            plan === 'enterprise'
              ? 'Enterprise is arranged with our sales team: contact us.'
              : 'The Free plan needs no checkout: cancel your subscription under Manage subscription.',
          fields: { plan: 'Choose a paid plan' },
        });
      }
      const row = await customerRow(user.id);
      if (row?.subscriptionStatus && PAYING.has(row.subscriptionStatus)) {
        throw new AppError(409, ErrorCode.CONFLICT, {
          message:
            'You already have a subscription: change or cancel it under Manage subscription.',
        });
      }
      const customer = await ensureCustomer(user);
      const price = config.prices[plan as StripePlan][period];
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        metadata: { user_id: user.id, plan, period },
        subscription_data: { metadata: { user_id: user.id } },
        line_items: [{ price, quantity: 1 }],
        success_url: `${appUrl}/app/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/app/billing?checkout=cancelled`,
      });
      if (!session.url) throw new AppError(502, ErrorCode.SERVICE_UNAVAILABLE);
      return session.url;
    },

    /** A Stripe billing portal session, where the user changes or cancels the subscription. */
    async portal(user: User): Promise<string> {
      const row = await customerRow(user.id);
      if (!row) {
        throw new AppError(409, ErrorCode.CONFLICT, {
          message: 'There is no subscription to manage yet: choose a plan first.',
        });
      }
      const session = await stripe.billingPortal.sessions.create({
        customer: row.customerId,
        return_url: `${appUrl}/app/billing`,
      });
      return session.url;
    },

    /**
     * A webhook call: the signature is checked over the raw body (400 when it fails, with
     * nothing changed); each event id is applied once; events of other types are ignored.
     */
    async handleWebhook(raw: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature ?? '', config.webhookSecret);
      } catch (err) {
        throw new AppError(400, ErrorCode.BAD_REQUEST, {
          message: `Webhook signature check failed: ${(err as Error).message}`,
        });
      }
      if (!HANDLED.has(event.type)) return { result: 'ignored', reason: `type ${event.type}` };
      const [seen] = await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, event.id));
      if (seen) return { result: 'duplicate' };
      const change = await changeOf(event);
      if ('ignored' in change) {
        log.warn(
          { event: event.id, type: event.type, reason: change.ignored },
          'stripe event ignored',
        );
        return { result: 'ignored', reason: change.ignored };
      }
      const at = new Date(event.created * 1000);
      const applied = await db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(stripeEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning();
        if (!fresh) return 'duplicate' as const;
        // An event older than one already applied (delivered late) changes nothing.
        const [updated] = await tx
          .update(stripeCustomers)
          .set({
            subscriptionId: change.subscriptionId,
            subscriptionStatus: change.status,
            lastEventAt: at,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(stripeCustomers.userId, change.userId),
              or(isNull(stripeCustomers.lastEventAt), lte(stripeCustomers.lastEventAt, at)),
            ),
          )
          .returning();
        if (!updated) return 'stale' as const;
        if (change.plan) {
          await tx
            .update(users)
            .set({ plan: change.plan, updatedAt: new Date() })
            .where(eq(users.id, change.userId));
        }
        return 'applied' as const;
      });
      if (applied === 'duplicate') return { result: 'duplicate' };
      if (applied === 'stale') return { result: 'ignored', reason: 'older than the last event' };
      deps.onPlanChanged(change.userId);
      log.info(
        { event: event.id, type: event.type, user: change.userId, plan: change.plan },
        'stripe event applied',
      );
      return { result: 'applied', userId: change.userId, plan: change.plan };
    },
  };
}
