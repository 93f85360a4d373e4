import { loadCrypto } from '../builtins.ts';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { audit } from '../audit/log.ts';
import type { CommandContext } from '../context.ts';
import { failure } from '../errors.ts';
import { aggregateServer, startMembers, type Member } from '../mcp/aggregate.ts';
import { serveHttp } from '../mcp/http-serve.ts';
import { missingValues, missingValuesError, storeForValues } from '../install/required.ts';
import { loadRunContext, serverTarget, type RunContext } from '../mcp/server-target.ts';
import { drainProcessStdout, stderr } from '../output/fd-stream.ts';
import { alignRows, indent } from '../output/table.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function newToken(): string {
  const bytes = loadCrypto().randomBytes(32);
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

const stopped = () =>
  new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });

/**
 * The workspace without the servers that miss a required value, each named with what it misses
 * and the command that sets it: they are left out before anything starts.
 */
function withValues({ out, env }: CommandContext, run: RunContext): RunContext {
  const servers = { ...run.workspace.servers };
  const store = storeForValues(servers, run.lock.servers, env);
  for (const [name, entry] of Object.entries(servers)) {
    const missing = missingValues(run.ref, name, entry, run.lock.servers[name], store);
    if (!missing.length) continue;
    const err = missingValuesError(name, missing);
    out.alert(`${name} is left out: ${err.message}`);
    if (err.hint) out.hint(err.hint);
    delete servers[name];
  }
  return { ...run, workspace: { ...run.workspace, servers } };
}

/** The workspace with only the named server in it (an unknown name is refused). */
function onlyServer(run: RunContext, name: string): RunContext {
  const { entry } = serverTarget(run, name);
  return { ...run, workspace: { ...run.workspace, servers: { [name]: entry } } };
}

export async function serve(
  options: CommandContext & { http: number | undefined; server?: string | undefined },
): Promise<void> {
  const { env, out } = options;
  const all = loadRunContext(options.cwd, env);
  const run = options.server === undefined ? all : onlyServer(all, options.server);
  const members = await startMembers(options, withValues(options, run));
  const closeAll = () => Promise.allSettled(members.map((m) => m.conn.close()));
  if (!members.length) {
    throw failure(
      'SERVER_FAILED',
      Object.keys(run.workspace.servers).length
        ? 'no server could start'
        : 'this workspace has no servers to serve',
      'spoke health shows what is wrong with each server',
    );
  }
  const verbose = run.workspace.development.verbose === true;
  const make = () =>
    aggregateServer(members, {
      callMs: run.timeouts.callMs,
      own: options.server !== undefined,
      log: verbose ? (text) => stderr.write(`${text}\n`) : undefined,
    });
  const count = members.reduce((n, m) => n + m.tools.length, 0);
  const lines = (m: readonly Member[]) =>
    indent(
      alignRows(m.map((x) => [x.name, `${x.tools.length} tool${x.tools.length === 1 ? '' : 's'}`])),
    );
  const plural = members.length === 1 ? 'server' : 'servers';

  if (options.http === undefined) {
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolve) => {
      process.stdin.once('end', resolve);
      transport.onclose = resolve;
    });
    await make().connect(transport);
    audit({ action: 'serve.start', transport: 'stdio', servers: members.map((m) => m.name) });
    out.info(`Serving ${members.length} ${plural}, ${count} tools on standard input and output`);
    await Promise.race([closed, stopped()]);
    await closeAll();
    await drainProcessStdout();
    return;
  }

  const store = openSecretStore(env);
  const account = accounts.serveToken(run.ref.dir);
  let token = store.get(account);
  if (!token) {
    token = newToken();
    store.set(account, token);
  }
  let http;
  try {
    http = await serveHttp(options.http, token, make);
  } catch (err) {
    await closeAll();
    throw err;
  }
  audit({
    action: 'serve.start',
    transport: 'streamable-http',
    port: options.http,
    servers: members.map((m) => m.name),
  });
  out.result(
    `Serving ${members.length} ${plural}, ${count} tools on http://127.0.0.1:${options.http}/mcp`,
  );
  out.result(lines(members));
  out.result(`Bearer token: ${token}`);
  out.info('Press Ctrl+C to stop.');
  await stopped();
  await http.close();
  await closeAll();
}
