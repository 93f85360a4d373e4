import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { docsRegistries } from './docs-world.ts';
import { makeFixture, type Fixture } from './fixture.ts';
import { runCli } from './run-cli.ts';
import { writeTinyProject } from './tiny-server.ts';

/** Where an example runs: a fixture, a directory, and how its paths are written in the docs. */
export type Place = {
  fx: Fixture;
  cwd: string;
  /** Paths of this place and the docs' paths for them, before the fixture's own. */
  paths: [string, string][];
  close: () => Promise<void>;
};

/**
 * Examples that run somewhere else than the page's workspace, keyed as NOT_RUN is: the place is
 * made before the example and closed after it.
 */
export const ELSEWHERE: Record<string, (here: Place) => Promise<Place>> = {
  // A teammate clones the repository (the files the page commits) on their own machine: their
  // home, config and secret store, the same registries.
  'docs/quick-start/06-next-steps.md: spoke install': async (here) => {
    const fx = makeFixture();
    const registries = await docsRegistries(fx);
    for (const file of ['spoke.json', 'spoke.lock.json', '.mcp.json']) {
      if (existsSync(path.join(here.cwd, file))) {
        copyFileSync(path.join(here.cwd, file), path.join(fx.cwd, file));
      }
    }
    return {
      fx,
      cwd: fx.cwd,
      paths: [
        [fx.cwd, '/home/kim/demo'],
        [path.join(fx.root, 'home'), '/home/kim'],
      ],
      close: async () => {
        await registries.close();
        fx.cleanup();
      },
    };
  },
};

/**
 * Runs `spoke <args>` in a place without a terminal; it must succeed. (Not spawnSync: the
 * registries it asks answer from this process.)
 */
export async function spokeIn(
  place: Place,
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<void> {
  const run = await runCli(args, {
    cwd: place.cwd,
    env: { ...place.fx.env, ...options.env },
    input: options.input ?? '',
    timeoutMs: 60_000,
  });
  if (run.code !== 0) throw new Error(`spoke ${args.join(' ')}: ${run.stdout}${run.stderr}`);
}

const GITHUB_TOKEN = { GITHUB_PERSONAL_ACCESS_TOKEN: `ghp_${'x'.repeat(36)}` };

/** The servers the command reference's examples have installed, as the Quick Start left them. */
export async function installFilesystemAndGithub(place: Place): Promise<void> {
  await spokeIn(place, ['install', 'io.github.modelcontextprotocol/server-filesystem', '--yes']);
  await spokeIn(place, ['install', 'io.github.modelcontextprotocol/server-github', '--yes'], {
    env: GITHUB_TOKEN,
  });
}

/** The notes server from the Spoke registry, under the local name the docs give it. */
export async function installNotes(place: Place): Promise<void> {
  await spokeIn(place, ['install', 'dev.spoke.ada/fs-notes', '--name', 'notes', '--yes']);
}

/**
 * What the workspace or machine holds before an example, when the page shows it earlier (or on
 * another page) without an example that makes it: keyed as NOT_RUN is.
 */
export const BEFORE: Record<string, (place: Place) => Promise<void>> = {
  // Three servers, one of them missing its secret, a policy and a login.
  'docs/commands/01-workspaces.md: spoke status': async (place) => {
    await installFilesystemAndGithub(place);
    await installNotes(place);
    await spokeIn(place, ['config', 'unset', 'servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN']);
    await spokeIn(place, ['policy', 'set', 'allowed-licenses', 'MIT,Apache-2.0,BSD-3-Clause']);
    await spokeIn(place, ['policy', 'set', 'min-trust', 'verified']);
    await spokeIn(place, ['login', '--token', 'spk_docs']);
  },
  // Cursor's file has spoke's filesystem entry, a hand-written one and one for a removed server.
  'docs/commands/04-clients.md: spoke export --client cursor --dry-run': async (place) => {
    await installFilesystemAndGithub(place);
    // A server named as Cursor's hand-written entry is: a project of its own, installed by path.
    const postgres = writeTinyProject(path.join(place.fx.root, 'postgres-tools'));
    await spokeIn(place, ['install', postgres, '--name', 'postgres', '--yes']);
    const cursor = path.join(place.cwd, '.cursor');
    mkdirSync(cursor, { recursive: true });
    writeFileSync(
      path.join(cursor, 'mcp.json'),
      [
        '{',
        '  "mcpServers": {',
        '    "filesystem": { "command": "spoke", "args": ["run", "filesystem", "--cwd", "${workspaceFolder}"] },',
        '    "postgres": { "command": "npx", "args": ["-y", "@example/postgres-mcp"] },',
        '    "weather": { "command": "spoke", "args": ["run", "weather", "--cwd", "${workspaceFolder}"] }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  },
  // The GitHub server with its token, and the notes server with its folder.
  'docs/commands/07-config-and-secrets.md: spoke config get performance.registryTimeout': async (
    place,
  ) => {
    await installFilesystemAndGithub(place);
    await installNotes(place);
    mkdirSync(path.join(place.cwd, 'docs/notes'), { recursive: true });
  },
  // The token `spoke serve --http` made.
  'docs/commands/07-config-and-secrets.md: spoke config unset serve.token': async (place) => {
    await spokeIn(place, ['config', 'set', 'serve.token', '--type', 'secret'], { input: 'tok\n' });
  },
  // The policy the page sets further down, with the default sandbox rule.
  'docs/commands/08-policy.md: spoke policy show': async (place) => {
    await spokeIn(place, ['policy', 'set', 'allowed-licenses', 'MIT,Apache-2.0,BSD-3-Clause']);
    await spokeIn(place, ['policy', 'set', 'min-trust', 'verified']);
    await spokeIn(place, ['policy', 'set', 'sandbox-below', 'trusted']);
  },
  // Three servers installed before the policy was set.
  'docs/commands/08-policy.md: spoke policy set allowed-licenses MIT,Apache-2.0,BSD-3-Clause':
    async (place) => {
      await spokeIn(place, ['policy', 'set', 'allowed-licenses', 'any']);
      await spokeIn(place, ['policy', 'set', 'min-trust', 'unverified']);
      await installFilesystemAndGithub(place);
      await installNotes(place);
    },
  // The weather project `spoke create` made beside the workspace, built.
  'docs/commands/02-servers.md: spoke install io.github.modelcontextprotocol/server-filesystem --yes':
    async (place) => {
      const weather = writeTinyProject(path.join(path.dirname(place.fx.cwd), 'weather'));
      writeFileSync(
        path.join(weather, 'package.json'),
        JSON.stringify({ name: 'weather', version: '0.1.0', license: 'MIT', bin: 'server.js' }),
      );
    },
  // The two servers of the Quick Start.
  'docs/commands/03-running-and-serving.md: spoke serve --http 7801': installFilesystemAndGithub,
  // The license rule set above, which the example before lifted.
  'docs/commands/08-policy.md: spoke install io.github.example/server-scraper': async (place) => {
    await spokeIn(place, ['policy', 'set', 'allowed-licenses', 'MIT,Apache-2.0,BSD-3-Clause']);
  },
  'docs/commands/09-account.md: spoke login --registry acme': async (place) => {
    await spokeIn(place, [
      'registry',
      'add',
      'acme',
      'https://mcp.acme.example/registry',
      '--type',
      'enterprise',
      '--priority',
      '5',
      '--trust',
      'trusted',
      '--scope',
      'com.acme',
    ]);
  },
};
