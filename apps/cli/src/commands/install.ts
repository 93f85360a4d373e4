import { loadGlobalConfig } from '../config/global-config.ts';
import { durationMs } from '../config/duration.ts';
import { loadLock, loadWorkspace, requireWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { failure } from '../errors.ts';
import { installOne } from '../install/install-one.ts';
import { resolveFromPath } from '../install/resolve-path.ts';
import { resolveFromRegistries } from '../install/resolve-registry.ts';
import { combinePolicies, loadManagedPolicy } from '../policy/policy.ts';
import { selectRegistries } from '../registry/selection.ts';

export type InstallOptions = CommandContext & {
  server: string | undefined;
  yes: boolean;
  name: string | undefined;
  registry: string | undefined;
};

const isPath = (target: string) => /^(\.{1,2}(\/|$)|\/)/.test(target);

export async function install(options: InstallOptions): Promise<void> {
  const { cwd, env, out } = options;
  const ref = requireWorkspace(cwd);
  const workspace = loadWorkspace(ref);
  const lock = loadLock(ref);
  if (options.server === undefined) {
    const { restore } = await import('../install/restore.ts');
    return restore({ ...options, ref, workspace, lock });
  }
  // Ctrl+C stops the current step; the step's own cleanup runs and the command exits with 1.
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  try {
    const { config } = loadGlobalConfig(env);
    const base = {
      env,
      out,
      ref,
      workspace,
      lock,
      startMs: durationMs(config.performance.serverStartTimeout),
      yes: options.yes,
      signal: controller.signal,
    };
    if (isPath(options.server)) {
      if (options.registry !== undefined) {
        throw failure('INSTALL_FAILED', '--registry does not apply to a path');
      }
      const policy = combinePolicies(config.security, loadManagedPolicy()?.policy ?? null);
      const candidate = resolveFromPath(options.server, cwd, ref.dir);
      return await installOne({ ...base, policy }, candidate, options.name);
    }
    const selection = selectRegistries(env, options.registry);
    const candidate = await resolveFromRegistries(options.server, selection, { env, out });
    await installOne({ ...base, policy: selection.policy }, candidate, options.name);
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
  }
}
