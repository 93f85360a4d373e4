import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleRegistration } from '@spoke/shared/testing';
import { createFreshDatabase } from './fresh-database.ts';
import { eq } from 'drizzle-orm';
import { buildApp, type App, type BuildOptions } from '../app.ts';
import { users } from '../db/schema.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { DEFAULT_RATE_LIMITS, scaleLimits } from '../config/rate-limits.ts';

/**
 * A database for one test file: in-memory PGlite, or a fresh PostgreSQL database created
 * next to TEST_DATABASE_URL (dropped again by `drop`).
 */
export async function testDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: 'memory://', drop: async () => {} };
  return createFreshDatabase(base, 'spoke_test');
}

export type TestApp = { app: App; config: AppConfig; close: () => Promise<void> };

/**
 * The real app on a database of its own; `overrides` adjust the config, `options` what only tests
 * set (an integration pointed at a server of the test's own).
 */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  beforeReady?: (app: App) => void,
  options: Omit<BuildOptions, 'logger'> = {},
): Promise<TestApp> {
  // A caller that names its database owns it; otherwise this app gets a fresh one.
  const db =
    'databaseUrl' in overrides
      ? { url: overrides.databaseUrl, drop: async () => {} }
      : await testDatabaseUrl();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spoke-test-'));
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    databaseUrl: db.url,
    webDistDir: path.join(dataDir, 'no-web-build'),
    // Small fixed posts; the repository's own posts have a test of their own.
    contentDir: path.join(import.meta.dirname, '../modules/blog/fixtures'),
    redisKeyPrefix: `spoke-test-${randomUUID()}`,
    // Many sign-ups from one address; the limits have tests of their own with the real values.
    rateLimits: scaleLimits(DEFAULT_RATE_LIMITS, 1000),
    secretsKey: randomBytes(32).toString('base64'),
    // Tests fire schedules themselves with scheduler.tick(now).
    schedulerIntervalMs: 60_000,
    ...overrides,
  };
  const app = await buildApp(config, { ...options, logger: false });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/**
 * A second instance of `t`'s deployment: the same database, secrets key and model, so it reads
 * what the first stored (credentials included). Its caller closes it; the database stays `t`'s.
 */
export function startPeerApp(
  t: TestApp,
  overrides: Partial<AppConfig> = {},
  options: Omit<BuildOptions, 'logger'> = {},
): Promise<TestApp> {
  return startTestApp(
    {
      databaseUrl: t.config.databaseUrl,
      secretsKey: t.config.secretsKey,
      llm: t.config.llm,
      ...overrides,
    },
    undefined,
    options,
  );
}

/** A registration body that passes every rule, unique per call. */
export const registrationFor = (overrides: Record<string, unknown> = {}) =>
  ({ ...sampleRegistration(), ...overrides }) as ReturnType<typeof sampleRegistration>;

/** Marks an account's e-mail address as proven, as following the mailed link would. */
export async function markEmailVerified(app: App, userId: string): Promise<void> {
  await app.spoke.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.id, userId));
  app.spoke.accounts.forgetUser(userId);
}

/**
 * Registers through the API and returns the body's data (user and token). The account's
 * address counts as proven unless `verified: false` is asked for: most suites test what a
 * proven account does.
 */
export async function register(
  app: App,
  overrides: Record<string, unknown> = {},
  options: { verified?: boolean } = {},
) {
  const body = registrationFor(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/account/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as {
    user: {
      id: string;
      email: string;
      username: string;
      display_name: string | null;
      email_verified: boolean;
      is_admin: boolean;
    };
    token: string;
  };
  if (options.verified !== false) {
    await markEmailVerified(app, data.user.id);
    data.user = await app.spoke.accounts.userById(data.user.id);
  }
  return { ...data, password: body.password, form: body };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
