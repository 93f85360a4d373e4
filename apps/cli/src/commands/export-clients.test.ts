import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientEntry } from '../export/clients.ts';
import { parseJsonc, valueOf } from '../export/jsonc.ts';
import { readTomlServers } from '../export/toml.ts';
import { readYamlServers } from '../export/yaml.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { runCli } from '../test/run-cli.ts';
import { sampleWorkspace } from '../test/sample-workspace.ts';

let fx: Fixture;
const spoke = (...args: string[]) => runCli(args, fx);
beforeEach(() => {
  fx = makeFixture();
  sampleWorkspace(fx);
});
afterEach(() => fx.cleanup());

const SERVERS = ['filesystem', 'github', 'notes', 'weather'];
type Syntax = 'json' | 'toml' | 'yaml';
type Target = {
  client: string;
  /** Where the file is: in the workspace, or in the home directory (`~/`). */
  file: string;
  key: string;
  syntax: Syntax;
  /** The entry for server `s`; `node` and `script` are the absolute paths a user file names. */
  entry: (s: string, abs: { node: string; script: string; cwd: string }) => ClientEntry;
};

const run = (s: string) => ({ command: 'spoke', args: ['run', s] });
const inFolder = (s: string) => ({
  command: 'spoke',
  args: ['run', s, '--cwd', '${workspaceFolder}'],
});
const absolute = (s: string, a: { node: string; script: string; cwd: string }) => ({
  command: a.node,
  args: [a.script, 'run', s, '--cwd', a.cwd],
});

const TARGETS: Target[] = [
  {
    client: 'claude-code',
    file: '.mcp.json',
    key: 'mcpServers',
    syntax: 'json',
    entry: (s) => ({ type: 'stdio', ...run(s) }),
  },
  {
    client: 'cursor',
    file: '.cursor/mcp.json',
    key: 'mcpServers',
    syntax: 'json',
    entry: inFolder,
  },
  {
    client: 'vscode',
    file: '.vscode/mcp.json',
    key: 'servers',
    syntax: 'json',
    entry: (s) => ({ type: 'stdio', ...inFolder(s) }),
  },
  { client: 'roo-code', file: '.roo/mcp.json', key: 'mcpServers', syntax: 'json', entry: run },
  {
    client: 'continue',
    file: '.continue/mcpServers/spoke.json',
    key: 'mcpServers',
    syntax: 'json',
    entry: run,
  },
  {
    client: 'gemini-cli',
    file: '.gemini/settings.json',
    key: 'mcpServers',
    syntax: 'json',
    entry: run,
  },
  {
    client: 'opencode',
    file: 'opencode.json',
    key: 'mcp',
    syntax: 'json',
    entry: (s) => ({ type: 'local', command: ['spoke', 'run', s], enabled: true }),
  },
  { client: 'amazon-q', file: '.amazonq/mcp.json', key: 'mcpServers', syntax: 'json', entry: run },
  {
    client: 'claude-desktop',
    file: '~/.config/Claude/claude_desktop_config.json',
    key: 'mcpServers',
    syntax: 'json',
    entry: absolute,
  },
  {
    client: 'windsurf',
    file: '~/.codeium/windsurf/mcp_config.json',
    key: 'mcpServers',
    syntax: 'json',
    entry: absolute,
  },
  {
    client: 'zed',
    file: '~/.config/zed/settings.json',
    key: 'context_servers',
    syntax: 'json',
    entry: (s, a) => ({ source: 'custom', ...absolute(s, a), env: {} }),
  },
  {
    client: 'cline',
    file: '~/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    key: 'mcpServers',
    syntax: 'json',
    entry: (s, a) => ({ ...absolute(s, a), disabled: false }),
  },
  {
    client: 'lm-studio',
    file: '~/.lmstudio/mcp.json',
    key: 'mcpServers',
    syntax: 'json',
    entry: absolute,
  },
  {
    client: 'goose',
    file: '~/.config/goose/config.yaml',
    key: 'extensions',
    syntax: 'yaml',
    entry: (s, a) => {
      const { command, args } = absolute(s, a);
      const base = { name: s, description: `spoke run ${s}`, type: 'stdio', enabled: true };
      return { ...base, cmd: command, args, envs: {}, env_keys: [], timeout: 300 };
    },
  },
  {
    client: 'codex',
    file: '~/.codex/config.toml',
    key: 'mcp_servers',
    syntax: 'toml',
    entry: absolute,
  },
];

const fileOf = (t: Target) =>
  t.file.startsWith('~/') ? path.join(fx.env.HOME!, t.file.slice(2)) : path.join(fx.cwd, t.file);

/** The servers the file holds, read back. */
function serversIn(t: Target, text: string): Record<string, ClientEntry> {
  if (t.syntax === 'toml') return readTomlServers(text, t.key).entries;
  if (t.syntax === 'yaml') return readYamlServers(text, t.key).entries;
  return (valueOf(parseJsonc(text)) as Record<string, Record<string, ClientEntry>>)[t.key]!;
}

/** A file of the user's: a setting, a comment where the format has them, a server of their own. */
const EXISTING: Record<Syntax, (key: string) => string> = {
  json: (key) =>
    [
      '{',
      '  // my settings',
      '  "theme": "dark",',
      `  "${key}": {`,
      '    "mine": { "command": "npx", "args": ["-y", "@example/mine"] }, // keep',
      '  },',
      '}',
      '',
    ].join('\n'),
  toml: () =>
    [
      'model = "o3" # my model',
      '',
      '[mcp_servers.mine]',
      'command = "npx"',
      'args = ["-y", "@example/mine"]',
      '',
      '[profiles.fast]',
      'model = "o4-mini"',
      '',
    ].join('\n'),
  yaml: () =>
    [
      'GOOSE_MODEL: o3 # my model',
      'extensions:',
      '  mine:',
      '    type: stdio',
      '    cmd: npx',
      '    args: ["-y", "@example/mine"]',
      '    enabled: true',
      'GOOSE_MODE: smart_approve',
      '',
    ].join('\n'),
};

/** Whether every line of `before` is in `after`, in the same order. */
function keepsEveryLine(before: string, after: string): boolean {
  const lines = after.split('\n');
  let at = 0;
  for (const line of before.split('\n')) {
    at = lines.indexOf(line, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}

describe.each(TARGETS)('spoke export --client $client', (t) => {
  it('writes a new file, then finds its own entries unchanged', async () => {
    const file = fileOf(t);
    const r = await spoke('export', '--client', t.client);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`Wrote ${file}`);
    const text = readFileSync(file, 'utf8');
    const servers = serversIn(t, text);
    expect(Object.keys(servers)).toEqual(SERVERS);
    const node = String(servers.github!.command ?? servers.github!.cmd);
    const script = String((servers.github!.args as string[] | undefined)?.[0]);
    for (const s of SERVERS) {
      expect(servers[s]).toEqual(t.entry(s, { node, script, cwd: fx.cwd }));
    }
    if (t.file.startsWith('~/')) expect(path.isAbsolute(node)).toBe(true);
    const again = await spoke('export', '--client', t.client, '--json');
    expect(again.json<{ changes: { action: string }[] }>().changes.map((c) => c.action)).toEqual(
      SERVERS.map(() => 'unchanged'),
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it("adds its entries to an existing file, keeping every line of the user's", async () => {
    const file = fileOf(t);
    mkdirSync(path.dirname(file), { recursive: true });
    const before = EXISTING[t.syntax](t.key);
    writeFileSync(file, before);
    const r = await spoke('export', '--client', t.client);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(keepsEveryLine(before, text), text).toBe(true);
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(before);
    const servers = serversIn(t, text);
    expect(Object.keys(servers)).toEqual(['mine', ...SERVERS]);
    expect(servers.mine).toMatchObject({ args: ['-y', '@example/mine'] });
    const again = await spoke('export', '--client', t.client, '--json');
    expect(again.json<{ changes: { action: string }[] }>().changes.map((c) => c.action)).toEqual(
      SERVERS.map(() => 'unchanged'),
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('spoke export into files with comments and other formats', () => {
  it("updates and removes its own entries in VS Code's mcp.json, keeping its comments", async () => {
    const file = fx.writeJson(
      '.vscode/mcp.json',
      [
        '// Servers for this project',
        '{',
        '  "inputs": [],',
        '  "servers": {',
        '    /* ours */',
        '    "mine": { "type": "stdio", "command": "npx", "args": ["-y", "x"] },',
        '    "old": { "type": "stdio", "command": "spoke", "args": ["run", "old"] }, // gone',
        '    "github": { "command": "spoke", "args": ["run", "github"] },',
        '  },',
        '}',
        '',
      ].join('\n'),
    );
    const r = await spoke('export', '--client', 'vscode', '--json');
    expect(r.json<{ changes: unknown[] }>().changes).toEqual([
      { server: 'github', action: 'update', reason: null },
      { server: 'filesystem', action: 'add', reason: null },
      { server: 'notes', action: 'add', reason: null },
      { server: 'weather', action: 'add', reason: null },
      { server: 'old', action: 'remove', reason: null },
    ]);
    const entry = (s: string) =>
      `{\n      "type": "stdio",\n      "command": "spoke",\n      "args": ["run", "${s}", "--cwd", "\${workspaceFolder}"]\n    }`;
    expect(readFileSync(file, 'utf8')).toBe(
      [
        '// Servers for this project',
        '{',
        '  "inputs": [],',
        '  "servers": {',
        '    /* ours */',
        '    "mine": { "type": "stdio", "command": "npx", "args": ["-y", "x"] },',
        `    "github": ${entry('github')},`,
        `    "filesystem": ${entry('filesystem')},`,
        `    "notes": ${entry('notes')},`,
        `    "weather": ${entry('weather')},`,
        '  },',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('rewrites only its own [mcp_servers.*] tables in Codex config.toml', async () => {
    const first = await spoke('export', '--client', 'codex');
    expect(first.code, first.stderr).toBe(0);
    const file = path.join(fx.env.HOME!, '.codex/config.toml');
    const ours = readFileSync(file, 'utf8');
    const github = /\[mcp_servers\.github\]\n(?:(?!\[)[^\n]*\n)*/.exec(ours)![0];
    const user = 'model = "o3"\n\n[mcp_servers.mine]\ncommand = "uvx"\nargs = ["mine"]\n\n';
    // Another workspace's entry, an outdated one of ours, one for a server since removed.
    const other = github.replace(fx.cwd, '/elsewhere').replace('github', 'other');
    const stale = github.replace('"run", "github"', '"run", "github", "--verbose"');
    const gone = github.replace(/github/g, 'gone');
    writeFileSync(file, `${user}${other}${stale}${gone}[profiles.fast]\nmodel = "o4-mini"\n`);
    const r = await spoke('export', '--client', 'codex', '--json');
    expect(r.json<{ changes: unknown[] }>().changes).toEqual([
      { server: 'github', action: 'update', reason: null },
      ...['filesystem', 'notes', 'weather'].map((server) => ({
        server,
        action: 'add',
        reason: null,
      })),
      { server: 'gone', action: 'remove', reason: null },
    ]);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(`${user}${other}${github}[profiles.fast]\nmodel = "o4-mini"\n`)).toBe(
      true,
    );
    expect(Object.keys(readTomlServers(text, 'mcp_servers').entries)).toEqual([
      'mine',
      'other',
      'github',
      'filesystem',
      'notes',
      'weather',
    ]);
  });

  it("adds a server named constructor, keeping the user's entries named like Object's members", async () => {
    const spokeJson = fx.readJson('spoke.json') as { servers: Record<string, unknown> };
    fx.writeJson('spoke.json', {
      ...spokeJson,
      servers: { ...spokeJson.servers, constructor: spokeJson.servers.notes },
    });
    const claudeCode = path.join(fx.cwd, '.mcp.json');
    const codex = path.join(fx.env.HOME!, '.codex/config.toml');
    const goose = path.join(fx.env.HOME!, '.config/goose/config.yaml');
    const before = {
      claudeCode:
        '{ "mcpServers": { "hasOwnProperty": { "command": "uvx", "args": ["mine"] } } }\n',
      codex: '[mcp_servers.toString]\ncommand = "uvx"\nargs = ["mine"]\n',
      goose: 'extensions:\n  valueOf:\n    type: stdio\n    cmd: npx\n    args: ["-y", "mine"]\n',
    };
    for (const [file, text] of [
      [claudeCode, before.claudeCode],
      [codex, before.codex],
      [goose, before.goose],
    ] as const) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const added = [...SERVERS, 'constructor'].map((server) => ({
      server,
      action: 'add',
      reason: null,
    }));
    for (const client of ['claude-code', 'codex', 'goose']) {
      const r = await spoke('export', '--client', client, '--json');
      expect(r.code, r.stderr).toBe(0);
      expect(r.json<{ changes: unknown[] }>().changes, client).toEqual(added);
    }
    const claude = JSON.parse(readFileSync(claudeCode, 'utf8')) as { mcpServers: object };
    expect(Object.keys(claude.mcpServers)).toEqual(['hasOwnProperty', ...SERVERS, 'constructor']);
    const toml = readFileSync(codex, 'utf8');
    expect(toml.startsWith(`${before.codex}\n[mcp_servers.filesystem]\n`), toml).toBe(true);
    expect(Object.keys(readTomlServers(toml, 'mcp_servers').entries)).toEqual([
      'toString',
      ...SERVERS,
      'constructor',
    ]);
    const yaml = readFileSync(goose, 'utf8');
    expect(yaml.startsWith(before.goose), yaml).toBe(true);
    expect(Object.keys(readYamlServers(yaml, 'extensions').entries)).toEqual([
      'valueOf',
      ...SERVERS,
      'constructor',
    ]);
  });

  it('refuses a Codex file it cannot merge safely, and a goose file in flow style', async () => {
    const codex = path.join(fx.env.HOME!, '.codex/config.toml');
    mkdirSync(path.dirname(codex), { recursive: true });
    writeFileSync(codex, 'mcp_servers = { mine = { command = "npx" } }\n');
    const r = await spoke('export', '--client', 'codex');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error: ${codex} cannot be merged safely: mcp_servers is defined by a key outside a [mcp_servers.<name>] table`,
    );
    expect(readFileSync(codex, 'utf8')).toBe('mcp_servers = { mine = { command = "npx" } }\n');
    const goose = path.join(fx.env.HOME!, '.config/goose/config.yaml');
    mkdirSync(path.dirname(goose), { recursive: true });
    writeFileSync(goose, 'extensions: {mine: {cmd: npx}}\n');
    const g = await spoke('export', '--client', 'goose');
    expect(g.code).toBe(1);
    expect(g.stderr).toContain(`error: ${goose} cannot be merged safely`);
    expect(existsSync(`${goose}.bak`)).toBe(false);
  });

  it('removes its goose extensions for servers that are gone, keeping the others', async () => {
    expect((await spoke('export', '--client', 'goose')).code).toBe(0);
    const file = path.join(fx.env.HOME!, '.config/goose/config.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, `GOOSE_MODEL: o3\n${text}GOOSE_MODE: auto\n`);
    const spokeJson = fx.readJson('spoke.json') as { servers: Record<string, unknown> };
    delete spokeJson.servers.weather;
    fx.writeJson('spoke.json', spokeJson);
    const r = await spoke('export', '--client', 'goose', '--json');
    expect(r.json<{ changes: { action: string; server: string }[] }>().changes.at(-1)).toEqual({
      server: 'weather',
      action: 'remove',
      reason: null,
    });
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(
      `GOOSE_MODEL: o3\n${text.replace(/ {2}weather:\n(?: {4}.*\n)*/, '')}GOOSE_MODE: auto\n`,
    );
    expect(Object.keys(readYamlServers(after, 'extensions').entries)).toEqual([
      'filesystem',
      'github',
      'notes',
    ]);
  });
});
