// For tests of OAuth clients (the CLI's `spoke login`, the platform's integration sign-in): a
// stand-in for a remote service, at the protocol boundary.
import { randomUUID } from 'node:crypto';
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import {
  InvalidGrantError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import {
  createOAuthMetadata,
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type {
  OAuthClientInformationFull,
  OAuthClientMetadata,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { freePort } from './free-port.ts';

/**
 * A remote MCP server that needs OAuth, and its authorization server, on one port: the SDK's
 * authorization router (metadata, registration, authorize, token) over an in-memory provider,
 * and /mcp behind its bearer check. The provider approves every authorization at once, as a
 * signed-in person who clicks Allow would.
 *
 * With `metadataDocuments`, the authorization server also advertises client ID metadata
 * documents (SEP-991) and knows a client whose `client_id` is one of those URLs by the document
 * there (the map stands in for the fetch a real one makes).
 */
export async function startProtectedServer(
  options: {
    registration?: boolean;
    metadataDocuments?: Record<string, OAuthClientMetadata>;
  } = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const mcpUrl = new URL(`${base}/mcp`);
  const clients = new Map<string, OAuthClientInformationFull>();
  const codes = new Map<string, { clientId: string; challenge: string }>();
  const access = new Set<string>();
  const refresh = new Map<string, string>();
  const seen = {
    registrations: 0,
    authorizations: 0,
    pkceChecks: 0,
    refreshes: 0,
    refuseRefresh: false,
    /** Bearer tokens that reached /mcp. */
    bearers: [] as string[],
    /** The `client_id` of each authorization request. */
    authorizedClients: [] as string[],
  };
  const documents = options.metadataDocuments;
  const issue = (clientId: string) => {
    const token = randomUUID();
    const renew = randomUUID();
    access.add(token);
    refresh.set(renew, clientId);
    return { access_token: token, token_type: 'bearer', expires_in: 3600, refresh_token: renew };
  };
  const provider: OAuthServerProvider = {
    clientsStore: {
      getClient: async (id) =>
        clients.get(id) ?? (documents?.[id] ? { ...documents[id], client_id: id } : undefined),
      ...(options.registration === false
        ? {}
        : {
            registerClient: async (client: OAuthClientInformationFull) => {
              seen.registrations++;
              clients.set(client.client_id, client);
              return client;
            },
          }),
    },
    async authorize(client, params, res) {
      seen.authorizations++;
      seen.authorizedClients.push(client.client_id);
      const code = randomUUID();
      codes.set(code, { clientId: client.client_id, challenge: params.codeChallenge });
      const back = new URL(params.redirectUri);
      back.searchParams.set('code', code);
      if (params.state) back.searchParams.set('state', params.state);
      res.redirect(back.href);
    },
    async challengeForAuthorizationCode(_client, code) {
      // The token endpoint compares the verifier the client sends with this challenge.
      seen.pkceChecks++;
      const known = codes.get(code);
      if (!known) throw new InvalidGrantError('unknown code');
      return known.challenge;
    },
    async exchangeAuthorizationCode(client, code) {
      const known = codes.get(code);
      if (!known || known.clientId !== client.client_id) throw new InvalidGrantError('bad code');
      codes.delete(code);
      return issue(client.client_id);
    },
    async exchangeRefreshToken(client, token) {
      seen.refreshes++;
      if (seen.refuseRefresh || refresh.get(token) !== client.client_id) {
        throw new InvalidGrantError('refresh token refused');
      }
      refresh.delete(token);
      return issue(client.client_id);
    },
    async verifyAccessToken(token) {
      if (!access.has(token)) throw new InvalidTokenError('expired');
      seen.bearers.push(token);
      return { token, clientId: 'any', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 60 };
    },
  };
  const app = createMcpExpressApp({ host: '127.0.0.1' });
  if (documents) {
    const metadata = {
      ...createOAuthMetadata({ provider, issuerUrl: new URL(base) }),
      client_id_metadata_document_supported: true,
    };
    app.get(
      '/.well-known/oauth-authorization-server',
      (_req: IncomingMessage, res: ServerResponse) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata)),
    );
  }
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(base), resourceServerUrl: mcpUrl }));
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  });
  mountEchoServer(app, bearer, 'guarded');
  const http = await new Promise<HttpServer>((resolve) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: mcpUrl.href,
    seen,
    /** A client registered by hand, as an administrator does where registration is off. */
    preRegister: (client: OAuthClientInformationFull) => clients.set(client.client_id, client),
    /** Every access token stops working, as when they expire; refresh tokens still work. */
    expireAccessTokens: () => access.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/**
 * Mounts at `/mcp`, behind `bearer`, a stateless MCP server called `name` with one tool, `echo`,
 * which answers `<name>: <text>`: what a protected remote server serves once signed in to.
 */
export function mountEchoServer(
  app: ReturnType<typeof createMcpExpressApp>,
  bearer: ReturnType<typeof requireBearerAuth>,
  name: string,
): void {
  app.post(
    '/mcp',
    bearer,
    async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      const server = new Server({ name, version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [
          {
            name: 'echo',
            inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
          },
        ],
      }));
      server.setRequestHandler(CallToolRequestSchema, (call) => ({
        content: [{ type: 'text', text: `${name}: ${String(call.params.arguments?.text)}` }],
      }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void server.close());
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    },
  );
  app.get('/mcp', bearer, (_req: IncomingMessage, res: ServerResponse) => res.writeHead(405).end());
}
