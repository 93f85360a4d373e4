import { effectiveRegistries, loadGlobalConfig } from '../config/global-config.ts';
import { durationMs } from '../config/duration.ts';
import { findWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { CliError } from '../errors.ts';
import {
  checkPolicy,
  loadRunContext,
  serverTarget,
  type RunContext,
} from '../mcp/server-target.ts';
import { startServer } from '../mcp/start.ts';
import { label, missingValues, storeForValues } from '../install/required.ts';
import type { SecretStore } from '../secrets/store.ts';
import { alignRows, indent } from '../output/table.ts';
import { checkRegistries } from './health-registries.ts';

type ServerHealth = {
  name: string;
  status: 'ok' | 'fail' | 'drift' | 'policy';
  startMs: number | null;
  tools: number | null;
  error: string | null;
};

async function checkServer(
  ctx: CommandContext,
  run: RunContext,
  name: string,
  store: SecretStore | null,
): Promise<ServerHealth> {
  const target = serverTarget(run, name);
  const none = { name, startMs: null, tools: null };
  // A server without a value it needs is not started: it would only say so in its own words.
  const missing = missingValues(run.ref, name, target.entry, target.locked, store);
  if (missing.length) {
    const what = missing.map((m) => `${m.secret ? 'secret' : 'value'} ${label(m)}`);
    return { ...none, status: 'fail', error: `missing ${what.join(', ')}` };
  }
  try {
    checkPolicy(run, target);
  } catch (err) {
    const code = (err as CliError).code;
    return {
      ...none,
      status: code === 'POLICY_DENIED' ? 'policy' : 'fail',
      error: (err as Error).message,
    };
  }
  try {
    const quiet = { ...ctx, out: { ...ctx.out, verbose: false } };
    const { conn, tools, drift, ms } = await startServer(quiet, run, target);
    await conn.close().catch(() => undefined);
    return {
      name,
      status: drift ? 'drift' : 'ok',
      startMs: ms,
      tools: tools.length,
      error: drift ? 'tool definitions changed since install' : null,
    };
  } catch (err) {
    return {
      ...none,
      status: 'fail',
      error: (err as Error).message.replace(new RegExp(`^${name}: `), ''),
    };
  }
}

export async function health(ctx: CommandContext): Promise<void> {
  const { cwd, env, out } = ctx;
  const { config } = loadGlobalConfig(env);
  const run = findWorkspace(cwd) ? loadRunContext(cwd, env) : null;
  const store = run ? storeForValues(run.workspace.servers, run.lock.servers, env) : null;
  const [servers, registries] = await Promise.all([
    run
      ? Promise.all(Object.keys(run.workspace.servers).map((n) => checkServer(ctx, run, n, store)))
      : [],
    checkRegistries(
      effectiveRegistries(config, env),
      env,
      durationMs(config.performance.registryTimeout),
    ),
  ]);
  const ok =
    servers.every((s) => s.status === 'ok') && registries.every((r) => r.status !== 'fail');
  if (out.json) {
    out.data({ ok, servers, registries: registries.map(({ detail: _d, ...r }) => r) });
  } else {
    const lines: string[] = [];
    if (run) {
      lines.push('Servers');
      const rows = servers.map((s) => [
        s.status,
        s.name,
        s.status === 'ok'
          ? `started in ${s.startMs} ms, ${s.tools} tool${s.tools === 1 ? '' : 's'}, definitions unchanged`
          : (s.error ?? ''),
      ]);
      lines.push(rows.length ? indent(alignRows(rows)) : '  none');
    }
    lines.push('Registries');
    lines.push(indent(alignRows(registries.map((r) => [r.status, r.name, r.detail]))));
    if (!run)
      lines.push('', 'Not in a workspace: no servers to check. Run spoke init to create one.');
    out.result(lines.join('\n'));
  }
  if (!ok) throw new CliError('health found problems', { code: 'SERVER_FAILED', reported: true });
}
