import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@spoke/shared/testing/free-port';
import { NODE_24 } from './run-cli.ts';
import { listenOnLoopback } from './listen.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER_ENTRY = path.join(repoRoot, 'apps/server/src/server.ts');

export type Platform = {
  /** `http://localhost:<port>`, as the docs write the platform's address. */
  url: string;
  /** An API token of Ada's with the scope registry:publish. */
  token: string;
  close: () => Promise<void>;
};

async function api(
  url: string,
  method: string,
  body?: unknown,
  session?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session ? { authorization: `Bearer ${session}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: Record<string, unknown> }).data;
}

/** The verification link mailed to the only account (quoted-printable), from the server's outbox. */
async function verificationToken(dataDir: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox);
    } catch {
      // Not written yet.
    }
    for (const file of files) {
      const mail = readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification mail in ${outbox}`);
}

/**
 * The Spoke platform (apps/server) on a free port with its embedded database in a temporary
 * data directory, and Ada's account on it, e-mail verified, with an API token for publishing:
 * what the Account page has the reader do on the Workspace page.
 */
export async function startPlatform(): Promise<Platform> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spoke-docs-platform-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // At the lowest priority: it starts while the other pages' registries must answer in time.
  const child = spawn('nice', ['-n', '19', NODE_24, SERVER_ENTRY], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dataDir,
      PORT: String(port),
      HOST: 'localhost',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the platform stopped: ${output}`);
      const up = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() - started > 200_000) throw new Error(`the platform did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const password = 'correct-horse-battery';
    const registered = await api(`${url}/api/account/register`, 'POST', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      username: 'ada',
      password,
      confirmPassword: password,
      role: 'developer',
      teamSize: '2-10',
      useCase: 'automation',
      agreeToTerms: true,
      subscribeNewsletter: false,
    });
    const session = registered.token as string;
    await api(`${url}/api/account/verify-email`, 'POST', {
      token: await verificationToken(dataDir),
    });
    const created = await api(
      `${url}/api/account/tokens`,
      'POST',
      { name: 'ci', scopes: ['registry:publish'] },
      session,
    );
    return { url, token: created.secret as string, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * npm as it answers once the project's package is published (`npm publish`, which the docs do
 * before `spoke publish`): the version document of each package given, from its package.json.
 */
export async function startPublishedNpm(
  packageJsons: string[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/');
    const found = packageJsons
      .map((file) => JSON.parse(readFileSync(file, 'utf8')) as { name: string; version: string })
      .find((p) => url === `/${p.name}/${p.version}`);
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found ?? { error: 'not found' }));
  });
  return listenOnLoopback(server);
}
