import { recordDoneAttempt, recordFailedAttempt, recordRestore } from '../audit/install.ts';
import { loadGlobalConfig } from '../config/global-config.ts';
import { durationMs } from '../config/duration.ts';
import { loadLock, loadWorkspace, requireWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { failure, usageError } from '../errors.ts';
import type { Candidate } from '../install/candidate.ts';
import { installOne } from '../install/install-one.ts';
import { resolveFromPath } from '../install/resolve-path.ts';
import { resolveFromRegistries } from '../install/resolve-registry.ts';
import { INSTALL_INTERRUPTED, interruptible, interruption } from '../install/step.ts';
import { combinePolicies, loadManagedPolicy } from '../policy/policy.ts';
import type { Policy } from '../policy/types.ts';
import { selectRegistries } from '../registry/selection.ts';

export type InstallOptions = CommandContext & {
  server: string | undefined;
  yes: boolean;
  name: string | undefined;
  registry: string | undefined;
  /** `--set NAME=VALUE` values. */
  set?: Record<string, string>;
};

const isPath = (target: string) => /^(\.{1,2}(\/|$)|\/)/.test(target);

/** Installs a resolved server and records the attempt in the audit log, however it ends. */
async function installRecorded(
  base: Omit<Parameters<typeof installOne>[0], 'policy'>,
  policy: Policy,
  c: Candidate,
  wanted: string | undefined,
): Promise<void> {
  const attempt = {
    action: 'install' as const,
    server: wanted ?? c.localName,
    source: c.displayName,
    version: c.version,
    registry: c.registry,
    trustLevel: c.trustLevel,
    license: c.license,
  };
  try {
    await installOne({ ...base, policy }, c, wanted);
  } catch (err) {
    recordFailedAttempt(attempt, err, policy);
    throw err;
  }
  const ref = base.ref;
  recordDoneAttempt(
    attempt,
    loadWorkspace(ref).servers[attempt.server],
    loadLock(ref).servers[attempt.server],
  );
}

export async function install(options: InstallOptions): Promise<void> {
  const { cwd, env, out } = options;
  const ref = requireWorkspace(cwd);
  const workspace = loadWorkspace(ref);
  const lock = loadLock(ref);
  const { server } = options;
  if (server === undefined) {
    if (options.set && Object.keys(options.set).length) {
      throw usageError('--set needs a server to install', 'see spoke install --help');
    }
    const { restore } = await import('../install/restore.ts');
    return recordRestore(ref, Object.keys(workspace.servers), () =>
      interruptible((signal) =>
        restore({
          ...options,
          ref,
          workspace,
          lock,
          interrupt: interruption(signal, INSTALL_INTERRUPTED),
        }),
      ),
    );
  }
  // Ctrl+C stops the current step; the step's own cleanup runs and the command exits with 1.
  return interruptible(async (signal) => {
    const { config } = loadGlobalConfig(env);
    const base = {
      env,
      out,
      ref,
      workspace,
      lock,
      startMs: durationMs(config.performance.serverStartTimeout),
      // As for every start (mcp/server-target.ts): below the managed level, sandboxed or refused.
      sandboxRequiredBelow: loadManagedPolicy()?.policy.sandboxBelow ?? 'unverified',
      yes: options.yes,
      interrupt: interruption(signal, INSTALL_INTERRUPTED),
      given: options.set ?? {},
    };
    if (isPath(server)) {
      if (options.registry !== undefined) {
        throw failure('INSTALL_FAILED', '--registry does not apply to a path');
      }
      const policy = combinePolicies(config.security, loadManagedPolicy()?.policy ?? null);
      const candidate = resolveFromPath(server, cwd, ref.dir);
      return installRecorded(base, policy, candidate, options.name);
    }
    const selection = selectRegistries(env, options.registry);
    const candidate = await resolveFromRegistries(server, selection, { env, out });
    await installRecorded(base, selection.policy, candidate, options.name);
  });
}
