import os from 'node:os';
import path from 'node:path';

export type ClientName = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode';
export type ClientEntry = {
  type?: string;
  command?: unknown;
  args?: unknown;
  [key: string]: unknown;
};

export type ClientFormat = {
  file: string;
  key: 'mcpServers' | 'servers';
  /** The entry that launches `spoke run <server>` for this workspace. */
  entry: (server: string) => ClientEntry;
  /** Whether an existing entry launches `spoke run` for this workspace. */
  managed: (entry: ClientEntry) => boolean;
  /** How the backup is named in messages. */
  backupLabel: (backup: string) => string;
};

const argsOf = (entry: ClientEntry) =>
  Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === 'string') : [];

const launchesSpokeRun = (entry: ClientEntry) => {
  const args = argsOf(entry);
  if (entry.command === 'spoke') return args[0] === 'run';
  return /spoke(\.js)?$/.test(args[0] ?? '') && args[1] === 'run';
};

/** Claude Desktop's file for this user, where the app reads it on each system. */
export function claudeDesktopFile(env: NodeJS.ProcessEnv): string {
  const home = env.HOME || os.homedir();
  if (process.platform === 'darwin') {
    return path.join(home, 'Library/Application Support/Claude/claude_desktop_config.json');
  }
  if (process.platform === 'win32') {
    return path.join(
      env.APPDATA ?? path.join(home, 'AppData/Roaming'),
      'Claude/claude_desktop_config.json',
    );
  }
  return path.join(
    env.XDG_CONFIG_HOME || path.join(home, '.config'),
    'Claude/claude_desktop_config.json',
  );
}

/** Each client's file, key and entry; the project files hold no absolute path. */
export function clientFormat(
  client: ClientName,
  workspaceDir: string,
  env: NodeJS.ProcessEnv,
): ClientFormat {
  const inWorkspace = (backup: string) =>
    path.relative(workspaceDir, backup).split(path.sep).join('/');
  switch (client) {
    case 'claude-code':
      return {
        file: path.join(workspaceDir, '.mcp.json'),
        key: 'mcpServers',
        entry: (s) => ({ type: 'stdio', command: 'spoke', args: ['run', s] }),
        managed: launchesSpokeRun,
        backupLabel: inWorkspace,
      };
    case 'cursor':
      return {
        file: path.join(workspaceDir, '.cursor', 'mcp.json'),
        key: 'mcpServers',
        entry: (s) => ({ command: 'spoke', args: ['run', s, '--cwd', '${workspaceFolder}'] }),
        managed: launchesSpokeRun,
        backupLabel: inWorkspace,
      };
    case 'vscode':
      return {
        file: path.join(workspaceDir, '.vscode', 'mcp.json'),
        key: 'servers',
        entry: (s) => ({
          type: 'stdio',
          command: 'spoke',
          args: ['run', s, '--cwd', '${workspaceFolder}'],
        }),
        managed: launchesSpokeRun,
        backupLabel: inWorkspace,
      };
    case 'claude-desktop': {
      // Claude Desktop starts servers without the shell's PATH: absolute Node and spoke paths.
      const script = path.resolve(process.argv[1] ?? 'spoke');
      return {
        file: claudeDesktopFile(env),
        key: 'mcpServers',
        entry: (s) => ({
          command: process.execPath,
          args: [script, 'run', s, '--cwd', workspaceDir],
        }),
        managed: (entry) => {
          const args = argsOf(entry);
          const cwd = args.indexOf('--cwd');
          return launchesSpokeRun(entry) && cwd !== -1 && args[cwd + 1] === workspaceDir;
        },
        backupLabel: (backup) => path.basename(backup),
      };
    }
  }
}
