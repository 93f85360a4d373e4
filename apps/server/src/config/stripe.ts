import { ConfigError } from './config-error.ts';
import { optionalString, optionalUrl } from './env-values.ts';

/** The paid plans sold through Stripe Checkout, and the environment variable of each price. */
export const STRIPE_PLANS = ['starter', 'builder', 'pro', 'elite'] as const;
export type StripePlan = (typeof STRIPE_PLANS)[number];
export type StripePeriod = 'monthly' | 'yearly';
export const stripePriceVariable = <P extends StripePlan, Q extends StripePeriod>(
  plan: P,
  period: Q,
) =>
  `STRIPE_PRICE_${plan.toUpperCase() as Uppercase<P>}_${period.toUpperCase() as Uppercase<Q>}` as const;

/** Stripe's variables, as the environment schema reads them. */
export const stripeEnv = {
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl,
  STRIPE_PRICE_STARTER_MONTHLY: optionalString,
  STRIPE_PRICE_STARTER_YEARLY: optionalString,
  STRIPE_PRICE_BUILDER_MONTHLY: optionalString,
  STRIPE_PRICE_BUILDER_YEARLY: optionalString,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_PRO_YEARLY: optionalString,
  STRIPE_PRICE_ELITE_MONTHLY: optionalString,
  STRIPE_PRICE_ELITE_YEARLY: optionalString,
};

type StripeEnv = { [K in keyof typeof stripeEnv]?: string };

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a proxy, or a local stand-in in tests). */
  apiUrl: string | undefined;
  /** The Stripe price of each paid plan and period: the only prices a checkout uses. */
  prices: Record<StripePlan, Record<StripePeriod, string>>;
};

/**
 * Stripe is on when its secret key is set: then the webhook secret and a price for every paid
 * plan and period are required too, so no plan is sold at a price nobody chose.
 */
export function stripeConfig(e: StripeEnv): StripeConfig | undefined {
  const secretKey = e.STRIPE_SECRET_KEY;
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET;
  if (!secretKey && !webhookSecret) return undefined;
  const missing: string[] = [];
  if (!secretKey) missing.push('STRIPE_SECRET_KEY');
  if (!webhookSecret) missing.push('STRIPE_WEBHOOK_SECRET');
  const prices = {} as StripeConfig['prices'];
  for (const plan of STRIPE_PLANS) {
    const monthly = e[stripePriceVariable(plan, 'monthly')];
    const yearly = e[stripePriceVariable(plan, 'yearly')];
    if (!monthly) missing.push(stripePriceVariable(plan, 'monthly'));
    if (!yearly) missing.push(stripePriceVariable(plan, 'yearly'));
    prices[plan] = { monthly: monthly ?? '', yearly: yearly ?? '' };
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid environment:\n  - Stripe needs ${missing.join(', ')} (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together with a price id for every paid plan and period, or none of them)`,
    );
  }
  return {
    secretKey: secretKey as string,
    webhookSecret: webhookSecret as string,
    apiUrl: e.STRIPE_API_URL,
    prices,
  };
}
