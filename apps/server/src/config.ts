import { z } from 'zod';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { modelConfigFromEnv, type ModelConfig, type SandboxSetting } from '@spoke/agents';
import { AGENT_EMAILS_PER_DAY_DEFAULT, withoutTrailingSlash } from '@spoke/shared';
import { ConfigError } from './config/config-error.ts';
import { emptyToUndefined, optionalString, optionalUrl } from './config/env-values.ts';
import { DEFAULT_RATE_LIMITS, scaleLimits, type RateLimits } from './config/rate-limits.ts';
import { secretsKeyBytes } from './config/secrets-key.ts';
import { stripeConfig, stripeEnv, type StripeConfig } from './config/stripe.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  APP_URL: optionalUrl,
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ADMIN_EMAILS: z.string().default(''),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Spoke <no-reply@spoke.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  REDIS_URL: optionalUrl,
  REDIS_KEY_PREFIX: z.string().min(1).default('spoke'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().min(2).max(365).default(30),
  SESSION_REMEMBER_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(1440).default(120),
  PASSWORD_HASH_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(5000),
  REGISTRY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  REGISTRY_MIRROR_INTERVAL_MIN: z.coerce.number().int().min(1).max(10_080).default(60),
  AGENT_LIST_CACHE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3_600_000).optional(),
  ),
  SECRETS_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => secretsKeyBytes(v) !== null, 'must be 32 bytes, base64 or hex encoded')
      .optional(),
  ),
  RUN_MAX_STEPS: z.coerce.number().int().min(1).max(100).default(10),
  RUN_TIME_LIMIT_SEC: z.coerce.number().int().min(1).max(3600).default(120),
  RUN_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  AGENT_EMAILS_PER_DAY: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(AGENT_EMAILS_PER_DAY_DEFAULT),
  AGENTS_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  INTEGRATIONS_SANDBOX: z.enum(['auto', 'bubblewrap', 'none-unsafe']).default('auto'),
  INTEGRATIONS_BWRAP_PATH: z.string().min(1).default('/usr/bin/bwrap'),
  INTEGRATIONS_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  INTEGRATIONS_MAX_PROCESSES: z.coerce.number().int().min(16).max(4096).default(128),
  ...stripeEnv,
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** postgres:// URL, or undefined for embedded PGlite under dataDir; 'memory://' for tests. */
  databaseUrl: string | undefined;
  appUrl: string;
  authSecret: string | undefined;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  googleIssuer: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
  /** Markdown content: blog posts under `blog/`. */
  contentDir: string;
  rateLimits: RateLimits;
  /** How long an instance may reuse a session lookup (0: never). */
  sessionCacheMs: number;
  /**
   * Session lifetimes (seconds). "Remember me": `rememberedMaxSec` from sign-in, ended after
   * `rememberedIdleSec` without a request; otherwise 1 day, ended after `idleSec` idle.
   */
  sessions: { rememberedMaxSec: number; rememberedIdleSec: number; idleSec: number };
  /**
   * Password hashing (sign-in, registration, password change and reset) at once, waiting, and
   * how long one may wait: beyond these a request is answered 429 at once.
   */
  passwordHashing: { concurrency: number; queue: number; maxWaitMs: number };
  /** How long an instance may reuse a public registry listing (0: never). */
  registryCacheMs: number;
  /** How often each enabled upstream registry is mirrored. */
  registryMirrorIntervalMs: number;
  /**
   * How long a user's agent list may be sent again while nothing in it changes (0: never).
   * Embedded database only: against PostgreSQL other instances write too.
   */
  agentListCacheMs: number;
  /** Encrypts integration credentials and webhook secrets (AES-256-GCM); see lib/crypto-box.ts. */
  secretsKey: string | undefined;
  runs: { maxSteps: number; timeLimitMs: number; concurrency: number };
  schedulerIntervalMs: number;
  /** The language model for compiling and running agents; null: embedded compiler, no runs. */
  llm: ModelConfig | null;
  /** Let built-in integrations reach private addresses (self-hosted networks, tests). */
  allowPrivateNetworks: boolean;
  /** How npm integrations (third-party code) are isolated; see docs/decisions/014. */
  integrations: {
    sandbox: SandboxSetting;
    bwrapPath: string;
    memoryMb: number;
    maxProcesses: number;
  };
  /** E-mails one user's agents may send per UTC day, confirmation requests included. */
  agentEmailsPerDay: number;
  /** Stripe Checkout for paid plans; undefined: plans are requested and an admin approves. */
  stripe: StripeConfig | undefined;
  version: string;
};

/**
 * Whether the database outlives the process: only the in-memory one of tests does not, and
 * secrets generated for it are not written to DATA_DIR.
 */
export const isPersistent = (config: Pick<AppConfig, 'databaseUrl'>): boolean =>
  config.databaseUrl !== 'memory://';

/** Reads the environment once; a bad value stops start-up with a list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid environment:\n  - GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  const stripe = stripeConfig(e);
  let llm: ModelConfig | null;
  try {
    llm = modelConfigFromEnv(env);
  } catch (err) {
    throw new ConfigError(`Invalid environment:\n  - ${(err as Error).message}`);
  }
  const appUrl = withoutTrailingSlash(e.APP_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl,
    authSecret: e.AUTH_SECRET,
    adminEmails: parseList(e.ADMIN_EMAILS),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
          }
        : undefined,
    googleIssuer: e.GOOGLE_ISSUER,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    contentDir: path.resolve(e.CONTENT_DIR),
    rateLimits: scaleLimits(DEFAULT_RATE_LIMITS, e.RATE_LIMIT_SCALE),
    sessionCacheMs: e.SESSION_CACHE_MS,
    sessions: {
      rememberedMaxSec: e.SESSION_REMEMBER_DAYS * 86_400,
      rememberedIdleSec: Math.min(e.SESSION_REMEMBER_IDLE_DAYS, e.SESSION_REMEMBER_DAYS) * 86_400,
      idleSec: e.SESSION_IDLE_MINUTES * 60,
    },
    passwordHashing: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY ?? defaultHashConcurrency(),
      queue: e.PASSWORD_HASH_QUEUE,
      maxWaitMs: e.PASSWORD_HASH_MAX_WAIT_MS,
    },
    registryCacheMs: e.REGISTRY_CACHE_MS,
    registryMirrorIntervalMs: e.REGISTRY_MIRROR_INTERVAL_MIN * 60_000,
    // Embedded: every write goes through this process, so a kept list is exact until one
    // does. PostgreSQL: other instances may write too, so a list is kept one second at most.
    agentListCacheMs:
      e.AGENT_LIST_CACHE_MS ?? (e.DATABASE_URL?.startsWith('postgres') ? 1000 : 60_000),
    secretsKey: e.SECRETS_KEY,
    runs: {
      maxSteps: e.RUN_MAX_STEPS,
      timeLimitMs: e.RUN_TIME_LIMIT_SEC * 1000,
      concurrency: e.RUN_CONCURRENCY,
    },
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    llm,
    allowPrivateNetworks: e.AGENTS_ALLOW_PRIVATE_NETWORKS,
    integrations: {
      sandbox: e.INTEGRATIONS_SANDBOX,
      bwrapPath: e.INTEGRATIONS_BWRAP_PATH,
      memoryMb: e.INTEGRATIONS_MEMORY_MB,
      maxProcesses: e.INTEGRATIONS_MAX_PROCESSES,
    },
    agentEmailsPerDay: e.AGENT_EMAILS_PER_DAY,
    stripe,
    version: readVersion(),
  };
}

/**
 * One password hash per core, at most 3: hashes run on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), and file reads and compression need a thread too.
 */
function defaultHashConcurrency(): number {
  return Math.max(1, Math.min(3, availableParallelism()));
}

function parseList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
