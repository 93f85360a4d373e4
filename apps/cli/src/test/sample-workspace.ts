import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ServerTarget } from '../mcp/server-target.ts';
import { OPEN_POLICY, type Policy } from '../policy/types.ts';
import type { Fixture } from './fixture.ts';

const NPM = (identifier: string, version: string) => ({
  registryType: 'npm',
  identifier,
  version,
  resolved: `https://registry.npmjs.org/${identifier}/-/x-${version}.tgz`,
  integrity: 'sha512-AAAA',
});

/**
 * A workspace as `spoke install` leaves it: filesystem (installed, allowed), github (needs a
 * secret), notes (unverified) and weather (a path server whose directory is gone).
 */
export function sampleWorkspace(fx: Fixture): void {
  fx.writeJson('spoke.json', {
    workspace: { name: 'demo', template: 'basic', createdAt: '2026-11-21T09:14:03.512Z' },
    development: { autoReload: true, verbose: false },
    servers: {
      filesystem: {
        source: 'io.github.modelcontextprotocol/server-filesystem',
        version: 'latest',
        registry: 'official',
        transport: 'stdio',
        command: 'node',
        args: ['.spoke/servers/filesystem/node_modules/x/dist/index.js', '.'],
        env: {},
        secrets: [],
      },
      github: {
        source: 'io.github.modelcontextprotocol/server-github',
        version: '2025.4.8',
        registry: 'official',
        transport: 'stdio',
        command: 'node',
        args: [],
        env: { GITHUB_API_URL: 'https://api.github.com' },
        secrets: ['GITHUB_PERSONAL_ACCESS_TOKEN'],
      },
      notes: {
        source: 'dev.spoke.kim/notes',
        version: 'latest',
        registry: 'spoke',
        transport: 'stdio',
        command: 'node',
        args: [],
        env: {},
        secrets: [],
      },
      weather: {
        source: '../weather',
        registry: 'local',
        transport: 'stdio',
        command: 'node',
        args: ['../weather/dist/index.js'],
        env: {},
        secrets: [],
      },
    },
  });
  const lock = (
    name: string,
    version: string | null,
    registry: string,
    trustLevel: string,
    license: string | null,
    pkg: object,
  ) => ({
    name,
    version,
    registry,
    registryUrl: null,
    trustLevel,
    license,
    package: pkg,
    toolsHash: 'sha256-AAAA',
    toolCount: 3,
    installedAt: '2026-11-21T09:20:44.031Z',
  });
  fx.writeJson('spoke.lock.json', {
    lockfileVersion: 1,
    servers: {
      filesystem: lock(
        'io.github.modelcontextprotocol/server-filesystem',
        '2026.1.14',
        'official',
        'trusted',
        'MIT',
        NPM('@modelcontextprotocol/server-filesystem', '2026.1.14'),
      ),
      github: lock(
        'io.github.modelcontextprotocol/server-github',
        '2025.4.8',
        'official',
        'trusted',
        'MIT',
        NPM('@modelcontextprotocol/server-github', '2025.4.8'),
      ),
      notes: lock(
        'dev.spoke.kim/notes',
        '0.3.1',
        'spoke',
        'unverified',
        'MIT',
        NPM('@kim/notes', '0.3.1'),
      ),
      weather: lock('../weather', null, 'local', 'unverified', 'MIT', {
        registryType: 'path',
        path: '../weather',
      }),
    },
  });
  for (const name of ['filesystem', 'github', 'notes']) {
    mkdirSync(path.join(fx.cwd, '.spoke', 'servers', name), { recursive: true });
  }
}

/**
 * A local server below the trust level a policy requires the sandbox for (`trusted`), with that
 * policy: what the sandbox checks are asked about.
 */
export function sandboxedProbe(): {
  target: ServerTarget;
  run: { policy: Policy; sandboxRequiredBelow: 'trusted' };
} {
  const target = {
    name: 'probe',
    entry: { source: '../probe', registry: 'local', transport: 'stdio', command: 'node' },
    locked: { trustLevel: 'verified' },
    isProject: false,
  } as unknown as ServerTarget;
  return { target, run: { policy: OPEN_POLICY, sandboxRequiredBelow: 'trusted' } };
}
