import {
  effectiveRegistries,
  loadGlobalConfig,
  type GlobalConfig,
} from '../config/global-config.ts';
import type { RegistryEntry } from '../config/global-schema.ts';
import { durationMs } from '../config/duration.ts';
import { CliError, usageError } from '../errors.ts';
import { combinePolicies, loadManagedPolicy, registryAllowed } from '../policy/policy.ts';
import type { Policy } from '../policy/types.ts';
import { loadRegistryTokens } from './auth.ts';

export type Selection = {
  config: GlobalConfig;
  policy: Policy;
  /** Every configured registry, by priority: scopes are claimed across all of them. */
  all: RegistryEntry[];
  /** The registries to ask. */
  asked: RegistryEntry[];
  /** Registries left out by the policy, for a note. */
  blocked: RegistryEntry[];
  timeoutMs: number;
};

/** Which registries a query goes to: all, or `only`, minus those the policy does not allow. */
export function selectRegistries(env: NodeJS.ProcessEnv, only?: string): Selection {
  const { config } = loadGlobalConfig(env);
  const policy = combinePolicies(config.security, loadManagedPolicy()?.policy ?? null);
  const all = effectiveRegistries(config, env);
  let candidates = all;
  if (only !== undefined) {
    const found = all.find((r) => r.name === only);
    if (!found) {
      throw usageError(
        `unknown registry "${only}" (configured: ${all.map((r) => r.name).join(', ') || 'none'})`,
        'see spoke registry list',
      );
    }
    if (!registryAllowed(policy, only)) {
      throw new CliError(`policy refuses registry ${only}: it is not in allowed-registries`, {
        code: 'POLICY_DENIED',
        hint: 'choose an allowed registry, or change the policy with: spoke policy set allowed-registries <list>',
      });
    }
    candidates = [found];
  }
  const asked = candidates.filter((r) => registryAllowed(policy, r.name));
  loadRegistryTokens(env, asked);
  return {
    config,
    policy,
    all,
    asked,
    blocked: candidates.filter((r) => !registryAllowed(policy, r.name)),
    timeoutMs: durationMs(config.performance.registryTimeout),
  };
}

/** The scoped registry that owns a name's namespace (the most specific one), if any. */
export function claimant(name: string, registries: readonly RegistryEntry[]): RegistryEntry | null {
  const namespace = name.slice(0, name.indexOf('/'));
  let best: RegistryEntry | null = null;
  for (const r of registries) {
    if (r.scope === '*') continue;
    if (namespace !== r.scope && !namespace.startsWith(`${r.scope}.`)) continue;
    if (!best || r.scope.length > best.scope.length) best = r;
  }
  return best;
}
