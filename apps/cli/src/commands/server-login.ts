import { audit } from '../audit/log.ts';
import { saveWorkspace } from '../config/workspace.ts';
import type { OAuthEntry } from '../config/workspace-schema.ts';
import type { CommandContext } from '../context.ts';
import { usageError } from '../errors.ts';
import { connect } from '../mcp/connect.ts';
import { launchFor } from '../mcp/launch.ts';
import { readSignIn, type StoredSignIn } from '../mcp/oauth.ts';
import {
  loadRunContext,
  serverTarget,
  type RunContext,
  type ServerTarget,
} from '../mcp/server-target.ts';
import { needsSecretStore } from '../secrets/server-secrets.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';
import { readValue } from '../util/read-value.ts';

function remoteTarget(options: CommandContext & { server: string }) {
  const run = loadRunContext(options.cwd, options.env);
  const target: ServerTarget = serverTarget(run, options.server);
  if (target.entry.transport === 'stdio' || !target.entry.url) {
    throw usageError(
      `${target.name} runs on this machine; only remote servers have a sign-in`,
      'set its secrets with: spoke config set servers.<name>.env.<NAME> --type secret',
    );
  }
  return { run, target, url: target.entry.url };
}

/**
 * `spoke login <server>`: signs in to a remote server in the browser (again, if it was), with
 * a client registered on the way or the one given with --client-id.
 */
export async function serverLogin(
  options: CommandContext & {
    server: string;
    clientId: string | undefined;
    clientSecret: string | undefined;
    clientCredentials?: boolean;
    algorithm?: string | undefined;
  },
): Promise<void> {
  const { env, out } = options;
  if (options.clientCredentials) {
    await setClientCredentials({ ...options, clientId: options.clientId! });
    const again = remoteTarget(options);
    return clientCredentialsLogin(
      { ...options, clientId: undefined },
      again.run,
      again.target,
      again.url,
    );
  }
  const { run, target, url } = remoteTarget(options);
  if (target.entry.oauth) return clientCredentialsLogin(options, run, target, url);
  const store = openSecretStore(env);
  const stored = readSignIn(store, url);
  const next: StoredSignIn = options.clientId
    ? {
        client: {
          client_id: options.clientId,
          ...(options.clientSecret ? { client_secret: options.clientSecret } : {}),
        },
        preRegistered: true,
      }
    : stored.preRegistered
      ? { client: stored.client, preRegistered: true }
      : { client: stored.client };
  // Scopes the server asked for beyond the last sign-in are asked for in this one.
  if (stored.scope) next.scope = stored.scope;
  if (next.client || next.scope) store.set(accounts.oauth(url), JSON.stringify(next));
  else store.delete(accounts.oauth(url));
  const entry = target.entry;
  const launch = launchFor(
    run.ref.dir,
    target.name,
    entry,
    needsSecretStore(entry) ? store : null,
    env,
  );
  const conn = await connect(target.name, launch, {
    timeoutMs: run.timeouts.startMs,
    signIn: 'browser',
    env,
  });
  await conn.close().catch(() => undefined);
  if (!readSignIn(store, url).tokens) {
    out.result(`${target.name} (${url}) did not ask to sign in; there is nothing to store`);
    return;
  }
  out.result(`Signed in to ${target.name} (${url}); the tokens are in the ${store.description}`);
}

/**
 * `spoke login <server> --client-id <id> --client-credentials [--algorithm <alg>]`: the secret (or
 * private key) read from the terminal or standard input into the secret store, as the server's
 * secret value OAUTH_CLIENT_SECRET (OAUTH_PRIVATE_KEY), and the server's `oauth` entry in
 * spoke.json naming it. Scope and issuer set before are kept.
 */
async function setClientCredentials(
  options: CommandContext & { server: string; clientId: string; algorithm?: string | undefined },
): Promise<void> {
  const { target, run } = remoteTarget(options);
  const name = options.algorithm ? 'OAUTH_PRIVATE_KEY' : 'OAUTH_CLIENT_SECRET';
  const key = `servers.${target.name}.env.${name}`;
  const value = (await readValue(key, 'secret')).trim();
  if (!value) throw usageError(`${key} is a secret: it must not be empty`);
  if (!options.algorithm && /^-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(value)) {
    throw usageError(
      'this is a private key, not a client secret: give the algorithm it signs with',
      `add --algorithm, such as --algorithm ES256 for an EC P-256 key or RS256 for an RSA key`,
    );
  }
  const store = openSecretStore(options.env);
  const account = accounts.serverValue(run.ref.dir, target.name, 'env', name);
  store.set(account, options.algorithm ? `${value}\n` : value);
  const { clientSecret: _s, privateKey: _k, algorithm: _a, ...kept } = target.entry.oauth ?? {};
  const oauth: OAuthEntry = options.algorithm
    ? {
        ...kept,
        clientId: options.clientId,
        privateKey: `{${name}}`,
        algorithm: options.algorithm as OAuthEntry['algorithm'],
      }
    : { ...kept, clientId: options.clientId, clientSecret: `{${name}}` };
  const secrets = target.entry.secrets ?? [];
  const entry = {
    ...target.entry,
    secrets: secrets.includes(name) ? secrets : [...secrets, name],
    oauth,
  };
  try {
    saveWorkspace(run.ref, {
      ...run.workspace,
      servers: { ...run.workspace.servers, [target.name]: entry },
    });
  } catch (err) {
    // spoke.json could not name it: the stored value would be unreachable.
    store.delete(account);
    throw err;
  }
  audit({ action: 'config.set', key, type: 'secret', result: 'ok' });
  options.out.info(
    `Stored ${key} in ${store.description}; spoke.json names it in servers.${target.name}.oauth`,
  );
}

/**
 * `spoke login <server>` for a server that signs in with the client credentials of spoke.json:
 * a new token from the token endpoint, no browser.
 */
async function clientCredentialsLogin(
  options: CommandContext & { clientId: string | undefined },
  run: RunContext,
  target: ServerTarget,
  url: string,
): Promise<void> {
  const { env, out } = options;
  const oauth = target.entry.oauth!;
  if (options.clientId) {
    throw usageError(
      `${target.name} signs in with the client credentials in spoke.json (client ${oauth.clientId}); --client-id is for a browser sign-in`,
      `to change it: spoke login ${target.name} --client-id <id> --client-credentials`,
    );
  }
  const store = openSecretStore(env);
  // The token kept is dropped: the sign-in gets a new one with the credentials as they are now.
  const { machine, ...rest } = readSignIn(store, url);
  const kept: StoredSignIn = machine?.issuer
    ? { ...rest, machine: { clientId: machine.clientId, issuer: machine.issuer } }
    : rest;
  if (Object.keys(kept).length) store.set(accounts.oauth(url), JSON.stringify(kept));
  else store.delete(accounts.oauth(url));
  const launch = launchFor(run.ref.dir, target.name, target.entry, store, env);
  const conn = await connect(target.name, launch, {
    timeoutMs: run.timeouts.startMs,
    signIn: 'browser',
    env,
  });
  await conn.close().catch(() => undefined);
  if (!readSignIn(store, url).machine?.tokens) {
    out.result(`${target.name} (${url}) did not ask to sign in; there is nothing to store`);
    return;
  }
  out.result(
    `Signed in to ${target.name} (${url}) as client ${oauth.clientId}; the token is in the ${store.description}`,
  );
}

/** `spoke logout <server>`: forgets a remote server's tokens and client on this machine. */
export function serverLogout(options: CommandContext & { server: string }): void {
  const { url, target } = remoteTarget(options);
  const store = openSecretStore(options.env);
  const deleted = store.delete(accounts.oauth(url));
  options.out.result(
    deleted
      ? `Signed out of ${target.name}: its tokens are deleted from the ${store.description}`
      : `Not signed in to ${target.name}; nothing to delete`,
  );
}
