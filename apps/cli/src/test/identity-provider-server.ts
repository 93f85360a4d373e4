// A company's identity provider at the protocol boundary, for the tests of spoke's
// enterprise-managed sign-in: it exchanges the ID tokens it issued for ID-JAGs (RFC 8693 token
// exchange, SEP-990), signed with its own key.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { freePort } from '@spoke/shared/testing/free-port';

/** One request as the identity provider saw it: where, its headers and its whole body. */
export type IdpRequest = {
  method: string;
  path: string;
  authorization: string | null;
  form: Record<string, string>;
  body: string;
};

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A compact JWS signed with an EC P-256 key (ES256). */
export function signJwt(
  key: KeyObject,
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
): string {
  const input = `${base64url(JSON.stringify({ alg: 'ES256', ...header }))}.${base64url(JSON.stringify(claims))}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${base64url(signature)}`;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });

/**
 * The identity provider: its OpenID Connect metadata (naming `metadataIssuer` when given, to
 * stand for one that is not what it claims) and a token endpoint that exchanges an ID token it
 * issued to `clientId` for an ID-JAG naming the audience and resource asked for, and the client
 * `grantClientId` of the authorization server. With `clientSecret`, the client must prove itself
 * with it, in one of the ways `authMethods` lists (the metadata lists them).
 */
export async function startIdentityProvider(options: {
  clientId: string;
  grantClientId: string;
  metadataIssuer?: string;
  clientSecret?: string;
  authMethods?: ('client_secret_basic' | 'client_secret_post')[];
}) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const requests: IdpRequest[] = [];
  const valid = new Set<string>();
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const now = () => Math.floor(Date.now() / 1000);

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', issuer);
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        authorization: req.headers.authorization ?? null,
        form,
        body,
      });
      if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer: options.metadataIssuer ?? issuer,
          token_endpoint: `${issuer}/token`,
          grant_types_supported: ['urn:ietf:params:oauth:grant-type:token-exchange'],
          ...(options.authMethods
            ? { token_endpoint_auth_methods_supported: options.authMethods }
            : {}),
        });
      }
      if (req.method !== 'POST' || url.pathname !== '/token') return json(res, 404, {});
      if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:token-exchange') {
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      const [basicId, basicSecret] = basic
        ? Buffer.from(basic[1]!, 'base64').toString().split(':').map(decodeURIComponent)
        : [];
      const method = basic
        ? 'client_secret_basic'
        : form.client_secret
          ? 'client_secret_post'
          : 'none';
      const clientId = basic ? basicId : form.client_id;
      if (options.clientSecret !== undefined) {
        const secret = basic ? basicSecret : form.client_secret;
        const allowed = options.authMethods ?? ['client_secret_basic'];
        if (method === 'none' || !allowed.includes(method) || secret !== options.clientSecret) {
          return json(res, 401, {
            error: 'invalid_client',
            error_description: 'client authentication failed',
          });
        }
      }
      if (
        form.subject_token_type !== 'urn:ietf:params:oauth:token-type:id_token' ||
        form.requested_token_type !== 'urn:ietf:params:oauth:token-type:id-jag' ||
        !form.audience ||
        !form.resource ||
        clientId !== options.clientId
      ) {
        return json(res, 400, { error: 'invalid_request', error_description: 'bad exchange' });
      }
      if (!valid.has(form.subject_token ?? '')) {
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'the ID token is expired or unknown',
        });
      }
      const grant = signJwt(
        keys.privateKey,
        { typ: 'oauth-id-jag+jwt' },
        {
          iss: issuer,
          sub: 'user@example.com',
          aud: form.audience,
          resource: form.resource,
          client_id: options.grantClientId,
          ...(form.scope ? { scope: form.scope } : {}),
          iat: now(),
          exp: now() + 300,
          jti: randomUUID(),
        },
      );
      json(res, 200, {
        access_token: grant,
        issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        token_type: 'N_A',
        expires_in: 300,
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    /** The key the ID-JAGs are signed with, for the authorization server to check them. */
    publicKey: keys.publicKey,
    requests,
    /** A new ID token for the user, as the company's sign-in gives one (`claims` over its own). */
    issueIdToken: (claims: Record<string, unknown> = {}) => {
      const token = signJwt(
        keys.privateKey,
        {},
        {
          iss: issuer,
          sub: 'user@example.com',
          aud: options.clientId,
          iat: now(),
          exp: now() + 3600,
          ...claims,
        },
      );
      valid.add(token);
      return token;
    },
    /** Every ID token it issued stops being accepted, as when they expire. */
    expireIdTokens: () => valid.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
