import {
  ClientCredentialsProvider,
  PrivateKeyJwtProvider,
} from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type {
  AddClientAuthentication,
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { failure, type CliError } from '../errors.ts';
import { accounts, openSecretStore, type SecretStore } from '../secrets/store.ts';
import type { ClientCredentials } from './launch.ts';
import { exchangeIdToken, IdentityProviderError, JWT_BEARER_GRANT } from './identity-provider.ts';
import { readSignIn, type StoredSignIn } from './oauth.ts';
import { withoutTrailingSlash } from '@spoke/shared/url';

type MachineSignIn = NonNullable<StoredSignIn['machine']>;

/**
 * The OAuth client of a remote server that signs in with client credentials (spoke.json `oauth`):
 * the SDK's ClientCredentialsProvider (a client secret, sent as the authorization server's
 * metadata asks: client_secret_basic or client_secret_post) or PrivateKeyJwtProvider (a JWT
 * signed with a private key, RFC 7523). No browser and no prompt: a 401 gets a token from the
 * token endpoint at once. The token is kept in the secret store under the server's URL, as a
 * browser sign-in's are, and used until the server refuses it.
 *
 * With an identity provider (enterprise-managed authorization, SEP-990), the grant is not the
 * client's own: each token request first exchanges the user's ID token at the identity provider
 * for an ID-JAG naming this authorization server and this MCP server, then presents it as a JWT
 * bearer grant (RFC 7523), the client proving itself as above. ID-JAGs live for minutes, so a
 * refused token is replaced by the two steps again.
 *
 * The credentials go only to one authorization server: `issuer` when spoke.json names it, else
 * the one they were first accepted by (remembered with the token); a server that later names
 * another is refused until `spoke logout <server>`, and the ID token is not exchanged for it.
 */
export class ClientCredentialsSignIn implements OAuthClientProvider {
  private discovered: string | undefined;
  /** What discovery found that the ID-JAG names: the authorization server and the MCP server. */
  private grantFor: { server: string; issuer?: string; resource: string } | undefined;
  private sdk: ClientCredentialsProvider | PrivateKeyJwtProvider | null = null;
  private cachedStore: SecretStore | null = null;
  private readonly url: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly credentials: ClientCredentials;

  constructor(url: string, env: NodeJS.ProcessEnv, credentials: ClientCredentials) {
    this.url = url;
    this.env = env;
    this.credentials = credentials;
  }

  private get store(): SecretStore {
    return (this.cachedStore ??= openSecretStore(this.env));
  }

  /** What is kept for this client (the same client id); another client's is not used. */
  private read(): MachineSignIn | undefined {
    const machine = readSignIn(this.store, this.url).machine;
    return machine?.clientId === this.credentials.clientId ? machine : undefined;
  }

  private write(machine: MachineSignIn | undefined): void {
    const { machine: _before, ...rest } = readSignIn(this.store, this.url);
    const next: StoredSignIn = machine ? { ...rest, machine } : rest;
    if (Object.keys(next).length) this.store.set(accounts.oauth(this.url), JSON.stringify(next));
    else this.store.delete(accounts.oauth(this.url));
  }

  /** The SDK's provider, bound to the authorization server the credentials may go to. */
  private provider(): ClientCredentialsProvider | PrivateKeyJwtProvider {
    if (this.sdk) return this.sdk;
    const expectedIssuer = this.credentials.issuer ?? this.read()?.issuer ?? this.discovered;
    const { clientId, scope } = this.credentials;
    const common = { clientId, scope, expectedIssuer, clientName: 'spoke' };
    this.sdk =
      'privateKey' in this.credentials
        ? new PrivateKeyJwtProvider({
            ...common,
            privateKey: this.credentials.privateKey,
            algorithm: this.credentials.algorithm,
          })
        : new ClientCredentialsProvider({
            ...common,
            clientSecret: this.credentials.clientSecret,
          });
    return this.sdk;
  }

  /** Never a browser: the transport's fetch is left as it is. */
  watch(fetchFn: typeof fetch = fetch): typeof fetch {
    return fetchFn;
  }

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'spoke',
      redirect_uris: [],
      grant_types: [this.credentials.identityProvider ? JWT_BEARER_GRANT : 'client_credentials'],
      token_endpoint_auth_method:
        'privateKey' in this.credentials ? 'private_key_jwt' : 'client_secret_basic',
      ...(this.credentials.scope ? { scope: this.credentials.scope } : {}),
    };
  }

  /** The authorization server discovery found: the one to bind to when none is known yet. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovered = state.authorizationServerUrl;
    this.grantFor = {
      server: state.authorizationServerUrl,
      issuer: state.authorizationServerMetadata?.issuer,
      resource: state.resourceMetadata?.resource ?? this.url,
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.provider().clientInformation();
  }

  /** The private key signs the client assertion; a client secret is applied by the SDK. */
  get addClientAuthentication(): AddClientAuthentication | undefined {
    if (!('privateKey' in this.credentials)) return undefined;
    return (headers, params, url, metadata) =>
      (this.provider() as PrivateKeyJwtProvider).addClientAuthentication(
        headers,
        params,
        url,
        metadata,
      );
  }

  /**
   * The SDK asks for this once it has checked that the client may be presented to this
   * authorization server: only then is the ID token exchanged for a grant naming it.
   */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    const idp = this.credentials.identityProvider;
    if (!idp) return this.provider().prepareTokenRequest(scope);
    if (!this.grantFor) throw new Error('the authorization server is not known yet');
    // The grant names the authorization server by its issuer, which must be the address the
    // client is bound to (RFC 8414): metadata naming another would get a grant for that one.
    const { server, issuer = server, resource } = this.grantFor;
    if (withoutTrailingSlash(issuer) !== withoutTrailingSlash(server)) {
      throw new IdentityProviderError(
        idp.issuer,
        `the metadata of the authorization server ${server} names another issuer (${issuer}): the ID token was not exchanged`,
      );
    }
    const assertion = await exchangeIdToken(idp, {
      audience: issuer,
      resource,
      ...(scope ? { scope } : {}),
    });
    const params = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion });
    if (scope) params.set('scope', scope);
    return params;
  }

  tokens(): OAuthTokens | undefined {
    return this.read()?.tokens;
  }

  /** The SDK stamps the tokens with the authorization server that issued them. */
  saveTokens(tokens: OAuthTokens): void {
    const issuer = tokens.issuer ?? this.read()?.issuer;
    this.write({
      clientId: this.credentials.clientId,
      ...(issuer ? { issuer } : {}),
      tokens,
    });
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope !== 'all' && scope !== 'tokens') return;
    const machine = this.read();
    if (machine?.tokens) {
      const { tokens: _gone, ...rest } = machine;
      this.write(rest);
    }
  }

  redirectToAuthorization(): void {
    throw new Error('a machine sign-in has no browser sign-in');
  }

  saveCodeVerifier(): void {
    // No authorization code, no verifier.
  }

  codeVerifier(): string {
    throw new Error('a machine sign-in has no code verifier');
  }
}

/**
 * A client-credentials grant (or an enterprise-managed one) that failed, in the words of the CLI:
 * which step, what the identity provider or the authorization server said, and what to check.
 * Null for anything else.
 */
export function clientCredentialsFailure(
  name: string,
  credentials: ClientCredentials,
  err: unknown,
): CliError | null {
  const message = (err as Error | null)?.message ?? '';
  const secret = `servers.${name}.env.${credentials.secretName}`;
  const bound = /is bound to authorization server (\S+) and is not presented to (\S+?)\.? /.exec(
    message,
  );
  if (bound) {
    return failure(
      'AUTH_REQUIRED',
      `${name} now sends its sign-in to ${bound[2]}, and its client credentials are for ${bound[1]}: they were not sent`,
      credentials.issuer
        ? `if the server moved its sign-in there, set servers.${name}.oauth.issuer in spoke.json to the new address`
        : `if the server moved its sign-in there, run spoke logout ${name} to forget the old one`,
    );
  }
  const idp = credentials.identityProvider;
  const how = `set with: spoke config set ${secret} --type secret`;
  if (idp && err instanceof IdentityProviderError) {
    return failure(
      'AUTH_REQUIRED',
      `${name}: the identity provider ${err.issuer} gave no authorization grant for it: ${err.message}`,
      `check servers.${name}.oauth.identityProvider in spoke.json; an ID token that expired is replaced with: spoke config set servers.${name}.env.${idp.idTokenName} --type secret`,
    );
  }
  if (!(err instanceof OAuthError)) return null;
  const said = `${err.errorCode}${err.message ? `: ${err.message}` : ''}`;
  const kind = 'privateKey' in credentials ? 'private key' : 'client secret';
  if (idp) {
    return failure(
      'AUTH_REQUIRED',
      `${name}: its authorization server refused the identity provider's authorization grant for client ${credentials.clientId} (${said})`,
      `check servers.${name}.oauth in spoke.json and the ${kind} it names (${how}); the identity provider ${idp.issuer} must issue grants for client ${credentials.clientId}`,
    );
  }
  return failure(
    'AUTH_REQUIRED',
    `${name}: its authorization server refused the client credentials of client ${credentials.clientId} (${said})`,
    `check servers.${name}.oauth in spoke.json and the ${kind} it names, ${how}`,
  );
}
