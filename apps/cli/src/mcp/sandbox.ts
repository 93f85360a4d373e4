import path from 'node:path';
import { fs } from '../builtins.ts';
import { configDir } from '../config/paths.ts';
import { CliError } from '../errors.ts';
import { installDir, scratchDir } from '../install/server-dir.ts';
import { sandboxedBy, type SandboxLevel } from '../policy/types.ts';
import { absoluteArg, plainEnv, type Launch } from './launch.ts';
import { sandboxCommand } from './sandbox-args.ts';
import { sandboxSupport } from './sandbox-support.ts';
import type { Output } from '../output/output.ts';
import type { RunContext, ServerTarget } from './server-target.ts';

/** Whether a server runs sandboxed, and why (or why not). */
export type SandboxState =
  { sandboxed: true; why: string } | { sandboxed: false; why: string; warn: boolean };

const CONTAINERS = new Set(['docker', 'podman']);

/** Why the rules put a server in the sandbox (`required` when the managed policy does), or null. */
export function sandboxRule(
  run: Pick<RunContext, 'policy' | 'sandboxRequiredBelow'>,
  target: ServerTarget,
): { why: string; required: boolean } | null {
  const trust = target.locked?.trustLevel ?? 'unverified';
  const rule = (level: SandboxLevel) =>
    level === 'all' ? 'sandbox-below all' : `trust ${trust} is below sandbox-below ${level}`;
  if (sandboxedBy(run.sandboxRequiredBelow, trust)) {
    return { why: `${rule(run.sandboxRequiredBelow)} (managed policy)`, required: true };
  }
  if (sandboxedBy(run.policy.sandboxBelow, trust)) {
    return { why: rule(run.policy.sandboxBelow), required: false };
  }
  if (target.entry.sandbox === true)
    return { why: 'spoke.json sets "sandbox": true', required: false };
  return null;
}

/** What spoke's sandbox does not apply to: remote servers, containers, the project's own server. */
export function outOfScope(target: ServerTarget): string | null {
  if (target.entry.transport !== 'stdio') return 'a remote server';
  if (CONTAINERS.has(target.entry.command ?? '')) return 'a container';
  if (target.isProject) return "the project's own server";
  return null;
}

/**
 * Decides for one start. Refuses (POLICY_DENIED) when the managed policy requires the sandbox and
 * it is switched off with --no-sandbox or cannot be had here. `rememberedProbe` takes bubblewrap's
 * support as an earlier run found it, for reports such as `spoke status`; a start leaves it unset,
 * so a bwrap that stopped working is found out before the server starts.
 */
export async function sandboxState(
  run: Pick<RunContext, 'policy' | 'sandboxRequiredBelow'>,
  target: ServerTarget,
  env: NodeJS.ProcessEnv,
  options: { noSandbox?: boolean; rememberedProbe?: boolean } = {},
): Promise<SandboxState & { bwrap?: string }> {
  const scope = outOfScope(target);
  if (scope) return { sandboxed: false, why: `not applicable: ${scope}`, warn: false };
  const rule = sandboxRule(run, target);
  if (!rule) return { sandboxed: false, why: 'not required by the policy', warn: false };
  if (options.noSandbox) {
    if (rule.required) throw refusal(target.name, `${rule.why}; --no-sandbox is not allowed`);
    return { sandboxed: false, why: 'switched off with --no-sandbox', warn: true };
  }
  const support = await sandboxSupport(env, { remembered: options.rememberedProbe });
  if (!support.ok) {
    if (rule.required) throw refusal(target.name, `${rule.why}, and ${support.why}`);
    return { sandboxed: false, why: support.why, warn: true };
  }
  return { sandboxed: true, why: rule.why, bwrap: support.bwrap };
}

const refusal = (name: string, why: string) =>
  new CliError(`policy refuses to start ${name} outside the sandbox: ${why}`, {
    code: 'POLICY_DENIED',
    hint: 'install bubblewrap (bwrap) on Linux, or ask your administrator about the managed policy',
  });

/** The server's own files: its install directory, or its project directory for a path install. */
function ownDir(workspaceDir: string, target: ServerTarget): string | null {
  const pkg = target.locked?.package;
  if (pkg?.registryType === 'path') return path.resolve(workspaceDir, pkg.path as string);
  const installed = installDir(workspaceDir, target.name);
  return fs.existsSync(installed) ? installed : null;
}

/** The same start as `launch`, inside bubblewrap. */
export function sandboxedLaunch(
  launch: Extract<Launch, { transport: 'stdio' }>,
  options: {
    bwrap: string;
    workspaceDir: string;
    target: ServerTarget;
    baseEnv: NodeJS.ProcessEnv;
  },
): Launch {
  const { workspaceDir, target, baseEnv } = options;
  const own = ownDir(workspaceDir, target);
  const values = plainEnv(workspaceDir, target.entry);
  const declared = [
    ...(target.entry.paths ?? []).flatMap((n) => (Object.hasOwn(values, n) ? [values[n]!] : [])),
    ...(target.entry.args ?? [])
      .map((arg) => absoluteArg(workspaceDir, arg))
      .filter((arg, i) => arg !== target.entry.args![i]),
  ].filter(
    (p) =>
      !(own && (p === own || p.startsWith(own + path.sep))) &&
      !p.startsWith(path.join(workspaceDir, '.spoke') + path.sep),
  );
  const scratch = scratchDir(workspaceDir, target.name);
  fs.mkdirSync(scratch, { recursive: true, mode: 0o700 });
  const sandboxed = sandboxCommand({
    bwrap: options.bwrap,
    command: launch.command,
    args: launch.args,
    workspaceDir,
    ownDir: own,
    paths: [...new Set(declared)],
    scratchDir: scratch,
    hidden: [path.join(workspaceDir, '.spoke'), configDir(baseEnv)],
    // Only what spoke itself adds: the server's values and secrets, not spoke's environment.
    own: launch.own,
    baseEnv,
  });
  return { ...launch, ...sandboxed, cwd: workspaceDir };
}

/**
 * The launch as the policy wants it: inside bubblewrap, or as it is with, when the sandbox was
 * wanted, one warning that says why not.
 */
export async function withSandbox(
  ctx: { env: NodeJS.ProcessEnv; out: Output },
  run: Pick<RunContext, 'policy' | 'sandboxRequiredBelow' | 'ref'>,
  target: ServerTarget,
  launch: Launch,
  options: { noSandbox?: boolean } = {},
): Promise<{ launch: Launch; state: SandboxState }> {
  const state = await sandboxState(run, target, ctx.env, options);
  if (!state.sandboxed && state.warn) ctx.out.warn(`${target.name} runs unsandboxed: ${state.why}`);
  if (!state.sandboxed || launch.transport !== 'stdio' || !state.bwrap) return { launch, state };
  const { bwrap, ...rest } = state;
  const inside = sandboxedLaunch(launch, {
    bwrap,
    workspaceDir: run.ref.dir,
    target,
    baseEnv: ctx.env,
  });
  return { launch: inside, state: rest };
}
