import { effectiveRegistries, loadGlobalConfig } from '../config/global-config.ts';
import type { CommandContext } from '../context.ts';
import { textTable } from '../output/table.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';
import { combinePolicies, loadManagedPolicy, registryAllowed } from '../policy/policy.ts';

export async function registryList({ env, out }: CommandContext): Promise<void> {
  const { config } = loadGlobalConfig(env);
  const policy = combinePolicies(config.security, loadManagedPolicy()?.policy ?? null);
  const store = openSecretStore(env);
  const registries = effectiveRegistries(config, env).map((r) => ({
    name: r.name,
    url: r.url,
    scope: r.scope,
    type: r.type,
    priority: r.priority,
    trustLevel: r.trustLevel,
    healthCheck: r.healthCheck ?? null,
    allowedByPolicy: registryAllowed(policy, r.name),
    loggedIn: r.type !== 'local' && store.get(accounts.registryToken(r.name)) !== null,
  }));
  if (out.json) return out.data({ registries });
  if (!registries.length) {
    return out.result('No registries configured. Add one with: spoke registry add <name> <url>');
  }
  out.result(
    textTable(
      ['PRIORITY', 'NAME', 'TYPE', 'TRUST', 'SCOPE', 'URL'],
      registries.map((r) => [
        String(r.priority),
        r.name,
        r.type,
        r.trustLevel,
        r.scope,
        `${r.url}${r.loggedIn ? ' (logged in)' : ''}${r.allowedByPolicy ? '' : ' (blocked by policy)'}`,
      ]),
    ),
  );
}
