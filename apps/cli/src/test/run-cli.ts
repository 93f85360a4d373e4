import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cliRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(cliRoot, '../..');

/** The Node that runs the TypeScript sources: the repository's Node 24. */
export const NODE_24 = existsSync(path.join(repoRoot, 'node_modules/.bin/node'))
  ? path.join(repoRoot, 'node_modules/.bin/node')
  : process.execPath;

/** The machine's own Node (20 here), which must run the built bundle. */
export const SYSTEM_NODE = existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath;

export const SOURCE_ENTRY = path.join(cliRoot, 'src/index.ts');
export const BIN = path.join(cliRoot, 'bin/spoke.js');

export type CliResult = {
  code: number;
  stdout: string;
  stderr: string;
  json: <T = unknown>() => T;
};

export type RunOptions = {
  cwd: string;
  env: Record<string, string>;
  input?: string;
  /** `source`: src/index.ts on Node 24 (default); `bundle`: bin/spoke.js on the system Node. */
  runtime?: 'source' | 'bundle';
  timeoutMs?: number;
};

/** Runs `spoke <args>` as a real child process and collects its output. */
export function runCli(args: readonly string[], options: RunOptions): Promise<CliResult> {
  return startCli(args, options).result;
}

/** Starts `spoke <args>`; the child is there to signal, the result comes when it ends. */
export function startCli(
  args: readonly string[],
  options: RunOptions,
): { child: ChildProcessWithoutNullStreams; result: Promise<CliResult> } {
  const [node, entry] = options.runtime === 'bundle' ? [SYSTEM_NODE, BIN] : [NODE_24, SOURCE_ENTRY];
  const child = spawn(node, [entry, ...args], { cwd: options.cwd, env: options.env });
  const result = new Promise<CliResult>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code: code ?? -1,
        stdout,
        stderr,
        json: <T>() => JSON.parse(stdout) as T,
      });
    });
    child.stdin.end(options.input ?? '');
  });
  return { child, result };
}
