import { effectiveRegistries, loadGlobalConfig } from '../config/global-config.ts';
import { findWorkspace, loadLock, loadWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { alignRows, fieldLines, indent } from '../output/table.ts';
import { combinePolicies, loadManagedPolicy } from '../policy/policy.ts';
import type { Policy } from '../policy/types.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';
import { utcMinute } from '../util/time.ts';
import { serverStates, type ServerState } from '../workspace-state.ts';

export function policySummary(policy: Policy): string {
  const parts: string[] = [];
  if (policy.allowedLicenses) parts.push(`allowed-licenses ${policy.allowedLicenses.join(', ')}`);
  if (policy.minTrustLevel !== 'unverified') parts.push(`min-trust ${policy.minTrustLevel}`);
  if (policy.allowedRegistries)
    parts.push(`allowed-registries ${policy.allowedRegistries.join(', ')}`);
  return parts.join('; ') || 'none (any license, any trust level, any registry)';
}

function serverLines(states: readonly ServerState[]): string {
  if (!states.length) return 'Servers    none yet';
  const rows = states.map((s) => [
    s.name,
    s.version ?? '-',
    s.registry,
    s.trustLevel ?? '-',
    s.label,
  ]);
  return `Servers    ${states.length}\n${indent(alignRows(rows))}`;
}

export async function status({ cwd, env, out }: CommandContext): Promise<void> {
  const { file, config } = loadGlobalConfig(env);
  const policy = combinePolicies(config.security, loadManagedPolicy()?.policy ?? null);
  const registries = effectiveRegistries(config, env);
  const ref = findWorkspace(cwd);
  const workspace = ref ? loadWorkspace(ref) : null;
  const lock = ref ? loadLock(ref) : null;
  const store = openSecretStore(env);
  const states = ref && workspace && lock ? serverStates(ref, workspace, lock, policy, store) : [];
  const loggedIn = store.get(accounts.registryToken('spoke')) !== null;
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
      servers: states.map(({ label: _label, ...s }) => s),
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
  if (workspace) out.result(`\n${serverLines(states)}`);
}
