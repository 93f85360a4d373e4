import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Integration } from '../catalog/types.ts';
import { messageOf } from '../runtime/limits.ts';
import {
  bubblewrapRunner,
  IN_SANDBOX,
  NOBODY,
  scratchName,
  selfTest,
  type HostIdentity,
} from './bubblewrap.ts';
import { createPackageCache } from './package-cache.ts';
import { ProcessTransport } from './process-transport.ts';
import {
  DEFAULT_SANDBOX_LIMITS,
  type IntegrationSandbox,
  type SandboxLaunch,
  type SandboxLimits,
  type SandboxOptions,
  type SandboxRunner,
  type SandboxStatus,
} from './types.ts';

export { startEgressProxy, type EgressLog, type EgressProxy } from './egress-proxy.ts';
export { createPackageCache, type PackageCache } from './package-cache.ts';
export { IN_SANDBOX, SANDBOX_ID } from './bubblewrap.ts';
export * from './types.ts';

/** Said to an agent's owner when npm integrations cannot start on this server. */
export const SANDBOX_REFUSED_MESSAGE =
  'Integrations that run third-party code are switched off on this server because no sandbox ' +
  'is available to isolate them. Ask the operator to install bubblewrap (or to allow ' +
  'unsandboxed integrations explicitly).';

/**
 * Where a path-valued setting points inside the scratch directory `root`: the value is read as a
 * path relative to the scratch root, so "/", "../.." and "/etc" all stay inside it.
 */
export function confinedPath(root: string, value: string): string {
  const inside = path.posix.normalize(`/${value.replace(/\0/g, '')}`);
  return inside === '/' ? root : path.posix.join(root, inside);
}

function pathSettings(integration: Integration): Record<string, 'dir' | 'file'> {
  const { provider } = integration;
  return provider.kind === 'npm' ? { ...provider.sandbox?.paths } : {};
}

function confineWith(root: (agentId: string) => string) {
  return (integration: Integration, agentId: string, values: Readonly<Record<string, string>>) => {
    const out: Record<string, string> = { ...values };
    for (const name of Object.keys(pathSettings(integration))) {
      const value = values[name];
      if (value) out[name] = confinedPath(root(agentId), value);
    }
    return out;
  };
}

/** Runs servers on the host as the server's own user: only when the operator asked for it. */
function unsafeRunner(options: SandboxOptions, limits: SandboxLimits): SandboxRunner {
  const packages = createPackageCache({
    dir: path.join(options.dataDir, 'packages'),
    registry: options.npmRegistry,
    timeoutMs: options.installTimeoutMs,
  });
  const live = new Set<ProcessTransport>();
  return {
    async start(launch: SandboxLaunch) {
      if (!launch.version) {
        throw new Error(`the npm package ${launch.package} has no checked version to install`);
      }
      const pkg = await packages.ensure(launch.package, launch.version);
      const scratch = path.join(options.dataDir, 'sandbox', 'agents', scratchName(launch.agentId));
      await mkdir(scratch, { recursive: true, mode: 0o700 });
      for (const [name, kind] of Object.entries(pathSettings(launch.integration))) {
        const value = launch.env[name];
        if (value?.startsWith(scratch)) {
          await mkdir(kind === 'dir' ? value : path.dirname(value), { recursive: true });
        }
      }
      const transport: ProcessTransport = new ProcessTransport({
        command: process.execPath,
        args: [
          `--max-old-space-size=${limits.memoryMb}`,
          path.join(pkg.dir, pkg.bin),
          ...launch.args,
        ],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: scratch, ...launch.env },
        wallClockMs: limits.wallClockMs,
        onExit: () => live.delete(transport),
      });
      await transport.start();
      live.add(transport);
      return { transport, stderr: () => transport.stderr };
    },
    async close() {
      await Promise.all([...live].map((transport) => transport.close()));
    },
  };
}

/**
 * Decides how third-party integration servers run on this machine (see {@link SandboxSetting}),
 * testing bubblewrap first when it may be used, and returns the sandbox that starts them.
 */
export async function createIntegrationSandbox(
  options: SandboxOptions,
): Promise<IntegrationSandbox> {
  const limits = { ...DEFAULT_SANDBOX_LIMITS, ...options.limits };
  const bwrap = options.bwrapPath ?? '/usr/bin/bwrap';
  const scratchRoot = (agentId: string) =>
    path.join(options.dataDir, 'sandbox', 'agents', scratchName(agentId));

  if (options.setting === 'none-unsafe') {
    const runner = unsafeRunner(options, limits);
    return {
      status: {
        setting: options.setting,
        mode: 'none-unsafe',
        detail:
          'Integrations run WITHOUT a sandbox, as the server’s own user (INTEGRATIONS_SANDBOX=none-unsafe).',
      },
      confine: confineWith(scratchRoot),
      start: runner.start,
      close: runner.close,
    };
  }

  let failure: string | null = null;
  let identity: HostIdentity;
  let hostUser = 'the server’s own user';
  try {
    if (process.getuid?.() === 0) {
      // As root the server can start sandboxes as nobody on the host too, if nobody can reach
      // the data directory; otherwise they run as root mapped to nobody inside.
      try {
        await selfTest(bwrap, options.dataDir, NOBODY);
        identity = NOBODY;
        hostUser = `uid ${NOBODY!.uid} on the host too`;
      } catch {
        await selfTest(bwrap, options.dataDir, undefined);
        hostUser = `root mapped to uid 65534 (make ${options.dataDir} reachable by uid 65534 to run as nobody on the host)`;
      }
    } else {
      await selfTest(bwrap, options.dataDir, undefined);
    }
  } catch (error) {
    failure = messageOf(error);
  }
  if (failure !== null && options.setting === 'bubblewrap') {
    throw new Error(
      `INTEGRATIONS_SANDBOX=bubblewrap, but bubblewrap at ${bwrap} failed its self-test: ${failure}`,
    );
  }
  if (failure !== null) {
    const status: SandboxStatus = {
      setting: options.setting,
      mode: 'refused',
      detail: `No sandbox: bubblewrap at ${bwrap} failed its self-test (${failure}); integrations that run third-party code are refused.`,
    };
    return {
      status,
      confine: confineWith(() => IN_SANDBOX.scratch),
      start: () => Promise.reject(new Error(SANDBOX_REFUSED_MESSAGE)),
      close: async () => {},
    };
  }
  const runner = bubblewrapRunner({
    bwrap,
    dataDir: options.dataDir,
    packages: createPackageCache({
      dir: path.join(options.dataDir, 'packages'),
      registry: options.npmRegistry,
      timeoutMs: options.installTimeoutMs,
    }),
    limits,
    network: options.network,
    egressLog: options.egressLog,
    identity,
  });
  return {
    status: {
      setting: options.setting,
      mode: 'bubblewrap',
      detail: `Integrations run in a bubblewrap sandbox (${bwrap}) as uid 65534, ${hostUser}: no host files, no private networks, ${limits.memoryMb} MiB heap, ${limits.processes} processes, ${limits.cpuSeconds} s CPU each.`,
    },
    confine: confineWith(() => IN_SANDBOX.scratch),
    start: runner.start,
    close: runner.close,
  };
}
