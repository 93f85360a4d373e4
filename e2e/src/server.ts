import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase } from '../../apps/server/src/test/fresh-database.ts';
import { freePort } from '@spoke/shared/testing/free-port';

const root = path.resolve(import.meta.dirname, '../..');

/** A fresh PostgreSQL database beside TEST_DATABASE_URL, or none (embedded PGlite). */
async function databaseForRun(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { drop: async () => {} };
  return createFreshDatabase(base, 'spoke_e2e');
}

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
  /** What the process wrote to stdout and stderr so far; empty unless `captureOutput`. */
  output: () => string;
};

/**
 * Starts `apps/server/src/server.ts` as its own process, the way `npm start` runs it. Its output
 * goes to the test's, or with `captureOutput` is kept for the test to read.
 */
export async function startServer(
  env: Record<string, string> = {},
  { captureOutput = false }: { captureOutput?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spoke-e2e-'));
  const db = await databaseForRun();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...(db.url ? { DATABASE_URL: db.url } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', captureOutput ? 'pipe' : 'inherit', captureOutput ? 'pipe' : 'inherit'],
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      // Nothing may be left running: a server that never answered is stopped before the error.
      child.kill('SIGKILL');
      await exited;
      await db.drop();
      throw new Error('server did not become ready in 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    output: () => Buffer.concat(chunks).toString('utf8'),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await db.drop();
    },
  };
}
