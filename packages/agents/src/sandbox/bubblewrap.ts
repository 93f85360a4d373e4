import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { chown, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEgressProxy, type EgressProxy } from './egress-proxy.ts';
import type { PackageCache } from './package-cache.ts';
import { ProcessTransport } from './process-transport.ts';
import type { NetworkPolicy } from '../builtins/types.ts';
import type { EgressLog } from './egress-proxy.ts';
import type { SandboxLaunch, SandboxLimits, SandboxRunner, SandboxedProcess } from './types.ts';

/** The uid and gid inside every sandbox (and on the host when the server runs as root). */
export const SANDBOX_ID = 65534;
/** Paths inside the sandbox. */
export const IN_SANDBOX = {
  node: '/opt/spoke/node',
  launcher: '/opt/spoke/launcher.mts',
  package: '/opt/package',
  scratch: '/scratch',
  run: '/run/spoke',
} as const;
const PRLIMIT = '/usr/bin/prlimit';
const LAUNCHER = fileURLToPath(new URL('./launcher.ts', import.meta.url));
const MIB = 1024 * 1024;
/** Address space V8 reserves beyond its heap (code range, pointer cage, thread stacks). */
const ADDRESS_SPACE_OVERHEAD_MB = 2048;

/** A host user to switch to before starting bubblewrap; undefined: the server's own. */
export type HostIdentity = { uid: number; gid: number } | undefined;

/** Nobody on the host too, when the server runs as root and so may switch users. */
export const NOBODY: HostIdentity = { uid: SANDBOX_ID, gid: SANDBOX_ID };

/** The system directories node needs, read-only; symlinks such as /lib -> usr/lib kept as such. */
function systemMounts(): string[] {
  const args: string[] = ['--ro-bind', '/usr', '/usr'];
  for (const dir of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    let stat;
    try {
      stat = lstatSync(dir);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else if (stat.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  // Certificates only: no passwd, no hosts, no resolver (the proxy resolves names outside).
  for (const dir of ['/etc/ssl', '/etc/ca-certificates', '/etc/pki']) {
    if (existsSync(dir)) args.push('--ro-bind', dir, dir);
  }
  return args;
}

/** The bwrap arguments shared by every sandbox: namespaces, identity and a minimal root. */
export function baseArguments(tmpMb: number): string[] {
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--uid',
    String(SANDBOX_ID),
    '--gid',
    String(SANDBOX_ID),
    '--hostname',
    'sandbox',
    '--cap-drop',
    'ALL',
    ...systemMounts(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--remount-ro',
    '/dev',
    '--size',
    String(tmpMb * MIB),
    '--tmpfs',
    '/tmp',
    '--ro-bind',
    realpathSync(process.execPath),
    IN_SANDBOX.node,
  ];
}

/** A safe directory name for an agent id (ids are UUIDs; anything else is refused). */
export function scratchName(agentId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(agentId)) throw new Error(`invalid agent id: ${agentId}`);
  return agentId;
}

/** Creates `dir` (0700) for the sandbox's user. */
async function ownedDir(dir: string, id: HostIdentity) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const owner = id ?? { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  await chown(dir, owner.uid, owner.gid);
}

/** A parent the sandbox's user may pass through but not list. */
async function passDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: 0o711 });
  chmodSync(dir, 0o711);
}

/** Runs a short command in a bare sandbox; resolves with its output, rejects with why not. */
export function probe(
  bwrap: string,
  id: HostIdentity,
  extra: string[],
  script: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      bwrap,
      [...baseArguments(8), ...extra, '--remount-ro', '/', IN_SANDBOX.node, '-e', script],
      { timeout: 15_000, killSignal: 'SIGKILL', env: { PATH: '/usr/bin:/bin' }, ...id },
      (error, stdout, stderr) => {
        if (error) {
          const why = (stderr.trim() || error.message).split('\n').slice(0, 6).join(' ');
          return reject(new Error(why.slice(0, 400)));
        }
        resolve(stdout.trim());
      },
    );
  });
}

/**
 * Checks at start that bubblewrap really isolates here: user, pid and network namespaces, the
 * sandbox's identity, a fresh /proc, no loopback services of the host, and the limits tool.
 */
export async function selfTest(bwrap: string, dataDir: string, id: HostIdentity): Promise<void> {
  if (!existsSync(bwrap)) throw new Error(`${bwrap} does not exist`);
  if (!existsSync(PRLIMIT)) throw new Error(`${PRLIMIT} (util-linux) does not exist`);
  const root = path.join(dataDir, 'sandbox');
  await passDir(root);
  const probeDir = path.join(root, 'agents', '.self-test');
  await passDir(path.dirname(probeDir));
  await ownedDir(probeDir, id);
  await passDir(path.join(dataDir, 'packages'));
  const script = [
    "const fs = require('node:fs');",
    "fs.writeFileSync('/scratch/probe', 'ok');",
    "const pids = fs.readdirSync('/proc').filter((n) => /^\\d+$/.test(n)).length;",
    "const ifaces = Object.keys(require('node:os').networkInterfaces());",
    'console.log(JSON.stringify({ uid: process.getuid(), pids, ifaces }));',
  ].join('');
  const out = await probe(
    bwrap,
    id,
    ['--bind', probeDir, IN_SANDBOX.scratch, '--ro-bind', LAUNCHER, IN_SANDBOX.launcher],
    script,
  );
  await rm(probeDir, { recursive: true, force: true });
  let seen: { uid?: number; pids?: number; ifaces?: string[] };
  try {
    seen = JSON.parse(out) as typeof seen;
  } catch {
    throw new Error(`unexpected self-test output: ${out.slice(0, 200)}`);
  }
  if (seen.uid !== SANDBOX_ID) throw new Error(`the sandbox ran as uid ${seen.uid}`);
  if ((seen.pids ?? 99) > 3) throw new Error('the sandbox sees processes of the host');
  if ((seen.ifaces ?? []).some((name) => name !== 'lo')) {
    throw new Error('the sandbox sees network interfaces of the host');
  }
}

/** Runs each npm server in its own bubblewrap sandbox; see docs/decisions/014. */
export function bubblewrapRunner(options: {
  bwrap: string;
  dataDir: string;
  packages: PackageCache;
  limits: SandboxLimits;
  network: NetworkPolicy;
  egressLog?: EgressLog;
  identity: HostIdentity;
}): SandboxRunner {
  const { limits } = options;
  const agentsDir = path.join(options.dataDir, 'sandbox', 'agents');
  const runDir = path.join(options.dataDir, 'sandbox', 'run');
  const live = new Set<ProcessTransport>();

  async function start(launch: SandboxLaunch): Promise<SandboxedProcess> {
    if (!launch.version) {
      throw new Error(`the npm package ${launch.package} has no checked version to install`);
    }
    const pkg = await options.packages.ensure(launch.package, launch.version);
    await passDir(agentsDir);
    const scratch = path.join(agentsDir, scratchName(launch.agentId));
    await ownedDir(scratch, options.identity);
    const egress =
      launch.integration.provider.kind === 'npm' &&
      launch.integration.provider.sandbox?.egress !== 'none';
    let proxy: EgressProxy | undefined;
    let proxyDir: string | undefined;
    if (egress) {
      await passDir(runDir);
      proxyDir = path.join(runDir, randomBytes(12).toString('hex'));
      await mkdir(proxyDir, { mode: 0o711 });
      chmodSync(proxyDir, 0o711);
      proxy = await startEgressProxy({
        socketPath: path.join(proxyDir, 'proxy.sock'),
        policy: options.network,
        log: options.egressLog,
      });
    }
    const mkdirs = Object.entries(
      (launch.integration.provider.kind === 'npm' && launch.integration.provider.sandbox?.paths) ||
        {},
    ).flatMap(([name, kind]) => {
      const value = launch.env[name];
      if (!value?.startsWith(IN_SANDBOX.scratch)) return [];
      return [kind === 'dir' ? value : path.posix.dirname(value)];
    });
    const instructions = {
      node: IN_SANDBOX.node,
      prlimit: PRLIMIT,
      limits: {
        addressSpaceBytes: (limits.memoryMb + ADDRESS_SPACE_OVERHEAD_MB) * MIB,
        processes: limits.processes,
        cpuSeconds: limits.cpuSeconds,
        files: 256,
      },
      heapMb: limits.memoryMb,
      mkdirs,
      proxySocket: proxy ? `${IN_SANDBOX.run}/proxy.sock` : null,
      command: [path.posix.join(IN_SANDBOX.package, pkg.bin), ...launch.args],
    };
    const args = [
      ...baseArguments(limits.tmpMb),
      '--ro-bind',
      LAUNCHER,
      IN_SANDBOX.launcher,
      '--ro-bind',
      pkg.dir,
      IN_SANDBOX.package,
      '--bind',
      scratch,
      IN_SANDBOX.scratch,
      ...(proxyDir ? ['--ro-bind', proxyDir, IN_SANDBOX.run] : []),
      // Nothing but the scratch directory and /tmp is writable.
      '--remount-ro',
      '/',
      '--chdir',
      IN_SANDBOX.scratch,
      IN_SANDBOX.node,
      IN_SANDBOX.launcher,
    ];
    const cleanup = async () => {
      live.delete(transport);
      await proxy?.close();
      if (proxyDir) await rm(proxyDir, { recursive: true, force: true });
    };
    const transport: ProcessTransport = new ProcessTransport({
      command: options.bwrap,
      args,
      env: {
        ...launch.env,
        PATH: '/usr/local/bin:/usr/bin:/bin',
        HOME: IN_SANDBOX.scratch,
        TMPDIR: '/tmp',
        LANG: 'C.UTF-8',
        SPOKE_SANDBOX_LAUNCH: JSON.stringify(instructions),
      },
      ...options.identity,
      wallClockMs: limits.wallClockMs,
      onExit: () => void cleanup(),
    });
    try {
      await transport.start();
    } catch (error) {
      await cleanup();
      throw error;
    }
    live.add(transport);
    return { transport, stderr: () => transport.stderr };
  }

  return {
    start,
    async close() {
      await Promise.all([...live].map((transport) => transport.close()));
    },
  };
}
