import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ClientCredentialsSignIn } from './client-credentials.ts';
import type { Launch } from './launch.ts';
import type { ServerSignIn } from './oauth.ts';

/**
 * The client transport of a remote server: streamable HTTP, or the older HTTP+SSE transport
 * (an event stream from the URL, messages posted to the endpoint it names). The headers go with
 * every request, the event stream's included; with `authProvider`, so do OAuth tokens (a 401
 * starts the MCP authorization flow, a 403 `insufficient_scope` asks for more scope; with client
 * credentials, a 401 gets a token from the token endpoint).
 */
export function remoteTransport(
  launch: Extract<Launch, { url: string }>,
  authProvider?: ServerSignIn | ClientCredentialsSignIn,
): SSEClientTransport | StreamableHTTPClientTransport {
  const options = {
    requestInit: { headers: launch.headers },
    authProvider,
    ...(authProvider ? { fetch: authProvider.watch() } : {}),
  };
  return launch.transport === 'sse'
    ? new SSEClientTransport(new URL(launch.url), options)
    : new StreamableHTTPClientTransport(new URL(launch.url), options);
}
