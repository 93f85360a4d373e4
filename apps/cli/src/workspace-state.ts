import { fs } from './builtins.ts';
import path from 'node:path';
import type { LockFile, Workspace, WorkspaceRef } from './config/workspace.ts';
import { label as valueLabel, missingValues } from './install/required.ts';
import { availableRunner, OCI_RUNNERS, PYPI_RUNNERS } from './mcp/runtimes.ts';
import { policyRefusals } from './policy/policy.ts';
import type { Policy } from './policy/types.ts';
import type { SecretStore } from './secrets/store.ts';

export type ServerState = {
  name: string;
  source: string;
  version: string | null;
  registry: string;
  trustLevel: string | null;
  state: 'ok' | 'not-installed' | 'missing-value' | 'policy';
  problems: string[];
  /** The state as `spoke status` prints it. */
  label: string;
};

/**
 * Each server's state from the files alone: installed or not, allowed by the policy as the
 * lockfile recorded it, and whether its secret values can be supplied.
 */
export function serverStates(
  ref: WorkspaceRef,
  workspace: Workspace,
  lock: LockFile,
  policy: Policy,
  store: SecretStore | null,
): ServerState[] {
  return Object.entries(workspace.servers).map(([name, entry]) => {
    const locked = lock.servers[name];
    const missing: string[] = [];
    const refused: string[] = [];
    const unset: string[] = [];
    if (!locked) missing.push('not installed');
    else if (
      locked.package.registryType === 'npm' &&
      !fs.existsSync(path.join(ref.dir, '.spoke', 'servers', name))
    ) {
      missing.push('not installed');
    } else if (
      locked.package.registryType === 'path' &&
      !fs.existsSync(path.resolve(ref.dir, entry.source))
    ) {
      missing.push(`not installed (${entry.source} is missing)`);
    } else if (
      (locked.package.registryType === 'pypi' && !availableRunner(PYPI_RUNNERS, process.env)) ||
      (locked.package.registryType === 'oci' && !availableRunner(OCI_RUNNERS, process.env))
    ) {
      missing.push(
        `needs ${locked.package.registryType === 'pypi' ? 'uvx or pipx' : 'docker or podman'} on PATH`,
      );
    }
    if (locked) {
      refused.push(
        ...policyRefusals(policy, {
          license: locked.license,
          trustLevel: locked.trustLevel,
          registry: locked.registry,
        }),
      );
    }
    // (Whether a value is stored, never what it is: the store is asked `has`, nothing decrypted.)
    unset.push(
      ...missingValues(ref, name, entry, locked, store).map(
        (m) => `missing ${m.secret ? 'secret' : 'value'} ${valueLabel(m)}`,
      ),
    );
    const state = missing.length
      ? 'not-installed'
      : refused.length
        ? 'policy'
        : unset.length
          ? 'missing-value'
          : 'ok';
    const label = missing[0] ?? (refused[0] ? `policy: ${refused[0]}` : (unset[0] ?? 'ok'));
    return {
      name,
      source: entry.source,
      version:
        locked?.version ?? (entry.version && entry.version !== 'latest' ? entry.version : null),
      registry: locked?.registry ?? entry.registry,
      trustLevel: locked?.trustLevel ?? null,
      state,
      problems: [...missing, ...refused, ...unset],
      label,
    };
  });
}
