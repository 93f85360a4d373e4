import { fs, loadPackage } from '../builtins.ts';

type Entry = {
  getPassword(): string | null | undefined;
  setPassword(value: string): void;
  deletePassword(): boolean;
};
type KeyringModule = { Entry: new (service: string, account: string) => Entry };

export const SERVICE = 'spoke';

export type Keychain = {
  description: string;
  get(account: string): string | null;
  set(account: string, value: string): void;
  delete(account: string): boolean;
};

function platformName(): string {
  if (process.platform === 'darwin') return 'macOS Keychain';
  if (process.platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service';
}

/**
 * Whether this machine can have a keychain at all. On Linux the Secret Service is reached over
 * the session's D-Bus; without one (containers, CI, SSH sessions) there is nothing to ask.
 */
function mayHaveKeychain(env: NodeJS.ProcessEnv): boolean {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  if (process.platform !== 'linux' && process.platform !== 'freebsd') return false;
  if (env.DBUS_SESSION_BUS_ADDRESS) return true;
  const runtime = env.XDG_RUNTIME_DIR;
  return runtime ? fs.existsSync(`${runtime}/bus`) : false;
}

/** The OS keychain through @napi-rs/keyring, or null when there is none to use. */
export function openKeychain(env: NodeJS.ProcessEnv): Keychain | null {
  if (!mayHaveKeychain(env)) return null;
  let mod: KeyringModule;
  try {
    mod = loadPackage('@napi-rs/keyring') as KeyringModule;
  } catch {
    return null;
  }
  const entry = (account: string) => new mod.Entry(SERVICE, account);
  const keychain: Keychain = {
    description: `OS keychain (${platformName()})`,
    get: (account) => entry(account).getPassword() ?? null,
    set: (account, value) => entry(account).setPassword(value),
    delete: (account) => {
      try {
        return entry(account).deletePassword();
      } catch {
        return false;
      }
    },
  };
  // Reading succeeds even where the store cannot be reached; a write says whether it works.
  try {
    keychain.set('spoke-probe', 'ok');
    keychain.delete('spoke-probe');
    return keychain;
  } catch {
    return null;
  }
}
