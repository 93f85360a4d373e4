import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type CliFixtures = {
  root: string;
  /** A workspace with three installed servers. */
  workspace: string;
  env: NodeJS.ProcessEnv;
  /**
   * The same registry over https (a self-signed certificate that NODE_EXTRA_CA_CERTS names), as
   * the default configuration's registries are; null without openssl to make the certificate.
   */
  httpsEnv: NodeJS.ProcessEnv | null;
  /** A fresh empty directory for each `spoke init`. */
  freshDir: () => string;
  close: () => Promise<void>;
};

const server = (i: number) => ({
  server: {
    name: `io.github.bench/tool-${i}`,
    version: '1.0.0',
    description: `Benchmark tool number ${i}`,
    packages: [
      {
        registryType: 'npm',
        identifier: `@bench/tool-${i}`,
        version: '1.0.0',
        transport: { type: 'stdio' },
      },
    ],
  },
  _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
});

/** A self-signed certificate for 127.0.0.1, or null when openssl is not there. */
function selfSigned(dir: string): { key: string; cert: string } | null {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
        ...['-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    );
  } catch {
    return null;
  }
  return { key, cert };
}

/**
 * A local registry speaking the official list API: 200 servers, searched and paged; over https
 * when given a key and certificate.
 */
async function startRegistry(tls?: { key: string; cert: string }) {
  const all = Array.from({ length: 200 }, (_, i) => server(i));
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const search = url.searchParams.get('search') ?? '';
    const limit = Number(url.searchParams.get('limit') ?? 30);
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const hits = all.filter(
      (s) => s.server.name.includes(search) || s.server.description.includes(search),
    );
    const page = hits.slice(offset, offset + limit);
    const next = offset + limit < hits.length ? { nextCursor: String(offset + limit) } : {};
    res.writeHead(url.pathname === '/v0.1/servers' ? 200 : 404, {
      'content-type': 'application/json',
    });
    res.end(JSON.stringify({ servers: page, metadata: { count: page.length, ...next } }));
  };
  const http = tls
    ? createHttpsServer({ key: readFileSync(tls.key), cert: readFileSync(tls.cert) }, handler)
    : createServer(handler);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

const entry = (name: string) => ({
  source: `io.github.bench/${name}`,
  version: 'latest',
  registry: 'bench',
  transport: 'stdio',
  command: 'node',
  args: [`.spoke/servers/${name}/index.js`],
  env: {},
  secrets: [] as string[],
});

const locked = (name: string) => ({
  name: `io.github.bench/${name}`,
  version: '1.0.0',
  registry: 'bench',
  registryUrl: null,
  trustLevel: 'trusted' as string,
  license: 'MIT',
  package: {
    registryType: 'npm',
    identifier: `@bench/${name}`,
    version: '1.0.0',
    resolved: 'x',
    integrity: 'sha512-x',
  },
  toolsHash: 'sha256-x',
  toolCount: 4,
  installedAt: '2026-11-21T09:20:44.031Z',
});

/** config.json with the bench registry at `url` and a local registry file. */
function writeConfig(configDir: string, url: string): void {
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify({
      registries: [
        {
          name: 'bench',
          url,
          scope: '*',
          type: 'community',
          priority: 10,
          trustLevel: 'trusted',
        },
        {
          name: 'local',
          url: path.join(configDir, 'registry.json'),
          scope: '*',
          type: 'local',
          priority: 30,
          trustLevel: 'unverified',
        },
      ],
    }),
  );
}

/** A workspace with these servers installed (their directories empty: nothing starts them). */
function writeWorkspace(
  dir: string,
  names: readonly string[],
  change: (name: string, e: ReturnType<typeof entry>, l: ReturnType<typeof locked>) => void = () =>
    undefined,
): void {
  const entries = Object.fromEntries(names.map((n) => [n, { e: entry(n), l: locked(n) }]));
  for (const [n, { e, l }] of Object.entries(entries)) change(n, e, l);
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, 'spoke.json'),
    JSON.stringify({
      workspace: { name: 'bench', template: 'basic', createdAt: new Date().toISOString() },
      development: { autoReload: true, verbose: false },
      servers: Object.fromEntries(names.map((n) => [n, entries[n]!.e])),
    }),
  );
  writeFileSync(
    path.join(dir, 'spoke.lock.json'),
    JSON.stringify({
      lockfileVersion: 1,
      servers: Object.fromEntries(names.map((n) => [n, entries[n]!.l])),
    }),
  );
  for (const n of names) mkdirSync(path.join(dir, '.spoke', 'servers', n), { recursive: true });
}

/**
 * A workspace as most users have one: a server with a secret in the encrypted secret store (set
 * with the CLI itself) and an unverified one, which status reports as sandboxed or not. It has a
 * config directory of its own (the https registry's config when there is one), so that the other
 * commands are measured without a secrets file.
 */
export function secretWorkspace(
  fx: CliFixtures,
  node: string,
  bin: string,
): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = path.join(fx.root, 'workspace-secret');
  const configDir = path.join(fx.root, 'config-secret');
  const base = fx.httpsEnv ?? fx.env;
  const env = { ...base, SPOKE_CONFIG_DIR: configDir };
  if (existsSync(dir)) return { dir, env };
  mkdirSync(configDir);
  copyFileSync(
    path.join(base.SPOKE_CONFIG_DIR!, 'config.json'),
    path.join(configDir, 'config.json'),
  );
  writeWorkspace(dir, ['tool-1', 'tool-2'], (name, e, l) => {
    if (name === 'tool-1') e.secrets = ['TOOL_TOKEN'];
    else l.trustLevel = 'unverified';
  });
  execFileSync(node, [bin, 'config', 'set', 'servers.tool-1.env.TOOL_TOKEN', '--type', 'secret'], {
    cwd: dir,
    env: { ...env, SPOKE_SECRET_STORE: 'file' },
    input: 'bench-token\n',
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  return { dir, env };
}

/** Config, a workspace and a local registry, all under a temporary directory. */
export async function cliFixtures(): Promise<CliFixtures> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'spoke-bench-'));
  const configDir = path.join(root, 'config');
  const workspace = path.join(root, 'workspace');
  const registry = await startRegistry();
  writeConfig(configDir, registry.url);
  const tls = selfSigned(root);
  const secure = tls ? await startRegistry(tls) : null;
  const httpsConfigDir = path.join(root, 'config-https');
  if (secure) writeConfig(httpsConfigDir, secure.url);
  writeWorkspace(workspace, ['tool-1', 'tool-2', 'tool-3']);
  let fresh = 0;
  const env = {
    PATH: process.env.PATH,
    HOME: root,
    TMPDIR: process.env.TMPDIR,
    SPOKE_CONFIG_DIR: configDir,
    XDG_STATE_HOME: path.join(root, 'state'),
  };
  return {
    root,
    workspace,
    env,
    httpsEnv:
      secure && tls
        ? { ...env, SPOKE_CONFIG_DIR: httpsConfigDir, NODE_EXTRA_CA_CERTS: tls.cert }
        : null,
    freshDir: () => {
      const dir = path.join(root, `init-${fresh++}`);
      mkdirSync(dir);
      return dir;
    },
    close: async () => {
      await Promise.all([registry.close(), secure?.close()]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
