// A remote MCP server whose authorization server grants tokens to clients with their own
// credentials (OAuth client-credentials grant), at the protocol boundary: for the tests of spoke
// as such a client.
import { createPublicKey, randomUUID, verify, type KeyObject } from 'node:crypto';
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { freePort } from '@spoke/shared/testing/free-port';
import { mountEchoServer } from '@spoke/shared/testing/oauth-server';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

/** One token request as the token endpoint saw it. */
export type TokenRequest = {
  grantType: string | null;
  method: ClientAuthMethod | 'none';
  clientId: string | null;
  scope: string | null;
  resource: string | null;
  /** The client assertion's claims, when it signed one. */
  claims?: Record<string, unknown>;
  /** The claims of the identity provider's grant (ID-JAG), for a JWT bearer grant. */
  grant?: Record<string, unknown>;
};

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

const base64url = (text: string) => Buffer.from(text, 'base64url');

/** Checks a JWS (ES256 or RS256) with the public key; the claims, or null. */
function verifiedClaims(jwt: string, key: KeyObject, typ?: string): Record<string, unknown> | null {
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) return null;
  const header = JSON.parse(base64url(head).toString()) as { alg?: string; typ?: string };
  if (typ !== undefined && header.typ !== typ) return null;
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    header.alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key,
    base64url(signature),
  );
  return ok ? (JSON.parse(base64url(body).toString()) as Record<string, unknown>) : null;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });

/**
 * The MCP server (/mcp, behind a bearer check) and its authorization server on one port: the
 * metadata documents, and a token endpoint that grants `client_credentials` to one client, which
 * proves itself with its secret (the methods `methods` lists) or a JWT signed with its key. With
 * `identityProvider`, it grants instead the JWT bearer grant of an ID-JAG that identity provider
 * signed for this authorization server, this MCP server and this client.
 */
export async function startClientCredentialsServer(options: {
  clientId: string;
  clientSecret?: string;
  /** The client's public key in PEM, for private_key_jwt. */
  publicKey?: string;
  methods: ClientAuthMethod[];
  identityProvider?: { issuer: string; publicKey: KeyObject };
  /** The issuer its metadata names, to stand for one that is not what it claims. */
  metadataIssuer?: string;
}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const mcpUrl = new URL(`${base}/mcp`);
  const access = new Set<string>();
  const requests: TokenRequest[] = [];
  const bodies: string[] = [];
  const grantType = options.identityProvider ? JWT_BEARER : 'client_credentials';
  const key = options.publicKey ? createPublicKey(options.publicKey) : null;
  const app = createMcpExpressApp({ host: '127.0.0.1' });
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  app.get(
    '/.well-known/oauth-protected-resource/mcp',
    (_req: IncomingMessage, res: ServerResponse) =>
      json(res, 200, { resource: mcpUrl.href, authorization_servers: [base] }),
  );
  app.get('/.well-known/oauth-authorization-server', (_req: IncomingMessage, res: ServerResponse) =>
    json(res, 200, {
      issuer: options.metadataIssuer ?? base,
      // Never used: this server grants no authorization code.
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      response_types_supported: ['token'],
      grant_types_supported: [grantType],
      token_endpoint_auth_methods_supported: options.methods,
      ...(options.methods.includes('private_key_jwt')
        ? { token_endpoint_auth_signing_alg_values_supported: ['ES256', 'RS256'] }
        : {}),
    }),
  );
  app.post('/token', async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    bodies.push(body);
    const form = new URLSearchParams(body);
    const seen: TokenRequest = {
      grantType: form.get('grant_type'),
      method: 'none',
      clientId: form.get('client_id'),
      scope: form.get('scope'),
      resource: form.get('resource'),
    };
    requests.push(seen);
    let secret: string | null = null;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, pass] = Buffer.from(basic[1]!, 'base64').toString().split(':');
      seen.method = 'client_secret_basic';
      seen.clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(pass ?? '');
    } else if (form.get('client_secret') !== null) {
      seen.method = 'client_secret_post';
      secret = form.get('client_secret');
    } else if (form.get('client_assertion') !== null && key) {
      seen.method = 'private_key_jwt';
      const claims = verifiedClaims(form.get('client_assertion')!, key);
      if (claims) seen.claims = claims;
      seen.clientId = typeof claims?.sub === 'string' ? claims.sub : null;
    }
    if (seen.grantType !== grantType) {
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    const proven =
      seen.clientId === options.clientId &&
      options.methods.includes(seen.method as ClientAuthMethod) &&
      (seen.method === 'private_key_jwt'
        ? seen.claims?.iss === options.clientId && seen.claims?.aud === base
        : secret === options.clientSecret);
    if (!proven) {
      return json(res, 401, {
        error: 'invalid_client',
        error_description: 'client authentication failed',
      });
    }
    const idp = options.identityProvider;
    if (idp) {
      const grant = verifiedClaims(form.get('assertion') ?? '', idp.publicKey, 'oauth-id-jag+jwt');
      if (grant) seen.grant = grant;
      const valid =
        grant?.iss === idp.issuer &&
        grant.aud === base &&
        grant.resource === mcpUrl.href &&
        grant.client_id === seen.clientId &&
        typeof grant.exp === 'number' &&
        grant.exp > Date.now() / 1000;
      if (!valid) {
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'the authorization grant is not valid here',
        });
      }
    }
    const token = randomUUID();
    access.add(token);
    json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
  });

  const bearer = requireBearerAuth({
    verifier: {
      async verifyAccessToken(token) {
        if (!access.has(token)) throw new InvalidTokenError('expired');
        return {
          token,
          clientId: options.clientId,
          scopes: [],
          expiresAt: Math.floor(Date.now() / 1000) + 3600,
        };
      },
    },
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  });
  mountEchoServer(app, bearer, 'machine');
  const http = await new Promise<HttpServer>((resolve) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: mcpUrl.href,
    issuer: base,
    /** Every token request, in order. */
    requests,
    /** Every token request's body as sent, in order. */
    bodies,
    /** Every access token stops working, as when they expire. */
    expireAccessTokens: () => access.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
