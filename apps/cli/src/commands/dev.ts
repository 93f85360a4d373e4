import { fs } from '../builtins.ts';
import path from 'node:path';
import { saveLock } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { failure } from '../errors.ts';
import type { Connection } from '../mcp/connect.ts';
import { commandLine } from '../mcp/launch.ts';
import { loadRunContext, type RunContext, type ServerTarget } from '../mcp/server-target.ts';
import { startServer } from '../mcp/start.ts';
import { toolHashes, toolsHash, type ToolDefinition } from '../mcp/tools-hash.ts';
import { alignRows, indent } from '../output/table.ts';

const IGNORED = /^(node_modules|dist|\.spoke|\.git)(\/|\\|$)/;

function projectPackage(dir: string): { version: string | null; license: string | null } {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      version?: string;
      license?: string;
    };
    return { version: pkg.version ?? null, license: pkg.license ?? null };
  } catch {
    return { version: null, license: null };
  }
}

/** The project's own server is exempt from drift: each start records what it has now. */
function record(run: RunContext, target: ServerTarget, tools: ToolDefinition[]): void {
  const pkg = projectPackage(run.ref.dir);
  run.lock = {
    ...run.lock,
    servers: {
      ...run.lock.servers,
      [target.name]: {
        name: '.',
        version: pkg.version,
        registry: 'local',
        registryUrl: null,
        trustLevel: 'unverified',
        license: pkg.license,
        package: { registryType: 'path', path: '.' },
        toolsHash: toolsHash(tools),
        toolCount: tools.length,
        toolHashes: toolHashes(tools),
        installedAt: new Date().toISOString(),
      },
    },
  };
  saveLock(run.ref, run.lock);
}

function changes(before: string[] | null, after: string[]): string {
  if (!before) return '';
  const added = after.filter((t) => !before.includes(t));
  const removed = before.filter((t) => !after.includes(t));
  const parts = [
    added.length ? `added ${added.join(', ')}` : '',
    removed.length ? `removed ${removed.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

export async function dev(options: CommandContext): Promise<void> {
  const { out } = options;
  const run = loadRunContext(options.cwd, options.env);
  const found = Object.entries(run.workspace.servers).find(([, e]) => e.source === '.');
  if (!found) {
    throw failure(
      'NOT_FOUND',
      `no project server in ${run.ref.file} (a server whose source is ".")`,
      'spoke dev runs a project made by spoke create; in any workspace, spoke tools <server> starts a server once',
    );
  }
  const [name, entry] = found;
  const target: ServerTarget = { name, entry, locked: undefined, isProject: true };
  let conn: Connection | null = null;
  let names: string[] | null = null;

  const start = async () => {
    const started = await startServer(options, run, target);
    conn = started.conn;
    const now = started.tools.map((t) => t.name).sort();
    const n = started.tools.length;
    out.result(`ready in ${started.ms} ms: ${n} tool${n === 1 ? '' : 's'}${changes(names, now)}`);
    if (names === null && n) {
      out.result(
        indent(
          alignRows(
            started.tools.map((t) => [
              t.name,
              (t.description ?? '').split(/(?<=[.!?])\s/)[0] ?? '',
            ]),
          ),
        ),
      );
    }
    names = now;
    record(run, target, started.tools);
  };

  out.result(`Starting ${name}: ${commandLine(run.ref.dir, entry).replace(`${run.ref.dir}/`, '')}`);
  await start();
  const stop = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const autoReload = run.workspace.development.autoReload !== false;
  if (!autoReload) {
    out.info('Running (development.autoReload is false). Press Ctrl+C to stop.');
    await stop;
    await (conn as Connection | null)?.close();
    return;
  }
  out.info('Watching for changes (development.autoReload is true). Press Ctrl+C to stop.');
  let timer: NodeJS.Timeout | undefined;
  let restarting = Promise.resolve();
  const watcher = fs.watch(run.ref.dir, { recursive: true }, (_event, file) => {
    const relative = String(file ?? '');
    if (!relative || IGNORED.test(relative) || relative === 'spoke.lock.json') return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      restarting = restarting.then(async () => {
        out.result(`\n${relative.split(path.sep).join('/')} changed, restarting`);
        await (conn as Connection | null)?.close().catch(() => undefined);
        conn = null;
        await start().catch((err: Error) =>
          out.alert(`${name} did not start: ${err.message}; still watching`),
        );
      });
    }, 150);
  });
  await stop;
  watcher.close();
  clearTimeout(timer);
  await restarting;
  await (conn as Connection | null)?.close().catch(() => undefined);
}
