import { randomBytes } from 'node:crypto';
import { ErrorCode, withoutTrailingSlash } from '@spoke/shared';
import {
  SignInNeededError,
  envLabel,
  expandTemplate,
  integrationById,
  isOAuthRemote,
  missingCredentials,
  oauthAuthorize,
  type Integration,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthTokens,
} from '@spoke/agents';
import { AppError } from '../../errors.ts';
import type { CredentialService, StoredSignIn } from './credentials.ts';

/** How long a started sign-in may take before its `state` is refused. */
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;
/** Sign-ins under way per user; the oldest is dropped beyond it. */
const PENDING_PER_USER = 10;
/** Where the authorization server sends the browser back, under the server's public URL. */
export const CALLBACK_PATH = '/api/integrations/oauth/callback';

/** An app path to come back to: one leading slash, no scheme, host, backslash or control. */
const APP_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/]*(\?[A-Za-z0-9\-._~=&%]*)?$/;

export function isAppPath(value: string): boolean {
  return value.length <= 300 && APP_PATH.test(value);
}

const clientMetadata = (redirectUrl: string): OAuthClientMetadata => ({
  client_name: 'Spoke',
  redirect_uris: [redirectUrl],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
});

const redirectOf = (client: OAuthClientInformationMixed | undefined): string | undefined =>
  client && 'redirect_uris' in client ? client.redirect_uris[0] : undefined;

/** The reason an OAuth step failed, without anything the service sent back verbatim. */
function reasonOf(error: unknown): string {
  const code = (error as { errorCode?: unknown }).errorCode;
  if (typeof code === 'string' && /^[a-z_]{1,40}$/.test(code)) return `it answered ${code}`;
  if (error instanceof TypeError) return 'it could not be reached';
  return 'it did not complete the sign-in';
}

/**
 * The OAuth client an agent's runs use for one user's remote: tokens come from the encrypted
 * credential store and refreshed ones go back to it (the SDK refreshes on a 401). When the user
 * must sign in — never signed in, or the refresh refused — it throws {@link SignInNeededError},
 * which the agent page shows as "Needs setup: reconnect …".
 */
export function storedSignInProvider(
  credentials: CredentialService,
  userId: string,
  integration: Integration,
): OAuthClientProvider {
  let stored: StoredSignIn | undefined;
  let hadTokens = false;
  const load = async () => (stored ??= (await credentials.signIn(userId, integration.id)) ?? {});
  const save = async () => credentials.saveSignIn(userId, integration.id, stored ?? {});
  return {
    get redirectUrl() {
      return redirectOf(stored?.client) ?? `http://localhost${CALLBACK_PATH}`;
    },
    get clientMetadata() {
      return clientMetadata(redirectOf(stored?.client) ?? `http://localhost${CALLBACK_PATH}`);
    },
    async clientInformation() {
      const { client } = await load();
      if (!client) throw new SignInNeededError(integration, hadTokens);
      return client;
    },
    async saveClientInformation(client) {
      (await load()).client = client;
      if (stored?.tokens) await save();
    },
    async tokens() {
      const { tokens } = await load();
      if (tokens) hadTokens = true;
      return tokens;
    },
    async saveTokens(tokens) {
      (await load()).tokens = tokens;
      await save();
    },
    redirectToAuthorization() {
      throw new SignInNeededError(integration, hadTokens);
    },
    saveCodeVerifier() {},
    codeVerifier() {
      throw new SignInNeededError(integration, hadTokens);
    },
    async invalidateCredentials(scope) {
      if (scope === 'verifier' || scope === 'discovery') return;
      // Tokens the service refused cannot be used again: the user reconnects. Unless another run
      // renewed them meanwhile (a refresh token is often good once): those are kept.
      const refused = (await load()).tokens;
      delete stored!.tokens;
      const current = await credentials.signIn(userId, integration.id);
      if (current?.tokens && current.tokens.refresh_token !== refused?.refresh_token) return;
      await save();
    },
  };
}

type Pending = {
  userId: string;
  integrationId: string;
  serverUrl: string;
  returnTo: string;
  verifier: string;
  client?: OAuthClientInformationMixed;
  expiresAt: number;
};

export type SignInResult = { returnTo: string; integrationId: string; error?: string };

export type OAuthFlows = ReturnType<typeof createOAuthFlows>;

/**
 * Signing a user in to an OAuth remote from the agent page, per the MCP authorization
 * specification, with the SDK's auth(): `start` discovers the authorization server, registers
 * Spoke as a client when it has none there, and answers the authorization URL (PKCE, a random
 * `state`); `finish` takes the code the browser brings back and keeps the tokens encrypted in
 * the credential store. A started sign-in lives here for {@link SIGN_IN_TTL_MS}, bound to its
 * user, and is used once; it is held in memory, so a restart asks the user to start again.
 */
export function createOAuthFlows(options: {
  credentials: CredentialService;
  /** The server's public URL: the redirect URI is under it. */
  appUrl: string;
  lookup?: (id: string) => Integration | undefined;
  now?: () => number;
}) {
  const { credentials } = options;
  const lookup = options.lookup ?? integrationById;
  const now = options.now ?? Date.now;
  const redirectUrl = `${withoutTrailingSlash(options.appUrl)}${CALLBACK_PATH}`;
  const pending = new Map<string, Pending>();

  function sweep(userId: string) {
    const time = now();
    const mine: string[] = [];
    for (const [state, entry] of pending) {
      if (entry.expiresAt <= time) pending.delete(state);
      else if (entry.userId === userId) mine.push(state);
    }
    // Map order is insertion order: the oldest go first.
    for (const state of mine.slice(0, Math.max(0, mine.length - PENDING_PER_USER + 1))) {
      pending.delete(state);
    }
  }

  function oauthRemote(integrationId: string): Integration {
    const integration = lookup(integrationId);
    if (!integration) throw new AppError(404, ErrorCode.NOT_FOUND);
    if (!isOAuthRemote(integration)) {
      throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
        fields: { id: `${integration.name} is not connected by signing in with OAuth` },
      });
    }
    return integration;
  }

  return {
    redirectUrl,

    /** The authorization URL to send the user's browser to. */
    async start(userId: string, integrationId: string, returnTo: string): Promise<string> {
      const integration = oauthRemote(integrationId);
      if (!isAppPath(returnTo)) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          fields: { return_to: 'Must be a path of this app' },
        });
      }
      const values = await credentials.values(userId, integration.id);
      const missing = missingCredentials(integration, values).map((name) => {
        const env = integration.env.find((each) => each.name === name);
        return env ? envLabel(env) : name;
      });
      if (missing.length) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          fields: { id: `Set ${missing.join(', ')} in ${integration.name}'s settings first` },
        });
      }
      if (integration.provider.kind !== 'remote') throw new AppError(500, ErrorCode.INTERNAL_ERROR);
      const serverUrl = expandTemplate(integration.provider.url, values, encodeURIComponent);
      sweep(userId);
      const state = randomBytes(24).toString('base64url');
      const entry: Pending = {
        userId,
        integrationId: integration.id,
        serverUrl,
        returnTo,
        verifier: '',
        expiresAt: now() + SIGN_IN_TTL_MS,
      };
      // A client registered before for this redirect URI is used again.
      const earlier = (await credentials.signIn(userId, integration.id))?.client;
      if (redirectOf(earlier) === redirectUrl) entry.client = earlier;
      let authorizationUrl: URL | undefined;
      const provider: OAuthClientProvider = {
        redirectUrl,
        clientMetadata: clientMetadata(redirectUrl),
        state: () => state,
        clientInformation: () => entry.client,
        saveClientInformation: (client) => void (entry.client = client),
        // A fresh sign-in: tokens held now are not renewed instead.
        tokens: () => undefined,
        saveTokens: () => {},
        redirectToAuthorization: (url) => void (authorizationUrl = url),
        saveCodeVerifier: (verifier) => void (entry.verifier = verifier),
        codeVerifier: () => entry.verifier,
      };
      try {
        await oauthAuthorize(provider, { serverUrl });
      } catch (error) {
        throw new AppError(502, ErrorCode.CONNECTION_ERROR, {
          message: `Could not start signing in to ${integration.name}: ${reasonOf(error)}. Try again later.`,
        });
      }
      if (!authorizationUrl || !entry.client || !entry.verifier) {
        throw new AppError(502, ErrorCode.CONNECTION_ERROR, {
          message: `Could not start signing in to ${integration.name}: it asked for no sign-in.`,
        });
      }
      pending.set(state, entry);
      return authorizationUrl.href;
    },

    /**
     * Finishes the sign-in the browser came back from. An unknown, expired or used `state`, or
     * one another user started: 400 (and the state stays usable by its own user).
     */
    async finish(
      userId: string,
      query: { state: string; code?: string; error?: string },
    ): Promise<SignInResult> {
      const entry = pending.get(query.state);
      if (entry && entry.expiresAt <= now()) pending.delete(query.state);
      if (!entry || entry.expiresAt <= now() || entry.userId !== userId) {
        throw new AppError(400, ErrorCode.INVALID_TOKEN, {
          message:
            'This sign-in is unknown, has expired or was already finished. Start it again from the agent page.',
        });
      }
      pending.delete(query.state);
      const integration = lookup(entry.integrationId);
      const result = { returnTo: entry.returnTo, integrationId: entry.integrationId };
      if (!integration) return { ...result, error: 'This integration is no longer available' };
      if (query.error || !query.code) {
        return {
          ...result,
          error:
            query.error === 'access_denied'
              ? `${integration.name} was not allowed access`
              : `${integration.name} did not complete the sign-in`,
        };
      }
      let tokens: OAuthTokens | undefined;
      const provider: OAuthClientProvider = {
        redirectUrl,
        clientMetadata: clientMetadata(redirectUrl),
        clientInformation: () => entry.client,
        saveClientInformation: (client) => void (entry.client = client),
        tokens: () => undefined,
        saveTokens: (issued) => void (tokens = issued),
        redirectToAuthorization: () => {
          throw new Error('a second sign-in was asked for');
        },
        saveCodeVerifier: () => {},
        codeVerifier: () => entry.verifier,
      };
      try {
        await oauthAuthorize(provider, {
          serverUrl: entry.serverUrl,
          authorizationCode: query.code,
        });
      } catch (error) {
        return {
          ...result,
          error: `${integration.name} did not complete the sign-in: ${reasonOf(error)}`,
        };
      }
      if (!tokens) return { ...result, error: `${integration.name} gave no access` };
      await credentials.saveSignIn(userId, integration.id, { client: entry.client, tokens });
      return result;
    },
  };
}
