import { SECRET_REFERENCE, type ServerEntry } from '../config/workspace-schema.ts';
import { accounts, type SecretStore } from './store.ts';

export type ResolvedSecrets = {
  env: Record<string, string>;
  headers: Record<string, string>;
  /** `GITHUB_PERSONAL_ACCESS_TOKEN` for env, `header X-Api-Key` for headers. */
  missing: string[];
};

/**
 * The names of the secret values a server's OAuth client credentials (and the ID token and client
 * secret of its identity provider) refer to (`"{NAME}"`): its own secret values, stored as
 * `servers.<server>.env.<NAME>`.
 */
export function oauthSecretNames(entry: ServerEntry): string[] {
  const { clientSecret, privateKey, identityProvider } = entry.oauth ?? {};
  const idp = [identityProvider?.idToken, identityProvider?.clientSecret];
  return [clientSecret, privateKey, ...idp].flatMap(
    (ref) => SECRET_REFERENCE.exec(ref ?? '')?.[1] ?? [],
  );
}

/** Whether starting the server reads the secret store. */
export function needsSecretStore(entry: ServerEntry): boolean {
  return (
    (entry.secrets?.length ?? 0) + (entry.secretHeaders?.length ?? 0) > 0 ||
    oauthSecretNames(entry).length > 0
  );
}

/** A server's secret values from the store, and the names that have none on this machine. */
export function serverSecrets(
  store: SecretStore,
  workspaceDir: string,
  server: string,
  entry: ServerEntry,
): ResolvedSecrets {
  const result: ResolvedSecrets = { env: {}, headers: {}, missing: [] };
  for (const name of new Set([...(entry.secrets ?? []), ...oauthSecretNames(entry)])) {
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
  for (const name of new Set([...(entry.secrets ?? []), ...oauthSecretNames(entry)])) {
    if (store.delete(accounts.serverValue(workspaceDir, server, 'env', name))) deleted++;
  }
  for (const name of entry.secretHeaders ?? []) {
    if (store.delete(accounts.serverValue(workspaceDir, server, 'headers', name))) deleted++;
  }
  return deleted;
}
