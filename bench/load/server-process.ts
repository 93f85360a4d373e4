import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@spoke/shared/testing/free-port';

const root = path.resolve(import.meta.dirname, '../..');

export type ServerProcessOptions = {
  /** The server's DATA_DIR: embedded PGlite lives under it, and so does `server.log`. */
  dataDir: string;
  /** postgres:// URL; unset: embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** Same for every start on one data dir with PostgreSQL (required there). */
  secretsKey: string;
  /**
   * `start`: `scripts/start.ts`, exactly what `npm start` runs (it builds the web app when its
   * build is missing or stale); `server`: `apps/server/src/server.ts` alone (API only).
   */
  entry: 'start' | 'server';
  /** Fixed port (a restart on the same address); default a free one. */
  port?: number;
  /** Extra environment, e.g. RATE_LIMIT_SCALE or LOG_LEVEL. */
  env?: Record<string, string>;
  /** How long to wait for `/api/ready` (a web build can take a minute). */
  readyTimeoutMs?: number;
};

export type ServerProcess = {
  origin: string;
  port: number;
  pid: number;
  /** Where its stdout and stderr go. */
  logFile: string;
  /** SIGTERM (a graceful shutdown), then waits for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill9: () => Promise<void>;
};

/** The last lines of a log, for an error message. */
export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts the server as a process of its own, the way `npm start` does, and resolves once
 * `/api/ready` answers 200.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const logFile = path.join(options.dataDir, 'server.log');
  const out = openSync(logFile, 'a');
  const script = options.entry === 'start' ? 'scripts/start.ts' : 'apps/server/src/server.ts';
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: origin,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SECRETS_KEY: options.secretsKey,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail(logFile)}`,
      );
    }
    try {
      const res = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server was not ready in time:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    origin,
    port,
    pid: child.pid!,
    logFile,
    stop: () => end('SIGTERM'),
    kill9: () => end('SIGKILL'),
  };
}
