import type { ServerEntry } from '../config/workspace-schema.ts';
import { accounts, type SecretStore } from './store.ts';

export type ResolvedSecrets = {
  env: Record<string, string>;
  headers: Record<string, string>;
  /** `GITHUB_PERSONAL_ACCESS_TOKEN` for env, `header X-Api-Key` for headers. */
  missing: string[];
};

/** A server's secret values from the store, and the names that have none on this machine. */
export function serverSecrets(
  store: SecretStore,
  workspaceDir: string,
  server: string,
  entry: ServerEntry,
): ResolvedSecrets {
  const result: ResolvedSecrets = { env: {}, headers: {}, missing: [] };
  for (const name of entry.secrets ?? []) {
    const value = store.get(accounts.serverValue(workspaceDir, server, 'env', name));
    if (value === null) result.missing.push(name);
    else result.env[name] = value;
  }
  for (const name of entry.secretHeaders ?? []) {
    const value = store.get(accounts.serverValue(workspaceDir, server, 'headers', name));
    if (value === null) result.missing.push(`header ${name}`);
    else result.headers[name] = value;
  }
  return result;
}

/** Deletes every stored secret of a server; returns how many there were. */
export function deleteServerSecrets(
  store: SecretStore,
  workspaceDir: string,
  server: string,
  entry: ServerEntry,
): number {
  let deleted = 0;
  for (const name of entry.secrets ?? []) {
    if (store.delete(accounts.serverValue(workspaceDir, server, 'env', name))) deleted++;
  }
  for (const name of entry.secretHeaders ?? []) {
    if (store.delete(accounts.serverValue(workspaceDir, server, 'headers', name))) deleted++;
  }
  return deleted;
}
