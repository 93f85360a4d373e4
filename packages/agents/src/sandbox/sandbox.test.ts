import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../builtins/test-support.ts';
import { integrationById, npmPackageInfo } from '../catalog/index.ts';
import type { Integration } from '../catalog/types.ts';
import { connectIntegration } from '../runtime/connect.ts';
import {
  createIntegrationSandbox,
  createPackageCache,
  SANDBOX_REFUSED_MESSAGE,
  type IntegrationSandbox,
  type SandboxLimits,
} from './index.ts';
import { HOSTILE_SERVER_JS, startHostileRegistry, writeHostilePackage } from './test-support.ts';

const { ctx } = testContext();

// Real bubblewrap, a real package installed from a local npm registry, real limits.
const NAME = 'spoke-hostile-test';
const VERSION = '1.0.0';

const hostile = (egress: 'public' | 'none'): Integration => ({
  id: 'hostile',
  name: 'Hostile',
  category: 'Utilities',
  description: 'Tries to get out.',
  keywords: [],
  aliases: [],
  provider: { kind: 'npm', package: NAME, sandbox: { egress } },
  registryName: 'dev.spoke.test/hostile',
  env: [{ name: 'HOSTILE_TOKEN', description: 'Token.', secret: true, required: false }],
  events: [],
  tools: [],
});

let dataDir: string;
let registry: Awaited<ReturnType<typeof startHostileRegistry>>;
let hostServer: Server;
let hostPort: number;
const sandboxes: IntegrationSandbox[] = [];
const clients: Client[] = [];

const LIMITS: Partial<SandboxLimits> = {
  memoryMb: 128,
  processes: 48,
  cpuSeconds: 4,
  wallClockMs: 60_000,
};

const egress: { target: string; allowed: boolean; reason?: string }[] = [];

async function sandboxWith(limits: Partial<SandboxLimits>, allowPrivateNetworks = false) {
  const sandbox = await createIntegrationSandbox({
    setting: 'auto',
    dataDir,
    network: { allowPrivateNetworks },
    egressLog: (event) => egress.push(event),
    npmRegistry: registry.url,
    limits: { ...LIMITS, ...limits },
  });
  sandboxes.push(sandbox);
  return sandbox;
}

async function open(sandbox: IntegrationSandbox, agentId: string, egress: 'public' | 'none') {
  const started = await sandbox.start({
    agentId,
    integration: hostile(egress),
    package: NAME,
    version: VERSION,
    args: [],
    env: { HOSTILE_TOKEN: 'tok-inside' },
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(started.transport);
  clients.push(client);
  return { client, stderr: started.stderr };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args }, undefined, {
    timeout: 30_000,
  })) as CallToolResult;
  return (result.content[0] as { text: string }).text;
}

const hostAnswers = async () => (await fetch(`http://127.0.0.1:${hostPort}/`)).status;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'spoke-sandbox-'));
  chmodSync(dataDir, 0o711);
  registry = await startHostileRegistry(NAME, VERSION);
  hostServer = createServer((_req, res) => res.end('host secret page'));
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  hostPort = (hostServer.address() as AddressInfo).port;
}, 60_000);

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})));
});

afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  await registry.close();
  hostServer.closeAllConnections();
  await new Promise((resolve) => hostServer.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the bubblewrap sandbox', () => {
  let sandbox: IntegrationSandbox;
  beforeAll(async () => {
    sandbox = await sandboxWith({});
  }, 60_000);

  it('is what is in force here, and installs the package once from the registry', async () => {
    expect(sandbox.status).toMatchObject({ setting: 'auto', mode: 'bubblewrap' });
    const [a, b] = await Promise.all([
      open(sandbox, 'agent-one', 'none'),
      open(sandbox, 'agent-one', 'none'),
    ]);
    expect(await call(a.client, 'whoami')).toBe('uid=65534 gid=65534 cwd=/scratch');
    expect(await call(b.client, 'env')).toBe(
      JSON.stringify({ token: 'tok-inside', proxy: null, home: '/scratch' }),
    );
    expect(registry.packumentRequests()).toBe(1);
    const installed = path.join(dataDir, 'packages', `${NAME}@${VERSION}`);
    expect(statSync(installed).isDirectory()).toBe(true);
  }, 60_000);

  it('shows nothing of the host: no secrets, no home, no data directory, no other agent', async () => {
    const one = await open(sandbox, 'agent-one', 'none');
    expect(await call(one.client, 'write', { path: '/scratch/private.txt' })).toBe('ok: written');
    const two = await open(sandbox, 'agent-two', 'none');
    for (const target of [
      '/etc/shadow',
      '/etc/passwd',
      '/root/.bashrc',
      path.join(dataDir, 'sandbox/agents/agent-one/private.txt'),
      '/scratch/private.txt',
      path.join(process.cwd(), 'package.json'),
    ]) {
      expect(await call(two.client, 'read', { path: target }), target).toBe('error: ENOENT');
    }
    expect(await call(two.client, 'list', { path: '/' })).toBe(
      'ok: bin,dev,etc,lib,lib64,opt,proc,sbin,scratch,tmp,usr',
    );
    // The host's processes are not visible: /proc is the sandbox's own.
    const pids = (await call(two.client, 'list', { path: '/proc' }))
      .slice(4)
      .split(',')
      .filter((entry) => /^\d+$/.test(entry));
    expect(pids.length).toBeLessThanOrEqual(4);
    // The scratch directory is the agent's own, 0700, owned by the sandbox's user.
    const scratch = statSync(path.join(dataDir, 'sandbox/agents/agent-one'));
    expect(scratch.mode & 0o777).toBe(0o700);
  }, 60_000);

  it('cannot write anywhere but its scratch directory and /tmp', async () => {
    const { client } = await open(sandbox, 'agent-one', 'none');
    for (const target of [
      '/usr/bin/evil',
      '/opt/package/node_modules/spoke-hostile-test/server.js',
      '/opt/spoke/launcher.mts',
      '/evil',
      '/dev/evil',
    ]) {
      expect(await call(client, 'write', { path: target }), target).toBe('error: EROFS');
    }
    expect(await call(client, 'write', { path: path.join(dataDir, 'evil') })).toBe('error: ENOENT');
    expect(await call(client, 'write', { path: '/tmp/fine' })).toBe('ok: written');
  }, 60_000);

  it('reaches no loopback service, database or private address of the host', async () => {
    const { client } = await open(sandbox, 'agent-one', 'none');
    expect(await call(client, 'connect', { host: '127.0.0.1', port: 5432 })).toBe(
      'error: ECONNREFUSED',
    );
    expect(await call(client, 'connect', { host: '127.0.0.1', port: hostPort })).toBe(
      'error: ECONNREFUSED',
    );
    expect(await call(client, 'connect', { host: '10.0.0.1', port: 80 })).toBe(
      'error: ENETUNREACH',
    );
    expect(await call(client, 'fetch', { url: 'https://registry.npmjs.org/' })).toMatch(
      /^error: (EAI_AGAIN|ENOTFOUND)/,
    );
  }, 60_000);

  it('bounds a fork bomb, and the host stays healthy', async () => {
    const { client } = await open(sandbox, 'agent-bomb', 'none');
    const outcome = await call(client, 'forkbomb', { count: 400 });
    const [, started, refused] = /^started (\d+) refused (\d+)$/.exec(outcome) ?? [];
    expect(Number(started)).toBeLessThan(48);
    expect(Number(refused)).toBeGreaterThan(300);
    expect(await hostAnswers()).toBe(200);
  }, 60_000);

  // RLIMIT_NPROC counts a user's processes per user namespace, and every sandbox has its own:
  // the limit is each sandbox's, not one shared by all sandboxes of host uid 65534.
  it("keeps one agent's fork bomb from stopping another agent's sandbox starting processes", async () => {
    const bomb = await open(sandbox, 'agent-bomb-two', 'none');
    const neighbour = await open(sandbox, 'agent-neighbour', 'none');
    // The bomb's processes live 20 s: the neighbour starts its own while they hold their limit.
    expect(await call(bomb.client, 'forkbomb', { count: 400 })).toMatch(
      /^started \d+ refused [1-9]/,
    );
    expect(await call(neighbour.client, 'forkbomb', { count: 3 })).toBe('started 3 refused 0');
    const later = await open(sandbox, 'agent-later', 'none');
    expect(await call(later.client, 'forkbomb', { count: 3 })).toBe('started 3 refused 0');
  }, 60_000);

  it('leaves no process behind once its connection is closed', async () => {
    const processesOf = (agentId: string) =>
      execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(`${dataDir}/sandbox/agents/${agentId} `));
    const { client } = await open(sandbox, 'agent-closed', 'public');
    await call(client, 'forkbomb', { count: 3 });
    // One sandbox (bubblewrap and its namespace's first process) for the connection: the MCP
    // client's own start does not start a second one.
    expect(processesOf('agent-closed')).toHaveLength(2);
    await client.close();
    await expect.poll(() => processesOf('agent-closed'), { timeout: 5000 }).toEqual([]);
  }, 60_000);

  it('cannot allocate memory past its limit', async () => {
    const { client } = await open(sandbox, 'agent-one', 'none');
    // Either the allocation fails inside or the server dies of it; it never gets the memory.
    const outcome = await call(client, 'allocate', { mb: 4096 }).catch((error: Error) => error);
    expect(String(outcome)).toMatch(
      /^(error: allocation failed after \d+ MiB|.*Connection closed)/,
    );
    expect(await hostAnswers()).toBe(200);
    const again = await open(sandbox, 'agent-one', 'none');
    expect(await call(again.client, 'allocate', { mb: 64 })).toBe('ok: allocated 64 MiB');
  }, 60_000);

  it('is stopped when it uses more CPU time than allowed', async () => {
    const { client, stderr } = await open(sandbox, 'agent-one', 'none');
    const started = Date.now();
    await expect(call(client, 'spin', { ms: 30_000 })).rejects.toThrow(/Connection closed/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(stderr()).toMatch(/stopped by SIGXCPU|SIGKILL/);
    expect(await hostAnswers()).toBe(200);
  }, 60_000);
});

describe('a data directory the sandbox user cannot reach', () => {
  it('still isolates, as the server’s user mapped to 65534, and says so', async () => {
    const privateDir = mkdtempSync(path.join(os.tmpdir(), 'spoke-sandbox-private-'));
    try {
      expect(statSync(privateDir).mode & 0o777).toBe(0o700);
      const sandbox = await createIntegrationSandbox({
        setting: 'auto',
        dataDir: privateDir,
        network: {},
        npmRegistry: registry.url,
        limits: LIMITS,
      });
      sandboxes.push(sandbox);
      expect(sandbox.status.mode).toBe('bubblewrap');
      expect(sandbox.status.detail).toContain(
        process.getuid?.() === 0
          ? `root mapped to uid 65534 (make ${privateDir} reachable by uid 65534`
          : 'as uid 65534, the server’s own user:',
      );
      const { client } = await open(sandbox, 'agent-private', 'none');
      expect(await call(client, 'whoami')).toBe('uid=65534 gid=65534 cwd=/scratch');
      expect(await call(client, 'read', { path: '/etc/shadow' })).toBe('error: ENOENT');
      expect(await call(client, 'write', { path: '/usr/evil' })).toBe('error: EROFS');
      expect(await call(client, 'connect', { host: '127.0.0.1', port: 5432 })).toBe(
        'error: ECONNREFUSED',
      );
      await client.close();
    } finally {
      rmSync(privateDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('the wall-clock limit', () => {
  it('kills the whole sandbox when it lives too long', async () => {
    const sandbox = await sandboxWith({ wallClockMs: 2500, cpuSeconds: 60 });
    const { client } = await open(sandbox, 'agent-slow', 'none');
    const started = Date.now();
    await expect(call(client, 'spin', { ms: 30_000 })).rejects.toThrow(/Connection closed/);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);
});

describe('egress through the address guard', () => {
  it('refuses loopback and private targets through the proxy', async () => {
    const sandbox = await sandboxWith({});
    const { client } = await open(sandbox, 'agent-net', 'public');
    const env = JSON.parse(await call(client, 'env')) as { proxy: string };
    expect(env.proxy).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const refused = {
      [`127.0.0.1:${hostPort}`]: 'refused: 127.0.0.1 is a loopback address',
      '127.0.0.1:5432': 'refused: 127.0.0.1 is a loopback address',
      '[::1]:5432': 'refused: ::1 is a loopback address',
      '10.0.0.1:443': 'refused: 10.0.0.1 is a private address',
      '169.254.169.254:80': 'refused: 169.254.169.254 is a link-local address',
      '[::ffff:127.0.0.1]:80': 'refused: ::ffff:7f00:1 is a loopback address (embedded 127.0.0.1)',
      'localhost:5432': 'refused: localhost resolves to 127.0.0.1, a loopback address',
    };
    for (const [target, reason] of Object.entries(refused)) {
      expect(await call(client, 'tunnel', { target }), target).toBe(
        `HTTP/1.1 403 Forbidden | ${reason}`,
      );
    }
    expect(await call(client, 'tunnel', { target: 'not a target' })).toBe(
      'HTTP/1.1 400 Bad Request | refused: not a proxy request',
    );
    expect(await call(client, 'fetch', { url: `http://127.0.0.1:${hostPort}/` })).toMatch(
      /^error: /,
    );
    expect(egress).toContainEqual({
      target: `127.0.0.1:${hostPort}`,
      allowed: false,
      reason: 'refused: 127.0.0.1 is a loopback address',
    });
    // Direct connections still go nowhere: the proxy is the only way out.
    expect(await call(client, 'connect', { host: '127.0.0.1', port: hostPort })).toBe(
      'error: ECONNREFUSED',
    );
  }, 60_000);

  it('reaches a server the policy allows', async () => {
    const sandbox = await sandboxWith({}, true);
    const { client } = await open(sandbox, 'agent-net', 'public');
    expect(await call(client, 'fetch', { url: `http://127.0.0.1:${hostPort}/` })).toBe(
      'status 200: host secret page',
    );
  }, 60_000);
});

describe('the filesystem integration', () => {
  it('is confined to the agent’s scratch directory whatever root it is given', async () => {
    const sandbox = await sandboxWith({});
    const filesystem = integrationById('filesystem')!;
    const version = npmPackageInfo(filesystem)!.version;
    // The catalog's package, as the cache would hold it (a stand-in that reports its root).
    writeHostilePackage(
      path.join(dataDir, 'packages', `@modelcontextprotocol+server-filesystem@${version}`),
      '@modelcontextprotocol/server-filesystem',
    );
    const roots = {
      '/': '/scratch',
      '../..': '/scratch',
      '/etc/../../root': '/scratch/root',
      '../../../etc': '/scratch/etc',
      'docs/2026': '/scratch/docs/2026',
    };
    for (const [root, confined] of Object.entries(roots)) {
      const connection = await connectIntegration(filesystem, {
        credentials: { FILESYSTEM_ROOT: root },
        builtin: { ...ctx, agentId: 'agent-fs' },
        sandbox,
      });
      try {
        const argv = await connection.client.callTool({ name: 'argv', arguments: {} });
        expect((argv as CallToolResult).content[0], root).toEqual({
          type: 'text',
          text: JSON.stringify([confined]),
        });
        // The directory exists (created inside the sandbox) and holds nothing of the host.
        const listed = await connection.client.callTool({
          name: 'list',
          arguments: { path: confined },
        });
        expect((listed as CallToolResult).content[0]).toMatchObject({ text: /^ok: / });
      } finally {
        await connection.close();
      }
    }
    expect(statSync(path.join(dataDir, 'sandbox/agents/agent-fs/etc')).isDirectory()).toBe(true);
  }, 60_000);
});

describe('without a working sandbox', () => {
  it('refuses npm integrations with a clear message, and says so in its status', async () => {
    const sandbox = await createIntegrationSandbox({
      setting: 'auto',
      bwrapPath: '/nonexistent/bwrap',
      dataDir,
      network: {},
    });
    expect(sandbox.status).toEqual({
      setting: 'auto',
      mode: 'refused',
      detail:
        'No sandbox: bubblewrap at /nonexistent/bwrap failed its self-test (/nonexistent/bwrap does not exist); integrations that run third-party code are refused.',
    });
    const connecting = connectIntegration(integrationById('filesystem')!, {
      credentials: { FILESYSTEM_ROOT: '/' },
      builtin: ctx,
      sandbox,
    });
    await expect(connecting).rejects.toThrow(
      `Could not start Filesystem (npm package @modelcontextprotocol/server-filesystem): ${SANDBOX_REFUSED_MESSAGE}`,
    );
  });

  it('does not start at all when bubblewrap was asked for explicitly', async () => {
    await expect(
      createIntegrationSandbox({
        setting: 'bubblewrap',
        bwrapPath: '/nonexistent/bwrap',
        dataDir,
        network: {},
      }),
    ).rejects.toThrow(
      'INTEGRATIONS_SANDBOX=bubblewrap, but bubblewrap at /nonexistent/bwrap failed its self-test: /nonexistent/bwrap does not exist',
    );
  });
});

describe('the package cache', () => {
  it('keeps one whole copy when several installs of one package race', async () => {
    const dir = path.join(dataDir, 'race');
    // Separate caches stand for separate server processes sharing the data directory.
    const caches = Array.from({ length: 4 }, () =>
      createPackageCache({ dir, registry: registry.url }),
    );
    const installed = await Promise.all(caches.map((cache) => cache.ensure(NAME, VERSION)));
    for (const one of installed) {
      expect(one).toEqual({
        dir: path.join(dir, `${NAME}@${VERSION}`),
        bin: `node_modules/${NAME}/server.js`,
      });
    }
    expect(readdirSync(dir)).toEqual([`${NAME}@${VERSION}`]);
    expect(
      readFileSync(path.join(dir, `${NAME}@${VERSION}/node_modules/${NAME}/server.js`), 'utf8'),
    ).toBe(HOSTILE_SERVER_JS);
  }, 90_000);

  it('refuses names and versions that are not npm’s', async () => {
    const cache = createPackageCache({ dir: path.join(dataDir, 'bad'), registry: registry.url });
    await expect(cache.ensure('../../etc', '1.0.0')).rejects.toThrow(
      'invalid npm package name: ../../etc',
    );
    await expect(cache.ensure(NAME, '1.0.0 --global')).rejects.toThrow(
      `invalid version for the npm package ${NAME}: 1.0.0 --global`,
    );
    await expect(cache.ensure('no-such-package-here', '1.0.0')).rejects.toThrow(
      /^could not install the npm package no-such-package-here@1.0.0: /,
    );
  }, 90_000);
});
