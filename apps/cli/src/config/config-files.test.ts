import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../errors.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { runCli } from '../test/run-cli.ts';
import { defaultGlobalConfig, defaultRegistries, loadGlobalConfig } from './global-config.ts';
import { loadLock, loadWorkspace, newWorkspace, workspaceAt } from './workspace.ts';

let fx: Fixture;
beforeEach(() => void (fx = makeFixture()));
afterEach(() => fx.cleanup());

function failure(fn: () => unknown): CliError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CliError);
    return err as CliError;
  }
  throw new Error('expected a failure');
}

const badConfig = (change: (config: Record<string, unknown>) => void) => {
  const config = structuredClone(defaultGlobalConfig(fx.env)) as unknown as Record<string, unknown>;
  change(config);
  fx.writeConfig(config);
  return failure(() => loadGlobalConfig(fx.env));
};

describe('config.json', () => {
  it('is created with the documented defaults the first time it is needed', () => {
    const loaded = loadGlobalConfig(fx.env);
    expect(loaded.created).toBe(true);
    const file = fx.readConfig();
    expect(file).toEqual({
      registries: defaultRegistries(fx.env),
      templates: { author: '', namespace: 'dev.spoke.example' },
      plugins: [],
      security: {
        allowedLicenses: null,
        minTrustLevel: 'unverified',
        allowedRegistries: null,
        sandboxBelow: 'trusted',
      },
      performance: { registryTimeout: '3s', serverStartTimeout: '10s', callTimeout: '60s' },
    });
  });

  it('fills absent sections with defaults', () => {
    fx.writeConfig({ performance: { registryTimeout: '5s' } });
    const { config, raw } = loadGlobalConfig(fx.env);
    expect(config.performance).toEqual({
      registryTimeout: '5s',
      serverStartTimeout: '10s',
      callTimeout: '60s',
    });
    expect(config.registries.map((r) => r.name)).toEqual(['official', 'spoke', 'local']);
    expect(raw).toEqual({ performance: { registryTimeout: '5s' } });
  });

  it('names the file, the field and the fix', () => {
    const file = path.join(fx.configDir, 'config.json');
    let e = badConfig((c) => ((c.security as Record<string, unknown>).minTrustLevel = 'high'));
    expect(e.message).toBe(
      `${file}: security.minTrustLevel must be one of trusted, verified, unverified, got "high"`,
    );
    expect(e.hint).toBe('edit the file, or run: spoke policy set min-trust verified');
    expect(e.code).toBe('CONFIG_INVALID');

    e = badConfig((c) => ((c.registries as Record<string, unknown>[])[1]!.priority = '20'));
    expect(e.message).toBe(`${file}: registries[1].priority must be a whole number, got "20"`);
    expect(e.hint).toBe('edit the file, or set it with: spoke registry set-priority spoke 20');

    e = badConfig((c) => (c.registires = []));
    expect(e.message).toBe(`${file}: registires is not a known field`);
    expect(e.hint).toContain('did you mean "registries"?');

    e = badConfig(
      (c) => ((c.performance as Record<string, unknown>).registryTimeout = '3 seconds'),
    );
    expect(e.message).toBe(
      `${file}: performance.registryTimeout must be a duration: a whole number and ms, s or m, such as 3s, got "3 seconds"`,
    );
    expect(e.hint).toBe('edit the file, or run: spoke config set performance.registryTimeout 3s');
  });

  it("gives the same fix for a field named like one of Object's members as for any other", () => {
    const file = path.join(fx.configDir, 'config.json');
    const problem = (field: string) => {
      fx.writeConfig(`{ "performance": { ${JSON.stringify(field)}: "5s" } }`);
      return failure(() => loadGlobalConfig(fx.env));
    };
    for (const field of ['nonsense', 'constructor', 'toString', '__proto__']) {
      const e = problem(field);
      expect(e.message).toBe(`${file}: performance.${field} is not a known field`);
      expect(e.hint).toBe(`edit the file, or run: spoke config set performance.${field} 3s`);
    }
  });

  it('checks registries against each other', () => {
    const file = path.join(fx.configDir, 'config.json');
    let e = badConfig((c) => ((c.registries as Record<string, unknown>[])[2]!.priority = 10));
    expect(e.message).toBe(
      `${file}: registries[2].priority 10 is already the priority of registries[0] (official); priorities must be unique`,
    );
    e = badConfig((c) => ((c.registries as Record<string, unknown>[])[0]!.url = '/some/file.json'));
    expect(e.message).toContain(
      'registries[0].url must be an http:// or https:// URL for an official registry',
    );
    e = badConfig((c) => ((c.registries as Record<string, unknown>[])[1]!.trustLevel = 'high'));
    expect(e.message).toBe(
      `${file}: registries[1].trustLevel must be one of trusted, verified, unverified, got "high"`,
    );
  });

  it('reports broken JSON with its position', () => {
    fx.writeConfig('{\n  "registries": [\n}');
    const file = path.join(fx.configDir, 'config.json');
    const e = failure(() => loadGlobalConfig(fx.env));
    expect(e.message).toMatch(new RegExp(`^${file} is not valid JSON at line 3, column 1`));
  });
});

describe('spoke.json and spoke.lock.json', () => {
  const workspace = (change: (w: Record<string, unknown>) => void) => {
    const data = structuredClone(newWorkspace('demo')) as unknown as Record<string, unknown>;
    change(data);
    fx.writeJson('spoke.json', data);
    return workspaceAt(fx.cwd);
  };

  it('reports a bad field with the documented message and fix', () => {
    const ref = workspace((w) => ((w.development as Record<string, unknown>).autoReload = 'yes'));
    const e = failure(() => loadWorkspace(ref));
    expect(e.message).toBe(`${ref.file}: development.autoReload must be true or false, got "yes"`);
    expect(e.hint).toBe('edit the file, or run: spoke config set development.autoReload true');
  });

  it("suggests true or false for a word named like one of Object's members", () => {
    for (const word of ['nonsense', 'constructor', 'toString', '__proto__']) {
      const ref = workspace((w) => ((w.development as Record<string, unknown>).verbose = word));
      const e = failure(() => loadWorkspace(ref));
      expect(e.message).toBe(
        `${ref.file}: development.verbose must be true or false, got "${word}"`,
      );
      expect(e.hint).toBe('edit the file, or run: spoke config set development.verbose false');
    }
  });

  it('finds a server or a locked entry only under a name the file has', () => {
    const ref = workspace((w) => (w.servers = {}));
    for (const name of ['constructor', 'toString', '__proto__']) {
      expect(loadWorkspace(ref).servers[name]).toBeUndefined();
      expect(loadLock(ref).servers[name]).toBeUndefined();
    }
    fx.writeJson('spoke.lock.json', { lockfileVersion: 1, servers: {} });
    expect(loadLock(ref).servers.constructor).toBeUndefined();
  });

  it('explains how to write a list of secrets', () => {
    const ref = workspace(
      (w) =>
        (w.servers = {
          github: {
            source: 'io.github.modelcontextprotocol/server-github',
            registry: 'official',
            transport: 'stdio',
            command: 'node',
            secrets: 'GITHUB_PERSONAL_ACCESS_TOKEN',
          },
        }),
    );
    const e = failure(() => loadWorkspace(ref));
    expect(e.message).toBe(
      `${ref.file}: servers.github.secrets must be an array of variable names, got "GITHUB_PERSONAL_ACCESS_TOKEN"`,
    );
    expect(e.hint).toBe('write it as ["GITHUB_PERSONAL_ACCESS_TOKEN"]');
  });

  it('requires a command for stdio servers and refuses _ in local names', () => {
    let ref = workspace(
      (w) => (w.servers = { notes: { source: './notes', registry: 'local', transport: 'stdio' } }),
    );
    expect(failure(() => loadWorkspace(ref)).message).toContain('servers.notes.command is missing');
    ref = workspace(
      (w) =>
        (w.servers = {
          my_server: { source: './x', registry: 'local', transport: 'stdio', command: 'node' },
        }),
    );
    expect(failure(() => loadWorkspace(ref)).message).toContain(
      'servers key "my_server" is not a valid local name',
    );
  });

  it('checks what the lockfile says was installed', () => {
    const ref = workspace(() => {});
    const server = {
      name: 'io.github.x/y',
      version: '1.0.0',
      registry: 'official',
      registryUrl: null,
      trustLevel: 'trusted',
      license: 'MIT',
      toolsHash: 'sha256-x',
      toolCount: 1,
      installedAt: '2026-11-21T09:20:44.031Z',
    };
    fx.writeJson('spoke.lock.json', {
      lockfileVersion: 1,
      servers: { y: { ...server, package: { registryType: 'nuget', identifier: 'y' } } },
    });
    expect(failure(() => loadLock(ref)).message).toBe(
      `${ref.lockFile}: servers.y.package.registryType must be one of npm, pypi, oci, path, remote, got "nuget"`,
    );
    fx.writeJson('spoke.lock.json', {
      lockfileVersion: 1,
      servers: {
        y: {
          ...server,
          package: { registryType: 'npm', identifier: 'y', version: '1.0.0', resolved: 'u' },
        },
      },
    });
    expect(failure(() => loadLock(ref)).message).toBe(
      `${ref.lockFile}: servers.y.package.integrity is missing; it must be a string`,
    );
  });

  it('refuses a lockfile from a newer spoke', () => {
    const ref = workspace(() => {});
    fx.writeJson('spoke.lock.json', { lockfileVersion: 2, servers: {} });
    const e = failure(() => loadLock(ref));
    expect(e.message).toContain('has lockfileVersion 2, written by a newer spoke');
    expect(e.hint).toBe('upgrade spoke: npm install -g @spoke/cli@latest');
  });

  it('stops the command with exit code 1 and no stack trace, unless --verbose', async () => {
    workspace((w) => ((w.development as Record<string, unknown>).verbose = 1));
    const before = readFileSync(path.join(fx.cwd, 'spoke.json'), 'utf8');
    const plain = await runCli(['list'], fx);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toBe(
      `error: ${path.join(fx.cwd, 'spoke.json')}: development.verbose must be true or false, got 1\n` +
        'hint: edit the file, or run: spoke config set development.verbose true\n',
    );
    const verbose = await runCli(['list', '--verbose'], fx);
    expect(verbose.stderr).toContain('at loadWorkspace');
    const json = await runCli(['list', '--json'], fx);
    expect(json.json<{ error: { code: string } }>().error.code).toBe('CONFIG_INVALID');
    expect(readFileSync(path.join(fx.cwd, 'spoke.json'), 'utf8')).toBe(before);
  });
});
