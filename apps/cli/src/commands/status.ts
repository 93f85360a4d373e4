import { effectiveRegistries, loadGlobalConfig } from '../config/global-config.ts';
import { findWorkspace, loadLock, loadWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { alignRows, fieldLines, indent } from '../output/table.ts';
import { combinePolicies, loadManagedPolicy } from '../policy/policy.ts';
import { outOfScope, sandboxState } from '../mcp/sandbox.ts';
import type { Workspace, LockFile } from '../config/workspace.ts';
import { DEFAULT_SANDBOX_BELOW, type Policy, type SandboxLevel } from '../policy/types.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';
import { utcMinute } from '../util/time.ts';
import { serverStates, type ServerState } from '../workspace-state.ts';

export function policySummary(policy: Policy): string {
  const parts: string[] = [];
  if (policy.allowedLicenses) parts.push(`allowed-licenses ${policy.allowedLicenses.join(', ')}`);
  if (policy.minTrustLevel !== 'unverified') parts.push(`min-trust ${policy.minTrustLevel}`);
  if (policy.allowedRegistries)
    parts.push(`allowed-registries ${policy.allowedRegistries.join(', ')}`);
  if (policy.sandboxBelow !== DEFAULT_SANDBOX_BELOW)
    parts.push(`sandbox-below ${policy.sandboxBelow}`);
  return parts.join('; ') || 'none (any license, any trust level, any registry)';
}

type Sandbox = { sandboxed: boolean; why: string; refused?: boolean };

/** Whether each local server would run sandboxed if started now, and why (or why not). */
async function sandboxes(
  env: NodeJS.ProcessEnv,
  workspace: Workspace,
  lock: LockFile,
  policy: Policy,
  required: SandboxLevel,
): Promise<Map<string, Sandbox | null>> {
  const found = new Map<string, Sandbox | null>();
  for (const [name, entry] of Object.entries(workspace.servers)) {
    const target = { name, entry, locked: lock.servers[name], isProject: entry.source === '.' };
    if (outOfScope(target)) {
      found.set(name, null);
      continue;
    }
    const state = await sandboxState({ policy, sandboxRequiredBelow: required }, target, env, {
      rememberedProbe: true,
    }).catch((err: Error) => ({ sandboxed: false, why: err.message, refused: true }));
    found.set(name, {
      sandboxed: state.sandboxed,
      why: state.why,
      ...('refused' in state ? { refused: true } : {}),
    });
  }
  return found;
}

function serverLines(states: readonly ServerState[], sandbox: Map<string, Sandbox | null>): string {
  if (!states.length) return 'Servers    none yet';
  const rows = states.map((s) => {
    const box = sandbox.get(s.name);
    return [
      s.name,
      s.version ?? '-',
      s.registry,
      s.trustLevel ?? '-',
      box ? (box.sandboxed ? 'sandboxed' : 'unsandboxed') : '-',
      s.label,
    ];
  });
  return `Servers    ${states.length}\n${indent(alignRows(rows))}`;
}

export async function status({ cwd, env, out }: CommandContext): Promise<void> {
  const { file, config } = loadGlobalConfig(env);
  const managed = loadManagedPolicy()?.policy ?? null;
  const policy = combinePolicies(config.security, managed);
  const registries = effectiveRegistries(config, env);
  const ref = findWorkspace(cwd);
  const workspace = ref ? loadWorkspace(ref) : null;
  const lock = ref ? loadLock(ref) : null;
  const store = openSecretStore(env);
  const states = ref && workspace && lock ? serverStates(ref, workspace, lock, policy, store) : [];
  const loggedIn = store.has(accounts.registryToken('spoke'));
  const sandbox =
    workspace && lock
      ? await sandboxes(env, workspace, lock, policy, managed?.sandboxBelow ?? 'unverified')
      : new Map<string, Sandbox | null>();
  if (workspace && lock) {
    for (const name of Object.keys(lock.servers).filter((n) => !workspace.servers[n])) {
      out.warn(
        `spoke.lock.json has ${name}, which spoke.json does not list; spoke install brings the lockfile in line`,
      );
    }
  }
  if (out.json) {
    return out.data({
      workspace: workspace && ref ? { ...workspace.workspace, path: ref.dir } : null,
      configPath: file,
      registries: registries.map((r) => ({ name: r.name, priority: r.priority })),
      policy,
      secretStore: { kind: store.kind, description: store.description },
      logins: [{ registry: 'spoke', loggedIn }],
      servers: states.map(({ label: _label, ...s }) => ({
        ...s,
        sandbox: sandbox.get(s.name) ?? null,
      })),
    });
  }
  const fields: [string, string][] = [];
  if (workspace && ref) {
    const { name, template, createdAt } = workspace.workspace;
    fields.push(
      ['Workspace', `${name} (${ref.dir})`],
      ['Template', `${template}, created ${utcMinute(createdAt)}`],
    );
  } else {
    fields.push(['Workspace', `none (no spoke.json in ${cwd} or any parent; run spoke init)`]);
  }
  fields.push(
    ['Config', file],
    ['Registries', registries.map((r) => `${r.name} (${r.priority})`).join(', ') || 'none'],
    ['Policy', policySummary(policy)],
    ['Secrets', store.description],
    ['Login', `spoke: ${loggedIn ? 'logged in' : 'not logged in'}`],
  );
  out.result(fieldLines(fields, 1));
  if (workspace) out.result(`\n${serverLines(states, sandbox)}`);
  for (const [name, box] of sandbox) {
    // Said for the servers the rules put in the sandbox that would run without it.
    if (box?.refused) out.warn(box.why);
    else if (box && !box.sandboxed && box.why !== 'not required by the policy') {
      out.warn(`${name} runs unsandboxed: ${box.why}`);
    }
  }
}
