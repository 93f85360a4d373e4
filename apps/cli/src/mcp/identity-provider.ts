import {
  parseErrorResponse,
  selectClientAuthMethod,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { fetchWithinOrigin } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { IdentityProvider } from './launch.ts';
import { withoutTrailingSlash } from '@spoke/shared/url';

/** The grant an authorization server is asked for with the identity provider's grant (RFC 7523). */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
/** An Identity Assertion JWT Authorization Grant (ID-JAG), the token asked of the identity provider. */
const ID_JAG_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';

/** A step at the identity provider that failed: what it said, or why it was not asked. */
export class IdentityProviderError extends Error {
  readonly issuer: string;

  constructor(issuer: string, message: string) {
    super(message);
    this.name = 'IdentityProviderError';
    this.issuer = issuer;
  }
}

const sameIssuer = (a: string, b: string) => withoutTrailingSlash(a) === withoutTrailingSlash(b);

/** Why a request to the identity provider got no answer, in a few words. */
const unreachable = (err: unknown) =>
  (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;

/** When a JWT's `exp` says it expired (unverified: only to spare a request bound to fail), or null. */
function expiredAt(jwt: string): Date | null {
  try {
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : null;
    return exp !== null && exp < Date.now() ? new Date(exp) : null;
  } catch {
    return null;
  }
}

type TokenEndpoint = { url: string; authMethods: string[] };

/**
 * The identity provider's token endpoint: the one spoke.json names, else the one its OpenID
 * Connect metadata names (`<issuer>/.well-known/openid-configuration`), with the ways it takes
 * client secrets. Only the fields used are read: identity providers leave out many that the SDK's
 * full schema requires. The metadata must be the issuer's own, as OpenID Connect Discovery
 * requires, so that the ID token goes to no one else.
 */
async function tokenEndpoint(idp: IdentityProvider): Promise<TokenEndpoint> {
  if (idp.tokenEndpoint) return { url: idp.tokenEndpoint, authMethods: [] };
  const url = `${withoutTrailingSlash(idp.issuer)}/.well-known/openid-configuration`;
  let metadata: {
    issuer?: unknown;
    token_endpoint?: unknown;
    token_endpoint_auth_methods_supported?: unknown;
  } | null;
  try {
    const response = await fetchWithinOrigin(fetch)(url, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    metadata = (await response.json().catch(() => null)) as typeof metadata;
  } catch (err) {
    throw new IdentityProviderError(
      idp.issuer,
      `its metadata could not be read from ${url} (${unreachable(err)})`,
    );
  }
  if (typeof metadata?.issuer !== 'string' || !sameIssuer(metadata.issuer, idp.issuer)) {
    throw new IdentityProviderError(
      idp.issuer,
      `its metadata at ${url} names another issuer (${JSON.stringify(metadata?.issuer ?? null)}): the ID token was not sent`,
    );
  }
  if (
    typeof metadata.token_endpoint !== 'string' ||
    !/^https?:\/\//.test(metadata.token_endpoint)
  ) {
    throw new IdentityProviderError(idp.issuer, `its metadata at ${url} names no token endpoint`);
  }
  const methods = metadata.token_endpoint_auth_methods_supported;
  return {
    url: metadata.token_endpoint,
    authMethods: Array.isArray(methods) ? methods.filter((m) => typeof m === 'string') : [],
  };
}

/** Loopback addresses, where plain http stays on the machine. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * The client's proof at the identity provider: its secret, in the Authorization header or the
 * form as the metadata says (HTTP Basic when it says nothing, RFC 6749's default), or only its id
 * for a public client.
 */
function authenticate(
  idp: IdentityProvider,
  endpoint: TokenEndpoint,
  headers: Record<string, string>,
  body: URLSearchParams,
): void {
  const client = { client_id: idp.clientId, client_secret: idp.clientSecret };
  const method = idp.clientSecret ? selectClientAuthMethod(client, endpoint.authMethods) : 'none';
  if (method === 'client_secret_basic') {
    const pair = `${encodeURIComponent(idp.clientId)}:${encodeURIComponent(idp.clientSecret!)}`;
    headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    return;
  }
  body.set('client_id', idp.clientId);
  if (idp.clientSecret) body.set('client_secret', idp.clientSecret);
}

/**
 * Exchanges the user's ID token at the identity provider for an ID-JAG (RFC 8693 token exchange,
 * SEP-990): an authorization grant for one authorization server (`audience`, its issuer) and one
 * MCP server (`resource`). The ID token goes to the identity provider's token endpoint only, never
 * along a redirect to another origin.
 */
export async function exchangeIdToken(
  idp: IdentityProvider,
  grant: { audience: string; resource: string; scope?: string },
): Promise<string> {
  const expired = expiredAt(idp.idToken);
  if (expired) {
    throw new IdentityProviderError(
      idp.issuer,
      `the ID token expired at ${expired.toISOString()}: it was not sent`,
    );
  }
  const endpoint = await tokenEndpoint(idp);
  const where = URL.canParse(endpoint.url) ? new URL(endpoint.url) : null;
  if (!where || (where.protocol !== 'https:' && !LOOPBACK.test(where.hostname))) {
    throw new IdentityProviderError(
      idp.issuer,
      `its token endpoint ${endpoint.url} is not https: the ID token was not sent`,
    );
  }
  const body = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE_GRANT,
    requested_token_type: ID_JAG_TYPE,
    audience: grant.audience,
    resource: grant.resource,
    subject_token: idp.idToken,
    subject_token_type: ID_TOKEN_TYPE,
  });
  if (grant.scope) body.set('scope', grant.scope);
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  authenticate(idp, endpoint, headers, body);
  let response: Response;
  try {
    response = await fetchWithinOrigin(fetch)(endpoint.url, { method: 'POST', headers, body });
  } catch (err) {
    throw new IdentityProviderError(
      idp.issuer,
      `its token endpoint ${endpoint.url} could not be reached (${unreachable(err)})`,
    );
  }
  if (!response.ok) {
    const error = await parseErrorResponse(response);
    throw new IdentityProviderError(
      idp.issuer,
      `it refused to exchange the ID token (${error.errorCode}${error.message ? `: ${error.message}` : ''})`,
    );
  }
  const answer = (await response.json().catch(() => null)) as {
    access_token?: unknown;
    issued_token_type?: unknown;
  } | null;
  if (typeof answer?.access_token !== 'string' || answer.issued_token_type !== ID_JAG_TYPE) {
    throw new IdentityProviderError(
      idp.issuer,
      `its token endpoint answered without an ID-JAG (issued_token_type ${JSON.stringify(answer?.issued_token_type ?? null)})`,
    );
  }
  return answer.access_token;
}
