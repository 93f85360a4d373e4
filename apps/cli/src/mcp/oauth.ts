import {
  extractWWWAuthenticateParams,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { loadChildProcess, loadCrypto } from '../builtins.ts';
import { failure, type CliError } from '../errors.ts';
import { stderr } from '../output/fd-stream.ts';
import { canPrompt } from '../util/prompt.ts';
import { accounts, openSecretStore, type SecretStore } from '../secrets/store.ts';
import { clientMetadataUrl } from './client-metadata.ts';
import { openRedirectListener, type RedirectListener } from './oauth-listener.ts';

/** What spoke keeps of a server's sign-in, in the secret store under the server's URL. */
export type StoredSignIn = {
  client?: OAuthClientInformationMixed;
  /** The client was given by the user (`spoke login <server> --client-id`), not registered. */
  preRegistered?: boolean;
  tokens?: OAuthTokens;
  /** Scopes the server asked for beyond a sign-in (403 `insufficient_scope`): asked for again. */
  scope?: string;
  /**
   * The sign-in with client credentials (spoke.json `oauth`): the client it is for, the
   * authorization server they were first accepted by, and the token.
   */
  machine?: { clientId: string; issuer?: string; tokens?: OAuthTokens };
};

/** The scopes of all the space-separated lists, each once, in order of first appearance. */
export function scopeUnion(...lists: (string | undefined)[]): string {
  return [...new Set(lists.flatMap((list) => list?.split(' ') ?? []).filter(Boolean))].join(' ');
}

/** `browser`: a sign-in opens the browser and waits; `refuse`: it fails with AUTH_REQUIRED. */
export type SignInMode = 'browser' | 'refuse';

/** Browser sign-ins happen at a terminal, never in CI. */
export function defaultSignInMode(env: NodeJS.ProcessEnv): SignInMode {
  return canPrompt() && !env.CI ? 'browser' : 'refuse';
}

export function readSignIn(store: SecretStore, url: string): StoredSignIn {
  const raw = store.get(accounts.oauth(url));
  if (!raw) return {};
  try {
    return JSON.parse(raw) as StoredSignIn;
  } catch {
    return {};
  }
}

function writeSignIn(store: SecretStore, url: string, value: StoredSignIn): void {
  if (!value.client && !value.tokens && !value.scope && !value.machine) {
    store.delete(accounts.oauth(url));
  } else store.set(accounts.oauth(url), JSON.stringify(value));
}

/**
 * A sign-in failure in the words of the CLI: an authorization server that takes no registration
 * needs a client the user registered there.
 */
export function signInFailure(name: string, err: unknown): CliError | null {
  if (!/does not support dynamic client registration/.test((err as Error).message ?? '')) {
    return null;
  }
  return failure(
    'AUTH_REQUIRED',
    `${name}: its authorization server does not let spoke register itself as a client`,
    `register a client there with the redirect URI http://127.0.0.1/callback, then run: spoke login ${name} --client-id <id>`,
  );
}

/** Opens `url` with $BROWSER or the platform's opener; the URL is printed either way. */
function openBrowser(url: string, env: NodeJS.ProcessEnv): void {
  const [command, args] = env.BROWSER
    ? [env.BROWSER, [url]]
    : process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  try {
    const child = loadChildProcess().spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener: the printed URL is the way.
  }
}

/** A client named by its metadata document's URL: it has no redirect URIs of its own. */
const isDocumentClient = (client: OAuthClientInformationMixed) => !('redirect_uris' in client);

const portOf = (client: OAuthClientInformationMixed | undefined): number | null => {
  const uri = client && 'redirect_uris' in client ? client.redirect_uris[0] : undefined;
  const port = uri ? Number(new URL(uri).port) : NaN;
  return Number.isInteger(port) && port > 0 ? port : null;
};

/**
 * The OAuth client of one remote server, per the MCP authorization specification; the SDK's
 * auth() drives discovery, registration, PKCE and refresh through it. The client is spoke's
 * metadata document's URL where the authorization server takes one (`clientMetadataUrl`), else
 * one it registers dynamically. Client and tokens live in the secret store. A browser sign-in
 * listens on 127.0.0.1 for the redirect; the listener is opened when the SDK first asks for the
 * client, before any redirect URI is read.
 *
 * Step-up: a request answered 403 `insufficient_scope` is authorized again by the SDK; spoke
 * then asks for the union of the scopes granted and asked (never a refresh, which cannot add
 * scopes), in the browser where the command may open it, and the request is sent again once.
 */
export class ServerSignIn implements OAuthClientProvider {
  private listener: RedirectListener | null = null;
  private verifier = '';
  private expected = '';
  private started = false;
  private hadTokens = false;
  private closed = false;
  /** The scope a 403 `insufficient_scope` asked for, until new tokens are saved. */
  private stepUp: string | null = null;
  private cachedStore: SecretStore | null = null;
  private documentUrl: { url: string | undefined } | null = null;
  private readonly name: string;
  private readonly url: string;
  private readonly env: NodeJS.ProcessEnv;
  private mode: SignInMode;

  constructor(name: string, url: string, env: NodeJS.ProcessEnv, mode: SignInMode) {
    this.name = name;
    this.url = url;
    this.env = env;
    this.mode = mode;
  }

  private get store(): SecretStore {
    return (this.cachedStore ??= openSecretStore(this.env));
  }
  private read(): StoredSignIn {
    return readSignIn(this.store, this.url);
  }
  private update(change: Partial<StoredSignIn>): void {
    writeSignIn(this.store, this.url, { ...this.read(), ...change });
  }

  /** True once a browser sign-in was started: wait for its code, then finish it. */
  get awaitingBrowser(): boolean {
    return this.started;
  }

  /** The authorization code of the browser sign-in started; the listener closes after it. */
  async browserCode(): Promise<string> {
    try {
      return await this.listener!.code(this.expected);
    } finally {
      this.started = false;
      if (this.closed) this.close();
    }
  }

  /**
   * Ends the sign-in part: tokens keep being sent and refreshed for the rest of the session, but
   * a sign-in needed later (the refresh refused) fails with the command to run. Only a request
   * that needs more scope may still open the browser, where the session could from the start.
   */
  close(): void {
    this.listener?.close();
    this.listener = null;
    this.closed = true;
  }

  private get browser(): boolean {
    return this.mode === 'browser' && (!this.closed || this.stepUp !== null);
  }

  /**
   * The fetch of the server's transport: a 403 `insufficient_scope` is noted before the SDK
   * authorizes again, so that it signs in with more scope instead of refreshing the tokens.
   */
  watch(fetchFn: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      const response = await fetchFn(input, init);
      if (response.status === 403) {
        const { error, scope } = extractWWWAuthenticateParams(response);
        if (error === 'insufficient_scope') {
          this.stepUp = scope ?? '';
          if (scope) this.update({ scope: scopeUnion(this.read().scope, scope) });
        }
      }
      return response;
    };
  }

  get redirectUrl(): string {
    return this.listener?.url ?? 'http://127.0.0.1/callback';
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'spoke',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  /** Read by the SDK when the authorization server advertises metadata document support. */
  get clientMetadataUrl(): string | undefined {
    return (this.documentUrl ??= { url: clientMetadataUrl(this.env) }).url;
  }

  state(): string {
    this.expected = loadCrypto().randomBytes(16).toString('base64url');
    return this.expected;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = this.read();
    // Without a client there is nothing to renew: a sign-in is needed, and registering a client
    // that cannot be used here would only leave one behind at the server.
    if (!this.browser && !stored.client) throw this.needsSignIn();
    if (this.browser && !this.listener) {
      this.listener = await openRedirectListener(this.name, portOf(stored.client));
    }
    // A registered client whose redirect URI is not this listener's cannot finish a sign-in
    // here; registering again gives one that can. A metadata document allows any port on
    // 127.0.0.1, but one no longer configured is not used for a new sign-in.
    if (stored.client && !stored.preRegistered && this.listener) {
      const usable = isDocumentClient(stored.client)
        ? stored.client.client_id === this.clientMetadataUrl
        : portOf(stored.client) === portOf({ client_id: '', redirect_uris: [this.listener.url] });
      if (!usable) return stored.tokens ? stored.client : undefined;
    }
    return stored.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.update({ client });
  }

  tokens(): OAuthTokens | undefined {
    const tokens = this.read().tokens;
    if (tokens) this.hadTokens = true;
    // A refresh keeps the scopes granted: more scope takes a new authorization.
    if (tokens && this.stepUp !== null) return { ...tokens, refresh_token: undefined };
    return tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.stepUp = null;
    this.update({ tokens });
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    const stored = this.read();
    if (scope === 'all' || scope === 'tokens') delete stored.tokens;
    if ((scope === 'all' || scope === 'client') && !stored.preRegistered) delete stored.client;
    if (scope !== 'verifier' && scope !== 'discovery') writeSignIn(this.store, this.url, stored);
  }

  private needsSignIn(): CliError {
    if (this.stepUp !== null) {
      const scope = scopeUnion(this.read().scope, this.stepUp);
      return failure(
        'AUTH_REQUIRED',
        `${this.name} asks for more access than the sign-in gives${scope ? ` (scope: ${scope})` : ''}`,
        `sign in again at a terminal with: spoke login ${this.name}`,
      );
    }
    return failure(
      'AUTH_REQUIRED',
      this.hadTokens
        ? `${this.name}: the sign-in has expired and the server refused to renew it`
        : `${this.name} needs you to sign in`,
      `sign in${this.hadTokens ? ' again' : ''} at a terminal with: spoke login ${this.name}`,
    );
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (!this.browser) throw this.needsSignIn();
    // The scopes granted so far and those the server asked for beyond them are asked for too.
    const stored = this.read();
    const scope = scopeUnion(
      authorizationUrl.searchParams.get('scope') ?? undefined,
      stored.tokens?.scope,
      stored.scope,
    );
    if (scope) authorizationUrl.searchParams.set('scope', scope);
    this.started = true;
    stderr.write(
      `Sign in to ${this.name} in your browser. If it does not open, open this URL on this machine:\n  ${authorizationUrl.href}\n`,
    );
    openBrowser(authorizationUrl.href, this.env);
  }
}
