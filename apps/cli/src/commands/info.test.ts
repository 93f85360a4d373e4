import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '@spoke/shared/testing/free-port';
import type { ListItem } from '../registry/types.ts';
import { makeFixture, registryEntry, type Fixture } from '../test/fixture.ts';
import { entry, startTestRegistry, type TestRegistry } from '../test/registry-server.ts';
import { runCli } from '../test/run-cli.ts';
import { sampleWorkspace } from '../test/sample-workspace.ts';

let fx: Fixture;
let official: TestRegistry;
let spoke: TestRegistry;

function github(version: string): ListItem {
  const item = entry('io.github.modelcontextprotocol/server-github', version, {
    description: 'MCP server for using the GitHub API',
    npm: '@modelcontextprotocol/server-github',
  });
  item.server.repository = {
    url: 'https://github.com/modelcontextprotocol/servers',
    source: 'github',
  };
  item.server.packages![0]!.environmentVariables = [
    {
      name: 'GITHUB_PERSONAL_ACCESS_TOKEN',
      description: 'GitHub personal access token',
      isRequired: true,
      isSecret: true,
    },
  ];
  return item;
}

beforeEach(async () => {
  fx = makeFixture();
  const filesystem = entry('io.github.modelcontextprotocol/server-filesystem', '2026.1.14', {
    description: 'Secure file operations with configurable access controls',
    npm: '@modelcontextprotocol/server-filesystem',
  });
  filesystem.server.packages![0]!.packageArguments = [
    {
      type: 'positional',
      valueHint: 'directory',
      description: 'Directories the server may access',
      isRequired: true,
      format: 'filepath',
    },
  ];
  official = await startTestRegistry({
    items: [github('2025.4.8'), github('0.6.2'), github('0.6.1'), filesystem],
    npmLicenses: {
      '@modelcontextprotocol/server-github@2025.4.8': 'MIT',
      '@modelcontextprotocol/server-filesystem@2026.1.14': 'SEE LICENSE IN LICENSE',
    },
  });
  spoke = await startTestRegistry({
    items: [
      entry('io.github.modelcontextprotocol/server-filesystem', '2026.1.14', {
        trustLevel: 'trusted',
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
  fx.env.npm_config_registry = official.url;
});

afterEach(async () => {
  await Promise.all([official.close(), spoke.close()]);
  fx.cleanup();
});

describe('spoke info', () => {
  it('shows one server in full, with the license from the package itself', async () => {
    const r = await runCli(['info', 'io.github.modelcontextprotocol/server-github'], fx);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'io.github.modelcontextprotocol/server-github 2025.4.8',
        'MCP server for using the GitHub API',
        '',
        'Local name   github',
        'Registry     official (priority 10), trust trusted',
        'License      MIT',
        'Package      npm @modelcontextprotocol/server-github@2025.4.8',
        'Transport    stdio',
        'Repository   https://github.com/modelcontextprotocol/servers',
        'Arguments    none',
        'Environment  GITHUB_PERSONAL_ACCESS_TOKEN (secret, required): GitHub personal access token',
        'Versions     2025.4.8 (latest), 0.6.2, 0.6.1',
        'Also in      none',
        'Policy       allowed',
        'Installed    no',
        '',
      ].join('\n'),
    );
  });

  it('prints the documented JSON shape, with other registries and the policy verdict', async () => {
    fx.writeConfig({ ...fx.readConfig(), security: { allowedLicenses: ['MIT'] } });
    const r = await runCli(
      ['info', 'io.github.modelcontextprotocol/server-filesystem', '--json'],
      fx,
    );
    expect(r.json()).toEqual({
      name: 'io.github.modelcontextprotocol/server-filesystem',
      version: '2026.1.14',
      description: 'Secure file operations with configurable access controls',
      localName: 'filesystem',
      registry: 'official',
      registryPriority: 10,
      trustLevel: 'trusted',
      status: 'active',
      license: 'SEE LICENSE IN LICENSE',
      licenseSource: 'package',
      repository: null,
      packages: [
        expect.objectContaining({
          registryType: 'npm',
          identifier: '@modelcontextprotocol/server-filesystem',
        }),
      ],
      remotes: [],
      arguments: [
        {
          name: 'directory',
          type: 'path',
          required: true,
          description: 'Directories the server may access',
          default: '.',
        },
      ],
      environment: [],
      versions: ['2026.1.14'],
      alsoIn: [{ registry: 'spoke', trustLevel: 'verified', version: '2026.1.14' }],
      policy: {
        allowed: false,
        reasons: [
          'license "SEE LICENSE IN LICENSE" is not an SPDX identifier, so it cannot match allowed-licenses (MIT)',
        ],
      },
      installed: null,
    });
  });

  it('falls back to the registry license when npm cannot say, and shows a pinned version', async () => {
    await official.close();
    const r = await runCli(
      ['info', 'io.github.modelcontextprotocol/server-filesystem@2026.1.14', '--json'],
      fx,
    );
    expect(r.json()).toMatchObject({
      registry: 'spoke',
      trustLevel: 'verified',
      license: 'MIT',
      licenseSource: 'registry',
    });
    expect(r.stderr).toContain('warning: registry official did not answer (connect ECONNREFUSED');
  });

  it('says when a server is installed here', async () => {
    sampleWorkspace(fx);
    const r = await runCli(['info', 'io.github.modelcontextprotocol/server-github', '--json'], fx);
    expect(r.json<{ installed: unknown }>().installed).toEqual({
      name: 'github',
      version: '2025.4.8',
    });
  });

  it('describes an installed server by its local name, from the lockfile', async () => {
    sampleWorkspace(fx);
    const r = await runCli(['info', 'notes'], fx);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'dev.spoke.kim/notes 0.3.1\n\nLocal name   notes\nRegistry     spoke (priority 20), trust unverified\n',
    );
    expect(r.stdout).toContain('Package      npm @kim/notes@0.3.1\n');
    expect(r.stdout).toContain('Installed    yes, as notes (0.3.1)\n');
    expect(official.requests).toEqual([]);
  });

  it('exits 1 for a server no registry lists', async () => {
    const r = await runCli(['info', 'io.github.nobody/server-nothing'], fx);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: io.github.nobody/server-nothing is not in any registry\nhint: search with: spoke discover nothing\n',
    );
    const json = await runCli(['info', 'io.github.nobody/server-nothing', '--json'], fx);
    expect(json.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
  });

  it('does not call a server missing while a registry that may list it did not answer', async () => {
    const config = fx.readConfig() as { registries: Record<string, unknown>[] };
    fx.writeConfig({
      registries: [
        ...config.registries,
        registryEntry('acme', `http://127.0.0.1:${await freePort()}`, 5),
      ],
    });
    const r = await runCli(['info', 'io.github.nobody/server-nothing', '--json'], fx);
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({
      error: {
        code: 'REGISTRY_UNAVAILABLE',
        message:
          'io.github.nobody/server-nothing is not in the registries that answered, and acme did not answer',
      },
    });
  });
});
