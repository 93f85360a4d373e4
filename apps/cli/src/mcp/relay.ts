import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { recordCall, recordDrift } from '../audit/events.ts';
import { CliError } from '../errors.ts';
import { drainProcessStdout } from '../output/fd-stream.ts';
import type { Output } from '../output/output.ts';
import { ClientCredentialsSignIn, clientCredentialsFailure } from './client-credentials.ts';
import type { Launch } from './launch.ts';
import { ServerSignIn } from './oauth.ts';
import { remoteTransport } from './remote-transport.ts';
import { warnDrift } from './start.ts';
import { toolDrift, type ToolDefinition } from './tools-hash.ts';
import { monotonicMs } from '../util/time.ts';

type Message = JSONRPCMessage & {
  id?: string | number;
  method?: string;
  params?: { name?: unknown };
  result?: { tools?: ToolDefinition[]; isError?: unknown };
  error?: unknown;
};

const CHECK_ID = 'spoke-tool-check';

function upstreamFor(name: string, launch: Launch): Transport {
  if (launch.transport === 'stdio') {
    return new StdioClientTransport({
      command: launch.command,
      args: launch.args,
      cwd: launch.cwd,
      env: launch.env,
      stderr: 'inherit',
    });
  }
  // With client credentials, a token is asked for whenever one is needed, as anywhere else.
  if (launch.oauth) {
    return remoteTransport(
      launch,
      new ClientCredentialsSignIn(launch.url, process.env, launch.oauth),
    );
  }
  // The client started spoke with no terminal to sign in at: stored tokens are sent (and
  // refreshed); a sign-in that is needed fails with the command to run.
  return remoteTransport(launch, new ServerSignIn(name, launch.url, process.env, 'refuse'));
}

/**
 * Relays MCP messages unchanged between spoke's standard input/output and the server, except
 * that, once the server's tool definitions are found to differ from the lockfile, tools/list is
 * answered with no tools and tools/call is refused. The check is spoke's own tools/list, sent
 * right after the client's initialisation; tool calls wait for it.
 */
export async function relay(options: {
  name: string;
  launch: Launch;
  recorded: { toolsHash: string; toolHashes?: Record<string, string> } | null;
  out: Output;
}): Promise<'client-closed' | 'server-exited'> {
  const { name, out } = options;
  const client = new StdioServerTransport();
  const upstream = upstreamFor(name, options.launch);
  let drifted: boolean | null = options.recorded ? null : false;
  const waiting: Message[] = [];
  // Tool calls on their way to the server, to record how each one ended (never what it said).
  const calls = new Map<string | number, { tool: string; started: number }>();
  const toolOf = (msg: Message) => String(msg.params?.name ?? '');

  const refuse = (msg: Message) => {
    calls.delete(msg.id!);
    recordCall(name, toolOf(msg), 'refused', null, 'tool definitions changed since install');
    return client.send({
      jsonrpc: '2.0',
      id: msg.id!,
      error: {
        code: -32001,
        message: `spoke: the tools of ${name} are withheld: tool definitions changed since install; accept them with: spoke update ${name}`,
      },
    });
  };

  // A message the server cannot be sent (a remote server that needs sign-in) answers its request
  // with the reason and what to do, instead of leaving the client waiting.
  const forward = (msg: Message) =>
    upstream.send(msg).catch((raw: unknown) => {
      if (msg.id === undefined || msg.id === CHECK_ID) return;
      const oauth = options.launch.transport !== 'stdio' && options.launch.oauth;
      const err = (oauth && clientCredentialsFailure(name, oauth, raw)) || raw;
      const hint = err instanceof CliError && err.hint ? `; ${err.hint}` : '';
      return client.send({
        jsonrpc: '2.0',
        id: msg.id,
        error: { code: -32001, message: `spoke: ${(err as Error).message}${hint}` },
      });
    });

  const settle = (tools: ToolDefinition[]) => {
    if (drifted !== null || !options.recorded) return;
    const drift = toolDrift(options.recorded, tools);
    drifted = drift !== null;
    if (drift) {
      warnDrift(out, name, drift);
      recordDrift(name, drift);
    }
    for (const msg of waiting.splice(0)) {
      if (drifted) void refuse(msg);
      else void forward(msg);
    }
  };

  const fromClient = (msg: Message) => {
    if (msg.method === 'tools/list' && drifted) {
      return void client.send({ jsonrpc: '2.0', id: msg.id!, result: { tools: [] } });
    }
    if (msg.method === 'tools/call') {
      if (drifted) return void refuse(msg);
      calls.set(msg.id!, { tool: toolOf(msg), started: monotonicMs() });
      if (drifted === null) return void waiting.push(msg);
    }
    void forward(msg);
    if (msg.method === 'notifications/initialized' && drifted === null) {
      void forward({ jsonrpc: '2.0', id: CHECK_ID, method: 'tools/list' });
    }
  };

  const fromServer = (msg: Message) => {
    if (msg.id === CHECK_ID) {
      settle(msg.result?.tools ?? []);
      return;
    }
    const call = msg.id === undefined ? undefined : calls.get(msg.id);
    if (call) {
      calls.delete(msg.id!);
      const failed = msg.error !== undefined || msg.result?.isError === true;
      recordCall(name, call.tool, failed ? 'error' : 'ok', monotonicMs() - call.started);
    }
    void client.send(msg);
  };

  return new Promise((resolve, reject) => {
    let closing = false;
    const finish = (why: 'client-closed' | 'server-exited') => {
      if (closing) return;
      closing = true;
      void Promise.allSettled([upstream.close(), client.close()])
        .then(drainProcessStdout)
        .then(() => resolve(why));
    };
    client.onmessage = (m) => fromClient(m as Message);
    upstream.onmessage = (m) => fromServer(m as Message);
    upstream.onclose = () => finish('server-exited');
    upstream.onerror = (err) => out.warn(`${name}: ${err.message}`);
    process.stdin.once('end', () => finish('client-closed'));
    process.once('SIGINT', () => finish('client-closed'));
    process.once('SIGTERM', () => finish('client-closed'));
    upstream
      .start()
      .then(() => client.start())
      .catch(reject);
  });
}
