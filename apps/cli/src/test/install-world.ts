import path from 'node:path';
import { makeFixture, registryEntry, type Fixture } from './fixture.ts';
import { startNpmRegistry, type NpmRegistry } from './npm-registry.ts';
import type { ListItem } from '../registry/types.ts';
import { startTestRegistry, type TestRegistry } from './registry-server.ts';
import { runCli } from './run-cli.ts';

export const TINY = 'io.github.test/server-tiny';
export const TINY_PACKAGE = '@test/tiny';

export type InstallWorld = {
  fx: Fixture;
  registry: TestRegistry;
  npm: NpmRegistry;
  /** The registry's entries: push one to publish a new version. */
  items: ListItem[];
  close: () => Promise<void>;
};

/**
 * A workspace, a registry listing the tiny server (npm package @test/tiny, which needs the
 * secret TINY_TOKEN) and an npm registry that serves that package.
 */
export async function installWorld(
  options: {
    license?: string;
    holdTarball?: boolean;
    trustLevel?: string;
    nextVersion?: string;
  } = {},
): Promise<InstallWorld> {
  const fx = makeFixture();
  const npm = await startNpmRegistry({
    name: TINY_PACKAGE,
    version: options.nextVersion ?? '1.0.0',
    older: options.nextVersion ? ['1.0.0'] : [],
    license: options.license ?? 'MIT',
    holdTarball: options.holdTarball ?? false,
  });
  const items: ListItem[] = [
    {
      server: {
        name: TINY,
        version: '1.0.0',
        description: 'A tiny test server',
        packages: [
          {
            registryType: 'npm',
            identifier: TINY_PACKAGE,
            version: '1.0.0',
            transport: { type: 'stdio' },
            environmentVariables: [
              { name: 'TINY_TOKEN', description: 'A token', isRequired: true, isSecret: true },
            ],
          },
        ],
      },
      _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active' } },
    },
    {
      server: {
        name: 'io.github.test/py-thing',
        version: '1.0.0',
        packages: [{ registryType: 'pypi', identifier: 'py-thing', version: '1.0.0' }],
      },
    },
  ];
  const registry = await startTestRegistry({ items });
  fx.writeConfig({
    registries: [
      registryEntry('official', registry.url, 10, {
        type: 'official',
        trustLevel: options.trustLevel ?? 'trusted',
      }),
      registryEntry('local', path.join(fx.configDir, 'registry.json'), 30),
    ],
  });
  Object.assign(fx.env, {
    npm_config_registry: npm.url,
    npm_config_cache: path.join(fx.root, 'npm-cache'),
    npm_config_update_notifier: 'false',
  });
  const init = await runCli(['init'], fx);
  if (init.code !== 0) throw new Error(init.stderr);
  return {
    fx,
    registry,
    npm,
    items,
    close: async () => {
      await Promise.all([registry.close(), npm.close()]);
      fx.cleanup();
    },
  };
}
