import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import type { RateLimitRule, RateLimits } from '../config/rate-limits.ts';
import { AppError } from '../errors.ts';
import { ErrorCode } from '@spoke/shared';

/** A named limit: so many points per window, per key (an IP or an account). */
export type Limiter = {
  /** Throws 429 RATE_LIMITED when the key has no points left; otherwise spends one. */
  consume: (key: string) => Promise<void>;
  /** Throws 429 when the key has used up its points, without spending one. */
  check: (key: string) => Promise<void>;
  /** Spends one point without failing (e.g. a failed sign-in). */
  penalize: (key: string) => Promise<void>;
  /** Gives back one point spent by `consume` (an attempt that turned out to be allowed). */
  refund: (key: string) => Promise<void>;
  reset: (key: string) => Promise<void>;
};

function tooMany(msBeforeNext: number): AppError {
  return new AppError(429, ErrorCode.RATE_LIMITED, {
    retryAfterSec: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}

function isRateLimiterRes(e: unknown): e is { msBeforeNext: number } {
  return typeof e === 'object' && e !== null && 'msBeforeNext' in e && !(e instanceof Error);
}

/**
 * Limits live in Redis when a client is given (so every instance shares them); if Redis
 * goes away, each instance falls back to in-memory limits of its own rather than failing.
 */
export function createLimiter(
  name: string,
  rule: RateLimitRule,
  redis?: { client: Redis; prefix: string },
): Limiter {
  const memory = new RateLimiterMemory({
    keyPrefix: name,
    points: rule.points,
    duration: rule.durationSec,
  });
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({
        storeClient: redis.client,
        keyPrefix: `${redis.prefix}:rl:${name}`,
        points: rule.points,
        duration: rule.durationSec,
        insuranceLimiter: memory,
      })
    : memory;
  return {
    consume: async (key) => {
      try {
        await limiter.consume(key);
      } catch (e) {
        if (isRateLimiterRes(e)) throw tooMany(e.msBeforeNext);
        throw e;
      }
    },
    check: async (key) => {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= rule.points) throw tooMany(res.msBeforeNext);
    },
    penalize: async (key) => {
      await limiter.penalty(key, 1);
    },
    refund: async (key) => {
      await limiter.reward(key, 1);
    },
    reset: async (key) => {
      await limiter.delete(key);
    },
  };
}

/**
 * The Redis that limits are shared through, when REDIS_URL is set. Without Redis the limiters
 * fall back to memory; a Redis outage must not crash anything.
 */
export function connectLimiterStore(
  config: Pick<AppConfig, 'redisUrl' | 'redisKeyPrefix'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): { client: Redis; prefix: string } | undefined {
  if (!config.redisUrl) return undefined;
  const client = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', (err) => log.warn({ err: err.message }, 'redis unavailable'));
  return { client, prefix: config.redisKeyPrefix };
}

/** The limits of sign-in, registration, password reset and e-mail proof, and the contact form. */
export function createLimiters(rules: RateLimits, redis?: { client: Redis; prefix: string }) {
  return {
    loginAccount: createLimiter('login-account', rules.loginFailuresPerAccount, redis),
    loginIp: createLimiter('login-ip', rules.loginFailuresPerIp, redis),
    registerIp: createLimiter('register-ip', rules.registerPerIp, redis),
    forgotAccount: createLimiter('forgot-account', rules.forgotPerAccount, redis),
    forgotIp: createLimiter('forgot-ip', rules.forgotPerIp, redis),
    contactIp: createLimiter('contact-ip', rules.contactPerIp, redis),
  };
}
