import * as z from 'zod/mini';
import { PLAN_IDS } from './plans.ts';

/** Your plan, this billing period and what has been used of its limits. */
export const BillingSchema = z.object({
  plan: z.enum(PLAN_IDS),
  period: z.object({ start: z.string(), end: z.string() }),
  usage: z.object({
    messages_this_period: z.number(),
    messages_today: z.number(),
    integration_credits_used: z.number(),
  }),
  limits: z.object({
    monthly_messages: z.nullable(z.number()),
    daily_messages: z.nullable(z.number()),
    integration_credits: z.nullable(z.number()),
  }),
});
export type Billing = z.infer<typeof BillingSchema>;

/** The monthly billing period containing `now`, counted from the sign-up date. */
export function billingPeriod(signedUpAt: Date, now: Date): { start: Date; end: Date } {
  const day = signedUpAt.getUTCDate();
  const at = (year: number, month: number) => {
    // The 31st in a 30-day month falls on the month's last day.
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(
      Date.UTC(
        year,
        month,
        Math.min(day, last),
        signedUpAt.getUTCHours(),
        signedUpAt.getUTCMinutes(),
        signedUpAt.getUTCSeconds(),
      ),
    );
  };
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  let start = at(year, month);
  if (start > now) {
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
    start = at(year, month);
  }
  const end = at(month === 11 ? year + 1 : year, (month + 1) % 12);
  return { start, end };
}
