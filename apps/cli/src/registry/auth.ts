import { fs } from '../builtins.ts';
import type { RegistryEntry } from '../config/global-schema.ts';
import { configDir } from '../config/paths.ts';
import { secretsFile } from '../secrets/encrypted-file.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';

const tokens = new Map<string, string>();

/** Whether any token can be stored here; otherwise the store is not even opened. */
function mayHoldTokens(env: NodeJS.ProcessEnv): boolean {
  if (env.SPOKE_SECRET_STORE === 'file') return fs.existsSync(secretsFile(configDir(env)));
  return (
    fs.existsSync(secretsFile(configDir(env))) ||
    process.platform === 'darwin' ||
    process.platform === 'win32' ||
    Boolean(env.DBUS_SESSION_BUS_ADDRESS)
  );
}

/** Reads the tokens stored by spoke login for the registries a command will ask. */
export function loadRegistryTokens(env: NodeJS.ProcessEnv, registries: readonly RegistryEntry[]) {
  const remote = registries.filter((r) => r.type !== 'local');
  if (!remote.length || !mayHoldTokens(env)) return;
  const store = openSecretStore(env);
  for (const r of remote) {
    const token = store.get(accounts.registryToken(r.name));
    if (token) tokens.set(r.url, token);
  }
}

/** `Authorization: Bearer <token>` for a registry the user logged in to; sent to it alone. */
export function authHeaders(registry: Pick<RegistryEntry, 'url'>): Record<string, string> {
  const token = tokens.get(registry.url);
  return token ? { authorization: `Bearer ${token}` } : {};
}
