import path from 'node:path';
import { SECRET_REFERENCE, type OAuthEntry, type ServerEntry } from '../config/workspace-schema.ts';
import { failure } from '../errors.ts';
import { serverSecrets } from '../secrets/server-secrets.ts';
import type { SecretStore } from '../secrets/store.ts';
import { own } from '../util/own.ts';
import { runtimeCommand } from './runtimes.ts';

export type Launch =
  | {
      transport: 'stdio';
      command: string;
      args: string[];
      cwd: string;
      /** The full environment of the server process, secrets included. */
      env: Record<string, string>;
      /** What of `env` spoke adds for this server: its values and secrets. */
      own: Record<string, string>;
    }
  | {
      transport: 'streamable-http' | 'sse';
      url: string;
      headers: Record<string, string>;
      /** The client credentials it signs in with, their secret read from the store. */
      oauth?: ClientCredentials;
    };

/** A remote server's OAuth client credentials (spoke.json `oauth`), the secret resolved. */
export type ClientCredentials = {
  clientId: string;
  /** The name of the secret value that holds the client secret or the private key. */
  secretName: string;
  scope?: string;
  issuer?: string;
  /** With it, the grant is the identity provider's authorization grant for the user. */
  identityProvider?: IdentityProvider;
} & ({ clientSecret: string } | { privateKey: string; algorithm: string });

/** The identity provider of an enterprise-managed sign-in, the ID token read from the store. */
export type IdentityProvider = {
  issuer: string;
  tokenEndpoint?: string;
  clientId: string;
  /** The client secret at the identity provider, when it authenticates its clients. */
  clientSecret?: string;
  idToken: string;
  /** The name of the secret value that holds the ID token. */
  idTokenName: string;
};

/** The value of a `{NAME}` reference among the server's secrets. */
function resolveReference(ref: string, env: Record<string, string>): string {
  return own(env, SECRET_REFERENCE.exec(ref)?.[1] ?? '') ?? '';
}

function identityProvider(
  idp: NonNullable<OAuthEntry['identityProvider']>,
  secretEnv: Record<string, string>,
): IdentityProvider {
  return {
    issuer: idp.issuer,
    ...(idp.tokenEndpoint ? { tokenEndpoint: idp.tokenEndpoint } : {}),
    clientId: idp.clientId,
    ...(idp.clientSecret ? { clientSecret: resolveReference(idp.clientSecret, secretEnv) } : {}),
    idToken: resolveReference(idp.idToken, secretEnv),
    idTokenName: SECRET_REFERENCE.exec(idp.idToken)?.[1] ?? '',
  };
}

function clientCredentials(
  oauth: OAuthEntry,
  secretEnv: Record<string, string>,
): ClientCredentials {
  const ref = oauth.privateKey ?? oauth.clientSecret ?? '';
  const common = {
    clientId: oauth.clientId,
    secretName: SECRET_REFERENCE.exec(ref)?.[1] ?? '',
    ...(oauth.scope ? { scope: oauth.scope } : {}),
    ...(oauth.issuer ? { issuer: oauth.issuer } : {}),
    ...(oauth.identityProvider
      ? { identityProvider: identityProvider(oauth.identityProvider, secretEnv) }
      : {}),
  };
  return oauth.privateKey !== undefined
    ? {
        ...common,
        privateKey: resolveReference(oauth.privateKey, secretEnv),
        algorithm: oauth.algorithm ?? 'RS256',
      }
    : { ...common, clientSecret: resolveReference(oauth.clientSecret ?? '', secretEnv) };
}

const RELATIVE = /^\.{1,2}(\/|\\|$)|^\.spoke[\\/]/;

/** An argument that names a path relative to the workspace, made absolute. */
export function absoluteArg(workspaceDir: string, arg: string): string {
  return RELATIVE.test(arg) ? path.resolve(workspaceDir, arg) : arg;
}

/** The command line as shown to the user: relative paths made absolute, quoted when needed. */
export function commandLine(workspaceDir: string, entry: ServerEntry): string {
  if (entry.transport !== 'stdio') return entry.url ?? '';
  return [entry.command ?? '', ...(entry.args ?? []).map((a) => absoluteArg(workspaceDir, a))]
    .map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part)))
    .join(' ');
}

/** A server's plain environment values, those stored as paths made absolute (`paths`). */
export function plainEnv(workspaceDir: string, entry: ServerEntry): Record<string, string> {
  const env = { ...entry.env };
  for (const name of entry.paths ?? []) {
    const value = own(env, name);
    if (value !== undefined) env[name] = path.resolve(workspaceDir, value);
  }
  return env;
}

/**
 * How to start a server: its command with the workspace as working directory, and an environment
 * made of spoke's own, the server's values and its secrets (which appear nowhere else).
 */
export function launchFor(
  workspaceDir: string,
  name: string,
  entry: ServerEntry,
  store: SecretStore | null,
  baseEnv: NodeJS.ProcessEnv,
  extraSecrets: { env?: Record<string, string>; headers?: Record<string, string> } = {},
): Launch {
  const secrets = store
    ? serverSecrets(store, workspaceDir, name, entry)
    : { env: {}, headers: {}, missing: [] };
  const missing = secrets.missing.filter(
    (m) =>
      !Object.hasOwn(extraSecrets.env ?? {}, m) &&
      !Object.hasOwn(extraSecrets.headers ?? {}, m.slice(7)),
  );
  if (missing.length) {
    throw failure(
      'MISSING_VALUE',
      `${name}: missing secret ${missing.join(', ')}`,
      `set it with: spoke config set servers.${name}.env.${missing[0]!.replace(/^header /, '')} --type secret`,
    );
  }
  if (entry.transport !== 'stdio') {
    return {
      transport: entry.transport,
      url: entry.url ?? '',
      headers: { ...entry.headers, ...secrets.headers, ...extraSecrets.headers },
      ...(entry.oauth
        ? { oauth: clientCredentials(entry.oauth, { ...secrets.env, ...extraSecrets.env }) }
        : {}),
    };
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(baseEnv)) if (value !== undefined) env[key] = value;
  const own = { ...plainEnv(workspaceDir, entry), ...secrets.env, ...extraSecrets.env };
  const { command, args } = runtimeCommand(
    name,
    entry.command ?? 'node',
    (entry.args ?? []).map((a) => absoluteArg(workspaceDir, a)),
    Object.keys(own),
    baseEnv,
  );
  return { transport: 'stdio', command, args, cwd: workspaceDir, env: { ...env, ...own }, own };
}
