import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Adds the remote server at `url` to the workspace in `cwd` (made by `spoke init`) as its
 * install from a registry would: spoke.json names it and spoke.lock.json records it, its tools
 * not yet read (`spoke update <name> --yes` reads and accepts them).
 */
export function addRemote(
  cwd: string,
  name: string,
  url: string,
  /** The registry name (by default io.modelcontextprotocol/<name>), and more for its entry. */
  options: { source?: string; entry?: Record<string, unknown> } = {},
): void {
  const file = path.join(cwd, 'spoke.json');
  const workspace = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const source = options.source ?? `io.modelcontextprotocol/${name}`;
  workspace.servers = {
    [name]: {
      source,
      version: 'latest',
      registry: 'local',
      transport: 'streamable-http',
      url,
      env: {},
      secrets: [],
      ...options.entry,
    },
  };
  writeFileSync(file, `${JSON.stringify(workspace, null, 2)}\n`);
  const lock = {
    lockfileVersion: 1,
    servers: {
      [name]: {
        name: source,
        version: '1.0.0',
        registry: 'local',
        registryUrl: null,
        trustLevel: 'unverified',
        license: 'MIT',
        package: { registryType: 'remote', url },
        toolsHash: 'sha256-not-yet-known',
        toolCount: 0,
        installedAt: new Date(0).toISOString(),
      },
    },
  };
  writeFileSync(path.join(cwd, 'spoke.lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
}
