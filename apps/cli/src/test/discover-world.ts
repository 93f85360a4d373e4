import path from 'node:path';
import { makeFixture, registryEntry, type Fixture } from './fixture.ts';
import { entry, startTestRegistry, type TestRegistry } from './registry-server.ts';

export type DiscoverWorld = {
  fx: Fixture;
  official: TestRegistry;
  spoke: TestRegistry;
  /** Starts one more registry, closed with the others. */
  registry: (...args: Parameters<typeof startTestRegistry>) => Promise<TestRegistry>;
  close: () => Promise<void>;
};

/**
 * Two HTTP registries (official at priority 10, spoke at 20, verified) and an empty local file
 * registry, with servers listed twice, deprecated, deleted, and in a namespace worth claiming.
 */
export async function discoverWorld(): Promise<DiscoverWorld> {
  const fx = makeFixture();
  const started: TestRegistry[] = [];
  const registry = async (...args: Parameters<typeof startTestRegistry>) => {
    const r = await startTestRegistry(...args);
    started.push(r);
    return r;
  };
  const official = await registry({
    items: [
      entry('io.github.modelcontextprotocol/server-filesystem', '2026.1.14', {
        description: 'Secure file operations with configurable access controls',
      }),
      entry('io.github.modelcontextprotocol/server-filesystem', '2025.8.21', { isLatest: false }),
      entry('io.github.jdoe/filesystem-watch', '0.6.0', {
        description: 'Watch directories and report file changes to the client',
      }),
      entry('io.github.jdoe/postgres-tools', '0.3.0', {
        description: 'Inspect schemas and run read-only SQL against PostgreSQL',
        status: 'deprecated',
      }),
      entry('io.github.gone/filesystem-old', '1.0.0', { status: 'deleted' }),
      entry('com.acme/billing-db', '9.9.9', { description: 'A look-alike of a private server' }),
    ],
  });
  const spoke = await registry({
    items: [
      entry('io.github.modelcontextprotocol/server-filesystem', '2026.1.14', {
        trustLevel: 'trusted',
      }),
      entry('dev.spoke.ada/fs-notes', '0.3.1', {
        description: 'Markdown notes in a folder of files, exposed as resources and tools',
        trustLevel: 'unverified',
        license: 'MIT',
      }),
    ],
  });
  fx.writeConfig({
    registries: [
      registryEntry('official', official.url, 10, { type: 'official' }),
      registryEntry('spoke', spoke.url, 20, { trustLevel: 'verified' }),
      registryEntry('local', path.join(fx.configDir, 'registry.json'), 30),
    ],
  });
  return {
    fx,
    official,
    spoke,
    registry,
    close: async () => {
      await Promise.all(started.map((r) => r.close()));
      fx.cleanup();
    },
  };
}
