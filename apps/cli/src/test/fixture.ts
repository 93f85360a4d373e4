import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Fixture = {
  root: string;
  /** A workspace directory (empty until `spoke init`). */
  cwd: string;
  configDir: string;
  stateDir: string;
  /** The environment a test's CLI runs with: nothing from the machine's own config. */
  env: Record<string, string>;
  writeConfig: (config: unknown) => void;
  readConfig: () => Record<string, unknown>;
  writeJson: (relative: string, data: unknown) => string;
  readJson: (relative: string) => unknown;
  cleanup: () => void;
};

export function makeFixture(): Fixture {
  const root = mkdtempSync(path.join(os.tmpdir(), 'spoke-cli-'));
  const cwd = path.join(root, 'demo');
  const home = path.join(root, 'home');
  const configDir = path.join(root, 'config');
  const stateDir = path.join(root, 'state');
  for (const dir of [cwd, home]) mkdirSync(dir, { recursive: true });
  const configFile = path.join(configDir, 'config.json');
  return {
    root,
    cwd,
    configDir,
    stateDir: path.join(stateDir, 'spoke'),
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      SPOKE_CONFIG_DIR: configDir,
      XDG_STATE_HOME: stateDir,
    },
    writeConfig: (config) => {
      mkdirSync(configDir, { recursive: true });
      writeFileSync(
        configFile,
        typeof config === 'string' ? config : `${JSON.stringify(config, null, 2)}\n`,
      );
    },
    readConfig: () => JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>,
    writeJson: (relative, data) => {
      const file = path.resolve(cwd, relative);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, typeof data === 'string' ? data : `${JSON.stringify(data, null, 2)}\n`);
      return file;
    },
    readJson: (relative) =>
      JSON.parse(readFileSync(path.resolve(cwd, relative), 'utf8')) as unknown,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A registry entry for config.json. */
export function registryEntry(
  name: string,
  url: string,
  priority: number,
  extra: Record<string, unknown> = {},
) {
  const local = !/^https?:/.test(url);
  return {
    name,
    url,
    scope: '*',
    type: local ? 'local' : 'community',
    priority,
    trustLevel: local ? 'unverified' : 'trusted',
    ...extra,
  };
}
