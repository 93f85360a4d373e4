import os from 'node:os';
import path from 'node:path';

/**
 * The global config directory: `SPOKE_CONFIG_DIR` (used by tests), `$XDG_CONFIG_HOME/spoke`,
 * `%APPDATA%\spoke` on Windows, else `~/.config/spoke`.
 */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.SPOKE_CONFIG_DIR) return path.resolve(env.SPOKE_CONFIG_DIR);
  if (env.XDG_CONFIG_HOME) return path.join(env.XDG_CONFIG_HOME, 'spoke');
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'spoke');
  return path.join(os.homedir(), '.config', 'spoke');
}

/** Remembered registry health results and the audit log. */
export function stateDir(env: NodeJS.ProcessEnv): string {
  if (env.XDG_STATE_HOME) return path.join(env.XDG_STATE_HOME, 'spoke');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return path.join(env.LOCALAPPDATA, 'spoke');
  return path.join(os.homedir(), '.local', 'state', 'spoke');
}

/**
 * The administrator's policy. Deliberately not movable by an environment variable: a user could
 * otherwise point it at an empty file and loosen a policy meant to bind them.
 */
export function managedPolicyPath(): string {
  if (process.platform === 'win32') {
    return path.join(process.env.ProgramData ?? 'C:\\ProgramData', 'spoke', 'policy.json');
  }
  return '/etc/spoke/policy.json';
}

export const configFile = (env: NodeJS.ProcessEnv) => path.join(configDir(env), 'config.json');
export const localRegistryFile = (env: NodeJS.ProcessEnv) =>
  path.join(configDir(env), 'registry.json');

/** `~/x` for paths under the home directory, for messages. */
export function tildify(file: string): string {
  const home = os.homedir();
  return file.startsWith(home + path.sep) ? `~${file.slice(home.length)}` : file;
}
