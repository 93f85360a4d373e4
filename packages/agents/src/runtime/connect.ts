import {
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { connectBuiltin } from '../builtins/index.ts';
import type { BuiltinContext } from '../builtins/types.ts';
import {
  expandTemplate,
  integrationById,
  npmPackageInfo,
  placeholdersOf,
} from '../catalog/index.ts';
import type { Integration } from '../catalog/types.ts';
import { SANDBOX_REFUSED_MESSAGE } from '../sandbox/index.ts';
import type { IntegrationSandbox } from '../sandbox/types.ts';
import { messageOf, redact, seconds, settleWithin } from './limits.ts';

// The SDK's OAuth client, for the server's sign-in routes: the same flow the transports use.
export {
  auth as oauthAuthorize,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
export type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** A connected MCP client; `close` ends the connection and whatever server it started. */
export type McpConnection = { client: Client; close(): Promise<void> };

/** How an npm server is started: the command and the arguments before the catalog's own. */
export type NpmCommand = (
  pkg: string,
  version: string | null,
) => { command: string; args: string[] };

export type ConnectOptions = {
  /** The user's configured values for the integration's env vars, by name. */
  credentials: Readonly<Record<string, string>>;
  /** What the built-in servers act on. */
  builtin: BuiltinContext;
  /** Extra environment for npm servers (PATH, HOME and the like are always passed). */
  spawnEnv?: Readonly<Record<string, string>>;
  /**
   * Where npm servers run (see docs/decisions/014). Without one, npm integrations are refused:
   * third-party code never runs on the host by default.
   */
  sandbox?: IntegrationSandbox;
  /**
   * For tests of the stdio plumbing only: run this command on the host instead of the package,
   * with no sandbox. The server never sets it.
   */
  npmCommand?: NpmCommand;
  /**
   * How long connecting may take. Defaults: built-in 10 s, remote 20 s, npm 90 s (after the
   * package is installed, which has its own 90 s).
   */
  timeoutMs?: number;
  /**
   * The OAuth client of a remote that signs the user in with OAuth ({@link isOAuthRemote}):
   * it reads and saves the user's tokens, so the SDK sends them and refreshes them. When it
   * needs the user to sign in (no tokens, or the refresh refused) it throws
   * {@link SignInNeededError}. Without one, such a remote is reached without a token.
   */
  authProvider?: (integration: Integration) => OAuthClientProvider | undefined;
};

/** Credentials an integration needs and the user has not configured. */
export class MissingCredentialsError extends Error {
  override name = 'MissingCredentialsError';
  readonly integration: string;
  readonly missing: readonly string[];
  constructor(integration: Integration, missing: readonly string[]) {
    super(
      `${integration.name} is not connected: set ${missing.join(', ')} in its connection ` +
        'settings first',
    );
    this.integration = integration.id;
    this.missing = missing;
  }
}

/**
 * A remote that signs the user in with OAuth has no tokens for them, or its authorization server
 * refused to renew them: the user connects it (again) from the agent page.
 */
export class SignInNeededError extends MissingCredentialsError {
  override name = 'SignInNeededError';
  readonly expired: boolean;
  constructor(integration: Integration, expired: boolean) {
    super(integration, []);
    this.expired = expired;
    this.message = expired
      ? `${integration.name} needs setup: reconnect ${integration.name} in its connection settings ` +
        '(its sign-in expired and could not be renewed)'
      : `${integration.name} is not connected: connect with ${integration.name} in its ` +
        'connection settings first';
  }
}

/**
 * Whether the integration is a remote whose user signs in with OAuth: one with no Authorization
 * header that is not open to anyone.
 */
export function isOAuthRemote(integration: Integration): boolean {
  const { provider } = integration;
  return (
    provider.kind === 'remote' &&
    !provider.public &&
    !Object.keys(provider.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')
  );
}

/** A catalog entry that names a service Spoke has no MCP server for: it cannot be connected. */
export class NoServerError extends Error {
  override name = 'NoServerError';
  readonly integration: string;
  readonly website: string;
  constructor(integration: Integration, website: string) {
    super(
      `${integration.name} cannot be connected: Spoke has no MCP server for it yet. ` +
        `Use its own automations or API (${website}), or an integration that has a server`,
    );
    this.integration = integration.id;
    this.website = website;
  }
}

const CLIENT_INFO = { name: 'spoke-agent', version: '1.0.0' };
const STDERR_KEEP = 4000;

/** The integration's env vars (required ones and those its provider templates use) left unset. */
export function missingCredentials(
  integration: Integration,
  credentials: Readonly<Record<string, string>>,
): string[] {
  const names = integration.env.filter((env) => env.required).map((env) => env.name);
  const { provider } = integration;
  const templates =
    provider.kind === 'npm'
      ? (provider.args ?? [])
      : provider.kind === 'remote'
        ? [provider.url, ...Object.values(provider.headers ?? {})]
        : [];
  for (const template of templates) names.push(...placeholdersOf(template));
  return [...new Set(names)].filter((name) => !credentials[name]);
}

/**
 * Connects an MCP client to an integration's server: built-ins in-process, npm packages over
 * stdio (credentials go in the environment, never in argv unless the catalog's args put them
 * there), remotes over streamable HTTP or SSE with their headers filled in. Rejects with
 * {@link NoServerError} for an entry without a server, with
 * {@link MissingCredentialsError} when a needed value is unset, and with a message naming the
 * integration (and, for npm servers, the tail of their stderr) when the server cannot be reached
 * in time. Messages never carry credential values.
 */
export async function connectIntegration(
  integration: Integration,
  options: ConnectOptions,
): Promise<McpConnection> {
  const { provider } = integration;
  if (provider.kind === 'none') throw new NoServerError(integration, provider.website);
  if (provider.kind === 'builtin') {
    const timeoutMs = options.timeoutMs ?? 10_000;
    const connecting = connectBuiltin(provider.server, options.builtin);
    try {
      return await settleWithin(connecting, {
        ms: timeoutMs,
        timeoutMessage: `${integration.name} did not start within ${seconds(timeoutMs)}`,
      });
    } catch (error) {
      // A server that finishes starting after its deadline is closed rather than leaked.
      connecting.then(
        (connection) => connection.close(),
        () => {},
      );
      throw error;
    }
  }
  const missing = missingCredentials(integration, options.credentials);
  if (missing.length > 0) throw new MissingCredentialsError(integration, missing);
  const secrets = integration.env
    .filter((env) => env.secret)
    .map((env) => options.credentials[env.name])
    .filter((value): value is string => Boolean(value));

  if (provider.kind === 'npm') {
    const pkg = provider.package;
    const version = npmPackageInfo(integration)?.version ?? null;
    const { sandbox, npmCommand } = options;
    if (!sandbox && !npmCommand) {
      throw new Error(`Could not start ${integration.name}: ${SANDBOX_REFUSED_MESSAGE}`);
    }
    // Path settings (a filesystem root, a key file) point inside the agent's scratch directory.
    const values = sandbox
      ? sandbox.confine(integration, options.builtin.agentId, options.credentials)
      : options.credentials;
    const env: Record<string, string> = { ...options.spawnEnv };
    for (const variable of integration.env) {
      const value = values[variable.name];
      if (value) env[variable.name] = value;
    }
    const serverArgs = (provider.args ?? []).map((arg) => expandTemplate(arg, values));
    const what = `${integration.name} (npm package ${pkg})`;
    let transport: Transport;
    let stderr: () => string;
    if (sandbox) {
      let started;
      try {
        started = await sandbox.start({
          agentId: options.builtin.agentId,
          integration,
          package: pkg,
          version,
          args: serverArgs,
          env,
        });
      } catch (error) {
        // eslint-disable-next-line preserve-caught-error
        throw new Error(redact(`Could not start ${what}: ${messageOf(error)}`, secrets));
      }
      transport = started.transport;
      stderr = started.stderr;
    } else {
      const { command, args } = npmCommand!(pkg, version);
      const stdio = new StdioClientTransport({
        command,
        args: [...args, ...serverArgs],
        env,
        stderr: 'pipe',
      });
      let tail = '';
      stdio.stderr?.on('data', (chunk: Buffer) => {
        tail = (tail + chunk.toString('utf8')).slice(-STDERR_KEEP);
      });
      transport = stdio;
      stderr = () => tail;
    }
    return open(transport, {
      what,
      timeoutMs: options.timeoutMs ?? 90_000,
      secrets,
      details: () => (stderr().trim() ? ` Server output: ${stderr().trim()}` : ''),
    });
  }

  const url = new URL(expandTemplate(provider.url, options.credentials, encodeURIComponent));
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(provider.headers ?? {})) {
    headers[name] = expandTemplate(template, options.credentials);
  }
  const authProvider = isOAuthRemote(integration) ? options.authProvider?.(integration) : undefined;
  const transportOptions = { requestInit: { headers }, ...(authProvider ? { authProvider } : {}) };
  const transport =
    provider.transport === 'sse'
      ? new SSEClientTransport(url, transportOptions)
      : new StreamableHTTPClientTransport(url, transportOptions);
  return open(transport, {
    signIn: authProvider ? integration : undefined,
    what: `${integration.name} at ${url.origin}`,
    timeoutMs: options.timeoutMs ?? 20_000,
    secrets,
    details: () => '',
  });
}

async function open(
  transport: Transport,
  how: {
    what: string;
    timeoutMs: number;
    secrets: string[];
    details: () => string;
    /** The OAuth remote being reached: a sign-in it still needs is a {@link SignInNeededError}. */
    signIn?: Integration;
  },
): Promise<McpConnection> {
  const client = new Client(CLIENT_INFO);
  const close = async () => {
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
  };
  try {
    await settleWithin(client.connect(transport, { timeout: how.timeoutMs }), {
      ms: how.timeoutMs,
      timeoutMessage: `no answer within ${seconds(how.timeoutMs)}`,
    });
  } catch (error) {
    await close();
    if (error instanceof MissingCredentialsError) throw error;
    if (how.signIn && error instanceof UnauthorizedError) {
      throw new SignInNeededError(how.signIn, false);
    }
    // The original error is left out on purpose: its message or request may carry credentials.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(redact(connectFailure(how.what, error) + how.details(), how.secrets));
  }
  return { client, close };
}

function connectFailure(what: string, error: unknown): string {
  const status = (error as { code?: unknown }).code;
  let reason = messageOf(error).replace(/^(Streamable HTTP error|SSE error): /, '');
  if (typeof status === 'number' && status >= 400 && status < 600) {
    reason += ` (HTTP ${status})`;
  }
  const hint = status === 401 || status === 403 ? ' Check its credentials.' : '';
  return `Could not connect to ${what}: ${reason.replace(/\.$/, '')}.${hint}`;
}

/** What {@link catalogConnector} needs to reach every integration of one user's agent. */
export type CatalogConnectorOptions = Omit<ConnectOptions, 'credentials'> & {
  /** Where integrations are found by id: the catalog, unless a test brings a server of its own. */
  lookup?: (integrationId: string) => Integration | undefined;
  /** The user's values for one integration, e.g. read from the encrypted credential store. */
  credentials: (
    integrationId: string,
  ) => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>;
};

/** Connects integrations by catalog id; the connector {@link openToolset} takes. */
export function catalogConnector(options: CatalogConnectorOptions) {
  return async (integrationId: string): Promise<McpConnection> => {
    const integration = (options.lookup ?? integrationById)(integrationId);
    if (!integration)
      throw new Error(`Unknown integration "${integrationId}": it is not in the catalog`);
    // Built-ins need no credentials; entries without a server are refused before any are read.
    const { kind } = integration.provider;
    const credentials =
      kind === 'builtin' || kind === 'none' ? {} : await options.credentials(integrationId);
    return connectIntegration(integration, { ...options, credentials });
  };
}
