// Static imports: this module is bundled only into the commands that start servers. (A dynamic
// import here would make esbuild initialise zod lazily, after the config schemas need it.)
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import { CliError, failure } from '../errors.ts';
import { version } from '../version.ts';
import { ClientCredentialsSignIn, clientCredentialsFailure } from './client-credentials.ts';
import type { Launch } from './launch.ts';
import { defaultSignInMode, ServerSignIn, signInFailure, type SignInMode } from './oauth.ts';
import { remoteTransport } from './remote-transport.ts';
import type { ToolDefinition } from './tools-hash.ts';

export type Connection = {
  client: Client;
  listTools(): Promise<ToolDefinition[]>;
  close(): Promise<void>;
  /** The server's standard error so far (stdio servers), for error messages. */
  stderr(): string;
};

/**
 * Starts (or, for a remote server, connects to) a server and initialises an MCP session within
 * `timeoutMs`.
 */
/**
 * Why a server that wrote `stderr` failed, in a line: the last error line it printed ("Error:
 * …", "ValueError: …"), or else its last line that is not a stack frame or the runtime's own
 * footer ("Node.js v24.21.0"), which say nothing of the cause.
 */
export function failureReason(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(
      (line) => line && !/^at\s/.test(line) && !/^Node\.js v\d/.test(line) && !/^\^+$/.test(line),
    );
  const at = lines.findLastIndex((line) =>
    /^(?:[\w.]*(?:Error|Exception)\b|error\b|fatal\b|panic\b)/i.test(line),
  );
  if (at === -1) return lines.at(-1) ?? '';
  // "Transform failed with 1 error:" says what follows: the line that names the cause.
  const next = lines[at + 1];
  return lines[at]!.endsWith(':') && next ? `${lines[at]} ${next}` : lines[at]!;
}

/**
 * What spoke needs of a tools/list answer: tools with names. The rest of each definition is
 * kept as sent, so a server whose input schemas miss `"type": "object"` (older servers built
 * with zod-to-json-schema against zod 4 send only `$schema`) can still be installed and used.
 */
const ToolsPage = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.optional(z.string()),
});

/** One line on what is wrong with an answer that is not a tool list at all. */
function invalidAnswer(err: unknown): string {
  const issues = (err as { issues?: { path?: PropertyKey[]; message?: string }[] }).issues;
  const first = issues?.[0];
  if (!first) return (err as Error).message;
  const where = (first.path ?? []).map(String).join('.');
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${where ? `${where}: ` : ''}${first.message ?? 'invalid'}${more}`;
}

export async function connect(
  name: string,
  launch: Launch,
  options: {
    timeoutMs: number;
    onStderr?: (text: string) => void;
    /** Whether a remote server's OAuth sign-in may open the browser; by default at a terminal. */
    signIn?: SignInMode;
    env?: NodeJS.ProcessEnv;
    /** What the client offers the server beyond the basics (the gateway: sampling, elicitation). */
    capabilities?: ClientCapabilities;
  },
): Promise<Connection> {
  let stderr = '';
  let signIn: ServerSignIn | null = null;
  let machine: ClientCredentialsSignIn | null = null;
  const open = () => {
    if (launch.transport !== 'stdio') {
      return remoteTransport(launch, machine ?? signIn ?? undefined);
    }
    const stdio = new StdioClientTransport({
      command: launch.command,
      args: launch.args,
      cwd: launch.cwd,
      env: launch.env,
      stderr: 'pipe',
    });
    stdio.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (stderr.length < 64 * 1024) stderr += text;
      options.onStderr?.(text);
    });
    return stdio;
  };
  if (launch.transport !== 'stdio') {
    const env = options.env ?? process.env;
    // Client credentials configured: the grant, never a browser.
    if (launch.oauth) machine = new ClientCredentialsSignIn(launch.url, env, launch.oauth);
    else signIn = new ServerSignIn(name, launch.url, env, options.signIn ?? defaultSignInMode(env));
  }
  let client = new Client(
    { name: 'spoke', version: version() },
    { capabilities: options.capabilities ?? {} },
  );
  /** A 401 without usable tokens started a browser sign-in: wait for it, exchange the code. */
  const finishSignIn = async (transport: ReturnType<typeof open>, err: unknown) => {
    if (!(err instanceof UnauthorizedError) || !signIn?.awaitingBrowser) throw err;
    const code = await signIn.browserCode();
    await (transport as Extract<typeof transport, { finishAuth: unknown }>).finishAuth(code);
  };
  let transport = open();
  try {
    try {
      await client.connect(transport, { timeout: options.timeoutMs });
    } catch (err) {
      // Connect again with the new tokens.
      await finishSignIn(transport, err);
      await client.close().catch(() => undefined);
      client = new Client(
        { name: 'spoke', version: version() },
        { capabilities: options.capabilities ?? {} },
      );
      transport = open();
      await client.connect(transport, { timeout: options.timeoutMs });
    }
    // A server may let initialize through and ask for the sign-in on the first request after
    // it: a sign-in asked for (spoke login) lists the tools to be asked then. Anything else
    // that request meets is for the command to find.
    if (options.signIn === 'browser' && client.getServerCapabilities()?.tools) {
      await client
        .listTools(undefined, { timeout: options.timeoutMs })
        .catch((err: unknown) =>
          err instanceof UnauthorizedError ? finishSignIn(transport, err) : null,
        );
    }
  } catch (err) {
    await client.close().catch(() => undefined);
    if (err instanceof CliError) throw err;
    const refused =
      (signIn && signInFailure(name, err)) ||
      (launch.transport !== 'stdio' &&
        launch.oauth &&
        clientCredentialsFailure(name, launch.oauth, err));
    if (refused) throw refused;
    const detail = failureReason(stderr) || (err as Error).message;
    throw failure(
      'SERVER_FAILED',
      `${name} did not start: ${detail}`,
      'run it with --verbose to see its own output',
    );
  } finally {
    signIn?.close();
  }
  if (signIn) {
    // A request answered 403 insufficient_scope started a sign-in with more scope: once it is
    // finished, the request is sent again, once.
    const request = client.request.bind(client);
    client.request = (async (...args: Parameters<typeof request>) => {
      try {
        return await request(...args);
      } catch (err) {
        await finishSignIn(transport, err);
        return request(...args);
      }
    }) as typeof client.request;
  }
  return {
    client,
    listTools: async () => {
      const tools: ToolDefinition[] = [];
      let cursor: string | undefined;
      do {
        const page = await client
          .request({ method: 'tools/list', params: cursor ? { cursor } : {} }, ToolsPage, {
            timeout: options.timeoutMs,
          })
          .catch((err: unknown) => {
            if (!Array.isArray((err as { issues?: unknown } | null)?.issues)) throw err;
            throw failure(
              'SERVER_FAILED',
              `${name} answered tools/list with something that is not a tool list: ${invalidAnswer(err)}`,
            );
          });
        tools.push(...(page.tools as ToolDefinition[]));
        cursor = page.nextCursor;
      } while (cursor);
      return tools;
    },
    close: () => client.close(),
    stderr: () => stderr,
  };
}
