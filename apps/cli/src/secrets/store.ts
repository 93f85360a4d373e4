import { fs } from '../builtins.ts';
import { configDir, tildify } from '../config/paths.ts';
import { failure } from '../errors.ts';
import { readAccountNames, readSecrets, secretsFile, writeSecrets } from './encrypted-file.ts';
import { openKeychain } from './keychain.ts';

export type SecretSource = 'keychain' | 'encrypted-file';

/** Where secret values are kept: the OS keychain, else the encrypted file in the config dir. */
export type SecretStore = {
  kind: SecretSource;
  /** `OS keychain (Secret Service)`, `encrypted file (~/.config/spoke/secrets.enc)`. */
  description: string;
  get(account: string): string | null;
  /** Whether a value is stored; the encrypted file answers without decrypting it. */
  has(account: string): boolean;
  set(account: string, value: string): void;
  /** True when there was a value to delete. */
  delete(account: string): boolean;
};

function fileStore(env: NodeJS.ProcessEnv): SecretStore {
  const dir = configDir(env);
  let cache: Record<string, string> | null = null;
  let names: Set<string> | null = null;
  const all = () => (cache ??= readSecrets(dir, env));
  const known = () =>
    (names ??= new Set((cache ? null : readAccountNames(dir)) ?? Object.keys(all())));
  const keep = (next: Record<string, string>) => {
    cache = next;
    names = new Set(Object.keys(next));
  };
  return {
    kind: 'encrypted-file',
    description: `encrypted file (${tildify(secretsFile(dir))})`,
    // A value is always read from the decrypted file, never taken on the list's word (the list
    // is not authenticated): only `has` answers from it.
    get: (account) => all()[account] ?? null,
    has: (account) => known().has(account),
    set: (account, value) => {
      const next = { ...all(), [account]: value };
      writeSecrets(dir, env, next);
      keep(next);
    },
    delete: (account) => {
      const current = all();
      if (!(account in current)) return false;
      const { [account]: _gone, ...rest } = current;
      writeSecrets(dir, env, rest);
      keep(rest);
      return true;
    },
  };
}

function keychainStore(env: NodeJS.ProcessEnv, forced: boolean): SecretStore | null {
  const keychain = openKeychain(env);
  if (!keychain) {
    if (!forced) return null;
    throw failure(
      'IO_FAILED',
      'SPOKE_SECRET_STORE is keychain, and no OS keychain can be reached on this machine',
      'unset SPOKE_SECRET_STORE (or set it to file) to use the encrypted secrets file',
    );
  }
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return fn(...args);
      } catch (err) {
        throw failure(
          'IO_FAILED',
          `the ${keychain.description} refused: ${(err as Error).message}`,
        );
      }
    };
  return {
    kind: 'keychain',
    description: keychain.description,
    get: wrap(keychain.get),
    has: wrap((account: string) => keychain.get(account) !== null),
    set: wrap(keychain.set),
    delete: keychain.delete,
  };
}

const opened = new Map<string, SecretStore>();

/**
 * The store in use. `SPOKE_SECRET_STORE` forces one; otherwise an existing secrets file keeps
 * being used (so secrets are found where they were put), else the keychain when one answers.
 */
export function openSecretStore(env: NodeJS.ProcessEnv): SecretStore {
  const dir = configDir(env);
  const choice = env.SPOKE_SECRET_STORE?.trim().toLowerCase() || 'auto';
  const cacheKey = `${dir}\0${choice}`;
  const known = opened.get(cacheKey);
  if (known) return known;
  let store: SecretStore | null = null;
  if (choice === 'keychain') store = keychainStore(env, true);
  else if (choice === 'auto' && !fs.existsSync(secretsFile(dir))) store = keychainStore(env, false);
  else if (choice !== 'file' && choice !== 'auto') {
    throw failure(
      'CONFIG_INVALID',
      `SPOKE_SECRET_STORE must be keychain or file, got "${env.SPOKE_SECRET_STORE}"`,
      'unset it to let spoke choose',
    );
  }
  store ??= fileStore(env);
  opened.set(cacheKey, store);
  return store;
}

/** Account names: workspace values by absolute path, server and key; tokens by registry. */
export const accounts = {
  serverValue: (workspaceDir: string, server: string, part: 'env' | 'headers', name: string) =>
    `workspace:${workspaceDir}:servers.${server}.${part}.${name}`,
  serveToken: (workspaceDir: string) => `workspace:${workspaceDir}:serve.token`,
  registryToken: (registry: string) => `registry:${registry}`,
  /** A remote server's OAuth client and tokens, by its URL: one sign-in serves every workspace. */
  oauth: (serverUrl: string) => `oauth:${serverUrl}`,
};
