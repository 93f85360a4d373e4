import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig, type AppConfig } from '../../apps/server/src/config.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../apps/server/src/config/rate-limits.ts';
import { sampleRegistration } from '@spoke/shared/testing';
import type { DatabaseChoice } from '../lib/context.ts';
import { freshDatabase } from '../lib/database.ts';

export type RunningServer = {
  origin: string;
  /** The app itself, for benchmarks that prepare data directly in its database. */
  app: App;
  token: string;
  database: string;
  close: () => Promise<void>;
};

/** The limits exist to stop guessing; a benchmark that registers must never hit them. */
function unlimited(limits: RateLimits): RateLimits {
  const entries = Object.keys(limits).map((k) => [k, { points: 1e9, durationSec: 1 }]);
  return Object.fromEntries(entries) as RateLimits;
}

/**
 * The real server, built the way the tests build it (no logs, no web build, its own database),
 * with one registered user; listening on 127.0.0.1 on a free port.
 */
export async function startSpoke(
  choice: DatabaseChoice,
  overrides: Partial<AppConfig> = {},
): Promise<RunningServer> {
  const db = await freshDatabase(choice);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spoke-bench-'));
  const cleanup = async () => {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config: AppConfig = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      databaseUrl: db.url,
      authSecret: randomBytes(32).toString('base64url'),
      secretsKey: randomBytes(32).toString('base64'),
      webDistDir: path.join(dataDir, 'no-web-build'),
      rateLimits: unlimited(DEFAULT_RATE_LIMITS),
      ...overrides,
    };
    const app = await buildApp(config, { logger: false });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: sampleRegistration(),
      });
      if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
      const token = (res.json() as { data: { token: string } }).data.token;
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      return {
        origin: `http://127.0.0.1:${port}`,
        app,
        token,
        database: db.label,
        close: async () => {
          await app.close();
          await cleanup();
        },
      };
    } catch (err) {
      await app.close();
      throw err;
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
}
