import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@spoke/shared/testing/free-port';
import { installFilesystemAndGithub, installNotes, spokeIn, type Place } from './docs-scenes.ts';
import type { ListItem } from '../registry/types.ts';
import { startDocsNpm } from './docs-npm.ts';
import { docsRegistries } from './docs-world.ts';
import { startPlatform, startPublishedNpm, type Platform } from './docs-platform.ts';
import { makeFixture, type Fixture } from './fixture.ts';
import { startTestRegistry } from './registry-server.ts';
import { runCli } from './run-cli.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Waits long enough for registries and servers on a machine running many tests at once: set in
 * config.json by the scenes that start servers or ask registries while the other pages run.
 */
const PATIENT = { registryTimeout: '30s', serverStartTimeout: '60s', callTimeout: '60s' };

/**
 * What the reader does while a command that runs until stopped is running, keyed as NOT_RUN is:
 * each step waits for its text in the output (after the previous step's), then acts; `stop` is
 * Ctrl+C.
 */
export type Step = { when: string | RegExp; then: 'stop' | ((place: Place) => void) };

/** The steps of a command that runs until stopped when none are given: Ctrl+C once it says how. */
export const STOP_WHEN_TOLD: Step[] = [{ when: 'Press Ctrl+C to stop.', then: 'stop' }];

/** The project's dependencies, as `npm install` leaves them: the repository's own. */
function installDependencies(project: string): void {
  const modules = path.join(project, 'node_modules');
  if (!existsSync(modules)) symlinkSync(path.join(repoRoot, 'node_modules'), modules, 'dir');
}

/**
 * One platform for the pages that publish, started by the first that needs it (it takes a while)
 * and stopped by `closePlatform` after the file's tests.
 */
let platformOnce: Promise<Platform> | null = null;

/** The pages that publish: the platform starts with them, while their first examples run. */
export const PLATFORM_PAGES = ['docs/commands/05-authoring.md', 'docs/commands/09-account.md'];

export function startPlatformOnce(): Promise<Platform> {
  if (!platformOnce) {
    platformOnce = startPlatform();
    // Failing to start fails the examples that wait for it, not the page that started it.
    platformOnce.catch(() => undefined);
  }
  return platformOnce;
}

export async function closePlatform(): Promise<void> {
  const started = platformOnce;
  platformOnce = null;
  await started?.then(
    (platform) => platform.close(),
    () => undefined,
  );
}

/** The page's machine in a project directory, with the platform and npm the reader uses. */
async function publishingFrom(here: Place, project: string): Promise<Place> {
  const platform = await startPlatformOnce();
  const npm = await startPublishedNpm([path.join(project, 'package.json')]);
  const fx: Fixture = {
    ...here.fx,
    env: {
      ...here.fx.env,
      SPOKE_URL: platform.url,
      npm_config_registry: npm.url,
      // Ada's API token, as a CI job has it among its secrets.
      SPOKE_TOKEN: platform.token,
    },
  };
  return {
    fx,
    cwd: project,
    paths: [],
    close: () => npm.close(),
  };
}

const GITHUB_TOKEN = { GITHUB_PERSONAL_ACCESS_TOKEN: `ghp_${'x'.repeat(36)}` };

/** The filesystem server's tool that writes, given a path no allowed directory holds. */
const WRITE_OUTSIDE = JSON.stringify({ path: '/etc/motd', content: 'hello' });

/** The place the policy page's audit examples read: Ada's machine after a day's work. */
let auditDay: Promise<Place> | null = null;

async function aDayOfWork(): Promise<Place> {
  const fx = makeFixture();
  const registries = await docsRegistries(fx);
  const place: Place = {
    fx,
    cwd: fx.cwd,
    paths: [],
    close: async () => {
      await registries.close();
      fx.cleanup();
    },
  };
  // The license rule, written in config.json by whoever set up the machine.
  fx.writeConfig({
    ...fx.readConfig(),
    performance: PATIENT,
    security: {
      allowedLicenses: ['MIT', 'Apache-2.0', 'BSD-3-Clause'],
      minTrustLevel: 'unverified',
      allowedRegistries: null,
      sandboxBelow: 'trusted',
    },
  });
  await spokeIn(place, ['init']);
  await spokeIn(place, ['install', 'io.github.modelcontextprotocol/server-filesystem', '--yes']);
  const refused = await runCli(['install', 'io.github.example/server-scraper', '--yes'], {
    cwd: fx.cwd,
    env: fx.env,
    timeoutMs: 60_000,
  });
  if (refused.code !== 1) throw new Error(`install scraper: ${refused.stdout}${refused.stderr}`);
  await spokeIn(place, ['install', 'io.github.modelcontextprotocol/server-github', '--yes'], {
    env: GITHUB_TOKEN,
  });
  // A new token for GitHub, replacing the one given at install.
  await spokeIn(
    place,
    ['config', 'set', 'servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN', '--type', 'secret'],
    { input: `ghp_${'y'.repeat(36)}\n` },
  );
  await spokeIn(place, ['call', 'filesystem', 'read_file', '--args', '{"path": "spoke.json"}']);
  const failed = await runCli(['call', 'filesystem', 'write_file', '--args', WRITE_OUTSIDE], {
    cwd: fx.cwd,
    env: fx.env,
    timeoutMs: 60_000,
  });
  if (failed.code === 0) throw new Error(`write_file outside: ${failed.stdout}`);
  return place;
}

/**
 * Examples that run somewhere else than the page's workspace (see ELSEWHERE in docs-scenes.ts):
 * a project directory, or a machine with a running platform or a history.
 */
export const ELSEWHERE_LIVE: Record<string, (here: Place) => Promise<Place>> = {
  'docs/commands/02-servers.md: spoke update': aReleaseLater,
  // In the project `spoke create` made, after `cd weather` and `npm install` (its Next: steps).
  'docs/commands/05-authoring.md: spoke dev': async (here) => {
    const project = path.join(here.cwd, 'weather');
    installDependencies(project);
    here.fx.writeConfig({ ...here.fx.readConfig(), performance: PATIENT });
    return { fx: here.fx, cwd: project, paths: [], close: async () => undefined };
  },
  // The same project, its npm package published, and Ada logged in to a running platform.
  'docs/commands/05-authoring.md: spoke publish': async (here) => {
    const place = await publishingFrom(here, path.join(here.cwd, 'weather'));
    try {
      await spokeIn(place, ['login', '--token', place.fx.env.SPOKE_TOKEN!]);
    } catch (err) {
      await place.close();
      throw err;
    }
    return place;
  },
  // A CI job in a checkout of another project of Ada's, with her token in SPOKE_TOKEN.
  'docs/commands/09-account.md: spoke login --token "$SPOKE_TOKEN"': async (here) => {
    const projects = path.join(here.fx.root, 'home');
    mkdirSync(projects, { recursive: true });
    await spokeIn(here, ['config', 'set', 'templates.namespace', 'dev.spoke.ada']);
    await spokeIn({ ...here, cwd: projects }, ['create', 'forecast', '--template', 'tool']);
    return publishingFrom(here, path.join(projects, 'forecast'));
  },
  // Ada's machine after the day the page shows; the second example reads the same log.
  'docs/commands/08-policy.md: spoke audit': async () => {
    auditDay = aDayOfWork();
    const place = await auditDay;
    return { ...place, close: async () => undefined };
  },
  'docs/commands/08-policy.md: spoke audit --server filesystem --action call --json': async () => {
    const place = await (auditDay ?? aDayOfWork());
    auditDay = null;
    return place;
  },
};

/**
 * The page's workspace as the health example finds it: the notes server installed and its code
 * changed since (a tool's description edited in place), GitHub's token removed, the Spoke
 * registry's address with nothing listening, and a local registry file of twelve servers.
 */
async function healthScene(place: Place): Promise<void> {
  place.fx.writeConfig({ ...place.fx.readConfig(), performance: PATIENT });
  await installNotes(place);
  const notes = path.join(place.cwd, '.spoke/servers/notes/node_modules/fs-notes/dist/index.js');
  const bundle = readFileSync(notes, 'utf8');
  const edited = bundle.replace('Read one note.', 'Read one note, by its file name.');
  if (edited === bundle) throw new Error(`no tool description to change in ${notes}`);
  writeFileSync(notes, edited);
  await spokeIn(place, ['config', 'unset', 'servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN']);
  const config = place.fx.readConfig() as { registries: { name: string; url: string }[] };
  const closed = await freePort();
  for (const registry of config.registries) {
    if (registry.name === 'spoke') registry.url = `http://127.0.0.1:${closed}`;
  }
  place.fx.writeConfig(config);
  const servers = Array.from({ length: 12 }, (_, i) => ({
    server: {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: `dev.spoke.ada/tool-${i + 1}`,
      description: `Team tool ${i + 1}`,
      version: '0.1.0',
    },
  }));
  writeFileSync(
    path.join(place.fx.configDir, 'registry.json'),
    `${JSON.stringify({ servers }, null, 2)}\n`,
  );
}

const FILESYSTEM = 'io.github.modelcontextprotocol/server-filesystem';

/** Every version of every server a test registry lists. */
async function everyItem(registry: string): Promise<ListItem[]> {
  const get = async <T>(url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return (await res.json()) as T;
  };
  const { servers } = await get<{ servers: ListItem[] }>(`${registry}/v0.1/servers?limit=100`);
  const all = await Promise.all(
    servers.map(({ server }) =>
      get<{ servers: ListItem[] }>(
        `${registry}/v0.1/servers/${encodeURIComponent(server.name)}/versions`,
      ),
    ),
  );
  return all.flatMap((answer) => answer.servers);
}

/**
 * The page's workspace some time later: the filesystem server's next release (2026.7.10) is in
 * the official registry and on npm, under a license that is not an SPDX identifier and with a
 * tool's description reworded, and the local weather project has a new tool.
 */
async function aReleaseLater(here: Place): Promise<Place> {
  const config = here.fx.readConfig() as { registries: { name: string; url: string }[] };
  const official = config.registries.find((r) => r.name === 'official')!;
  const items = await everyItem(official.url);
  const current = items.find(
    (i) => i.server.name === FILESYSTEM && i.server.version === '2026.1.14',
  )!;
  const next = structuredClone(current);
  next.server.version = '2026.7.10';
  for (const pkg of next.server.packages ?? []) pkg.version = '2026.7.10';
  const marks = (item: ListItem) =>
    item._meta?.['io.modelcontextprotocol.registry/official'] as { isLatest?: boolean };
  marks(current).isLatest = false;
  marks(next).isLatest = true;
  const registry = await startTestRegistry({ items: [next, ...items] });
  const npm = await startDocsNpm([
    {
      name: '@modelcontextprotocol/server-filesystem',
      versions: ['2026.7.10'],
      license: 'SEE LICENSE IN LICENSE',
      bin: 'mcp-server-filesystem',
      source: 'server-filesystem-next.ts',
    },
  ]);
  const before = JSON.stringify(config);
  here.fx.writeConfig({
    ...config,
    performance: PATIENT,
    registries: config.registries.map((r) =>
      r.name === 'official' ? { ...r, url: registry.url } : r,
    ),
  });
  const weather = path.join(path.dirname(here.fx.cwd), 'weather/server.js');
  const source = readFileSync(weather, 'utf8');
  const changed = source.replace(
    '\n];',
    "\n  { name: 'get_alerts', description: 'Weather alerts for a region.', inputSchema: { type: 'object', properties: { region: { type: 'string' } } } },\n];",
  );
  if (changed === source) throw new Error(`no tool list in ${weather}`);
  writeFileSync(weather, changed);
  return {
    fx: { ...here.fx, env: { ...here.fx.env, npm_config_registry: npm.url } },
    cwd: here.cwd,
    paths: [],
    close: async () => {
      here.fx.writeConfig(JSON.parse(before));
      await Promise.all([registry.close(), npm.close()]);
    },
  };
}

/** What the machine holds before an example (see BEFORE in docs-scenes.ts). */
export const BEFORE_LIVE: Record<string, (place: Place) => Promise<void>> = {
  // The two servers of the Quick Start, from the page's first example on; they are installed
  // already when `spoke serve` runs, for which docs-scenes.ts installs them.
  'docs/commands/03-running-and-serving.md: spoke tools github': installFilesystemAndGithub,
  'docs/commands/03-running-and-serving.md: spoke serve --http 7801': async () => undefined,
  'docs/commands/03-running-and-serving.md: spoke health': healthScene,
  // The GitHub server, installed as the Quick Start installs it.
  'docs/commands/02-servers.md: spoke info io.github.modelcontextprotocol/server-github': async (
    place,
  ) => {
    await spokeIn(place, ['install', 'io.github.modelcontextprotocol/server-github', '--yes'], {
      env: GITHUB_TOKEN,
    });
  },
  // The page installs the GitHub server here as a new one: the one `info` showed is gone.
  'docs/commands/02-servers.md: spoke install io.github.modelcontextprotocol/server-github --set GITHUB_PERSONAL_ACCESS_TOKEN="$GITHUB_TOKEN" --yes':
    async (place) => {
      await spokeIn(place, ['remove', 'github']);
    },
  // The namespace the page says to set before creating projects.
  'docs/commands/05-authoring.md: spoke create weather --template tool': async (place) => {
    await spokeIn(place, ['config', 'set', 'templates.namespace', 'dev.spoke.ada']);
  },
};

/** A tool added to the weather project's server while `spoke dev` runs. */
function addForecastTool(place: Place): void {
  const file = path.join(place.cwd, 'src/server.ts');
  const source = readFileSync(file, 'utf8').replace(
    '  return server;',
    [
      '  server.registerTool(',
      "    'get_forecast',",
      "    { description: 'Forecast for a city.', inputSchema: { city: z.string() } },",
      "    async ({ city }) => ({ content: [{ type: 'text', text: `Sunny in ${city}` }] }),",
      '  );',
      '',
      '  return server;',
    ].join('\n'),
  );
  writeFileSync(file, source);
}

/** Steps of the commands that run until stopped, keyed as NOT_RUN is. */
export const UNTIL_STOPPED: Record<string, Step[]> = {
  'docs/commands/05-authoring.md: spoke dev': [
    { when: 'Press Ctrl+C to stop.', then: addForecastTool },
    { when: /ready in \d+ ms: 3 tools \(added get_forecast\)\n/, then: 'stop' },
  ],
};
