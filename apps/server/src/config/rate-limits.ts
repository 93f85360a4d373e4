export type RateLimitRule = { points: number; durationSec: number };

/** Limits on the endpoints that guess-based attacks aim at. */
export type RateLimits = {
  loginFailuresPerAccount: RateLimitRule;
  loginFailuresPerIp: RateLimitRule;
  registerPerIp: RateLimitRule;
  forgotPerAccount: RateLimitRule;
  forgotPerIp: RateLimitRule;
  contactPerIp: RateLimitRule;
  /** Plan requests, checkouts and portal links a user may start. */
  billingPerUser: RateLimitRule;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerAccount: { points: 5, durationSec: 15 * 60 },
  loginFailuresPerIp: { points: 50, durationSec: 15 * 60 },
  registerPerIp: { points: 10, durationSec: 60 * 60 },
  forgotPerAccount: { points: 3, durationSec: 60 * 60 },
  forgotPerIp: { points: 20, durationSec: 60 * 60 },
  contactPerIp: { points: 5, durationSec: 60 * 60 },
  billingPerUser: { points: 20, durationSec: 60 * 60 },
};

/** Multiplies every limit's points (e.g. for a load test from one address). */
export function scaleLimits(limits: RateLimits, scale: number): RateLimits {
  const out = {} as RateLimits;
  for (const [name, rule] of Object.entries(limits) as [keyof RateLimits, RateLimitRule][]) {
    out[name] = { ...rule, points: Math.max(1, Math.round(rule.points * scale)) };
  }
  return out;
}
