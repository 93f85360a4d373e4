import path from 'node:path';
import type { ListItem } from '../registry/types.ts';
import { startDocsNpm, type LocalPackage } from './docs-npm.ts';
import { registryEntry, type Fixture } from './fixture.ts';
import { entry, startTestRegistry, type TestRegistry } from './registry-server.ts';

const FILESYSTEM = 'io.github.modelcontextprotocol/server-filesystem';

/** The filesystem server as the docs show it: its package, its one argument, its repository. */
function filesystem(version: string, extra: { isLatest?: boolean; trustLevel?: string } = {}) {
  const item = entry(FILESYSTEM, version, {
    description: 'Secure file operations with configurable access controls',
    license: 'MIT',
    ...extra,
  });
  item.server.repository = {
    url: 'https://github.com/modelcontextprotocol/servers',
    source: 'github',
  };
  item.server.packages = [
    {
      registryType: 'npm',
      identifier: '@modelcontextprotocol/server-filesystem',
      version,
      transport: { type: 'stdio' },
      packageArguments: [
        {
          type: 'positional',
          valueHint: 'directory',
          description: 'directories the server may access',
          format: 'filepath',
          isRequired: true,
        },
      ],
    },
  ];
  return item;
}

const GITHUB = 'io.github.modelcontextprotocol/server-github';

/** The GitHub server as the docs show it: its package and the token it needs. */
function github(version: string, extra: { isLatest?: boolean } = {}) {
  const item = entry(GITHUB, version, {
    description: 'MCP server for using the GitHub API',
    license: 'MIT',
    ...extra,
  });
  item.server.repository = {
    url: 'https://github.com/modelcontextprotocol/servers',
    source: 'github',
  };
  item.server.packages = [
    {
      registryType: 'npm',
      identifier: '@modelcontextprotocol/server-github',
      version,
      transport: { type: 'stdio' },
      environmentVariables: [
        {
          name: 'GITHUB_PERSONAL_ACCESS_TOKEN',
          description: 'GitHub personal access token',
          isRequired: true,
          isSecret: true,
        },
      ],
    },
  ];
  return item;
}

/**
 * The npm packages the docs install, served by a local npm registry: the packages under
 * test/packages/ stand in for npm's, which cannot be fetched offline (see each file).
 */
export const DOCS_PACKAGES: LocalPackage[] = [
  {
    name: '@modelcontextprotocol/server-filesystem',
    versions: ['2025.8.21', '2026.1.14'],
    license: 'MIT',
    bin: 'mcp-server-filesystem',
    source: 'server-filesystem.ts',
  },
  {
    name: 'fs-notes',
    versions: ['0.3.1'],
    license: 'MIT',
    bin: 'fs-notes',
    source: 'fs-notes.ts',
  },
  {
    name: '@modelcontextprotocol/server-github',
    versions: ['2025.4.8'],
    license: 'MIT',
    bin: 'mcp-server-github',
    source: 'server-github.ts',
  },
];

type Listed = { item: ListItem; keywords: string; npm?: string };

const unverified = (
  name: string,
  version: string,
  description: string,
  keywords: string,
): Listed => ({
  item: entry(name, version, { description, trustLevel: 'unverified', license: 'MIT' }),
  keywords,
});

/**
 * The official and Spoke registries as the Quick Start and the command reference show them,
 * served on 127.0.0.1. A search matches keywords too, as the registries' own search does, so
 * that `discover filesystem` finds the file servers whose names do not say so.
 */
export async function docsRegistries(fx: Fixture): Promise<{ close: () => Promise<void> }> {
  const readonlyFs = entry('io.github.files-mcp/readonly-fs', '1.2.3', {
    description: 'Read-only access to files in chosen directories',
  });
  const official: ListItem[] = [
    filesystem('2026.1.14'),
    filesystem('2025.8.21', { isLatest: false }),
    filesystem('2025.7.29', { isLatest: false }),
    filesystem('2025.7.1', { isLatest: false }),
    entry('io.github.jdoe/filesystem-watch', '0.6.0', {
      description: 'Watch directories and report file changes to the client',
    }),
    readonlyFs,
    github('2025.4.8'),
    entry('io.github.example/server-scraper', '1.4.0', {
      description: 'Fetch web pages and extract their text',
      license: 'GPL-3.0-only',
      npm: '@example/server-scraper',
    }),
    github('0.6.2', { isLatest: false }),
    github('0.6.1', { isLatest: false }),
    entry('io.github.jdoe/postgres-tools', '0.3.0', {
      description: 'Inspect schemas and run read-only SQL against PostgreSQL',
    }),
    entry('io.github.dbkit/pg-schema', '1.4.2', {
      description: 'Describe PostgreSQL tables, indexes and constraints',
    }),
  ];
  const spokeListed: Listed[] = [
    { item: filesystem('2026.1.14', { trustLevel: 'verified' }), keywords: '' },
    {
      ...unverified(
        'dev.spoke.ada/fs-notes',
        '0.3.1',
        'Markdown notes in a folder, exposed as resources and tools',
        'filesystem notes',
      ),
      npm: 'fs-notes',
    },
    unverified(
      'dev.spoke.kim/file-search',
      '0.9.0',
      'Full-text search over local files',
      'filesystem search',
    ),
    unverified('dev.spoke.lee/disk-usage', '0.2.0', 'Sizes of folders', 'filesystem disk'),
    unverified(
      'dev.spoke.kim/pg-readonly',
      '1.1.0',
      'Read-only SQL queries against a PostgreSQL database',
      'postgres',
    ),
    unverified('dev.spoke.lee/pg-admin', '0.1.0', 'Roles and grants', 'postgres admin'),
  ];
  for (const { item, npm } of spokeListed) {
    if (npm) {
      const { version } = item.server;
      item.server.packages = [
        { registryType: 'npm', identifier: npm, version, transport: { type: 'stdio' } },
      ];
    }
  }
  const keywords = new Map<ListItem, string>([
    [readonlyFs, 'filesystem'],
    ...spokeListed.map((s) => [s.item, s.keywords] as [ListItem, string]),
  ]);
  const searchText = (item: ListItem) =>
    `${item.server.name} ${item.server.description ?? ''} ${keywords.get(item) ?? ''}`;
  const started: TestRegistry[] = [
    await startTestRegistry({ items: official, searchText }),
    await startTestRegistry({ items: spokeListed.map((s) => s.item), searchText }),
  ];
  fx.writeConfig({
    registries: [
      registryEntry('official', started[0]!.url, 10, { type: 'official' }),
      registryEntry('spoke', started[1]!.url, 20, { trustLevel: 'verified' }),
      registryEntry('local', path.join(fx.configDir, 'registry.json'), 30),
    ],
  });
  const npm = await startDocsNpm(DOCS_PACKAGES);
  Object.assign(fx.env, {
    npm_config_registry: npm.url,
    npm_config_cache: path.join(fx.root, 'npm-cache'),
    npm_config_update_notifier: 'false',
  });
  return {
    close: async () => {
      await Promise.all([...started.map((r) => r.close()), npm.close()]);
    },
  };
}
