import { nonEmpty, registryName, SIGNING_ALGORITHMS } from '../parse/values.ts';
import { arg, command, flag } from './types.ts';

const DOCS = '/app/docs/commands/account';
const registry = flag({
  name: 'registry',
  value: 'name',
  default: 'spoke',
  description: 'The registry the token is for',
  check: registryName,
});

const server = arg({
  name: 'server',
  description: 'A remote server of the workspace that needs sign-in (OAuth)',
  defaultText: 'none: a registry token',
});

export const login = command({
  kind: 'command',
  path: ['login'],
  synopsis: 'login',
  summary: 'Store an API token for a registry, or sign in to a remote server',
  usage:
    'spoke login [--token <token>] [--registry <name>]\n' +
    '       spoke login <server> [--client-id <id>] [--client-secret <secret>]\n' +
    '       spoke login <server> --client-id <id> --client-credentials [--algorithm <alg>]',
  description:
    'Stores an API token in the secret store for a registry, and sends it as a bearer token on\n' +
    'every request to that registry. It never writes the token to a file.\n' +
    'With a server, signs in to that remote server in the browser (OAuth) and keeps its tokens\n' +
    'in the secret store; a server with client credentials in spoke.json (oauth) gets a new\n' +
    'token with them, without a browser.',
  args: [server],
  flags: [
    {
      name: 'token',
      value: 'token',
      defaultText: 'none: prompt',
      description: 'The token; without it, spoke prompts with hidden input',
      check: nonEmpty('--token'),
    },
    registry,
    {
      name: 'client-id',
      value: 'id',
      defaultText: 'none: register a client',
      description: "With a server: the OAuth client id registered with the server's sign-in",
      check: nonEmpty('--client-id'),
    },
    {
      name: 'client-secret',
      value: 'secret',
      defaultText: 'none',
      description: 'With --client-id: the client secret, when the client has one',
      check: nonEmpty('--client-secret'),
    },
    {
      name: 'client-credentials',
      defaultText: 'off',
      description:
        'With --client-id: the server signs in machines with their own credentials; the secret\n' +
        '(or, with --algorithm, the private key) is read from the terminal or standard input',
    },
    {
      name: 'algorithm',
      value: 'alg',
      defaultText: 'none: a client secret',
      description: 'With --client-credentials: the key signs a JWT (private_key_jwt) with it',
      choices: SIGNING_ALGORITHMS,
    },
  ],
  examples: [
    'spoke login',
    'spoke login --token "$SPOKE_TOKEN"',
    'spoke login --registry acme',
    'spoke login linear',
    'spoke login acme --client-id ci-runner --client-credentials',
  ],
  docs: `${DOCS}#spoke-login`,
  validate: ({ args, flags }) => {
    if (args.server && flags.token !== undefined) return '--token is for a registry, not a server';
    if (!args.server && flags['client-id'] !== undefined) return '--client-id needs a server';
    if (flags['client-secret'] !== undefined && flags['client-id'] === undefined) {
      return '--client-secret needs --client-id';
    }
    if (flags['client-credentials'] && flags['client-id'] === undefined) {
      return '--client-credentials needs --client-id';
    }
    if (flags['client-credentials'] && flags['client-secret'] !== undefined) {
      return '--client-credentials reads the secret from the terminal or standard input, not --client-secret';
    }
    if (flags.algorithm !== undefined && !flags['client-credentials']) {
      return '--algorithm needs --client-credentials';
    }
    return null;
  },
  run: (ctx, { args, flags }) => {
    const { server } = args;
    return server
      ? import('../commands/server-login.ts').then((m) =>
          m.serverLogin({
            ...ctx,
            server,
            clientId: flags['client-id'],
            clientSecret: flags['client-secret'],
            clientCredentials: flags['client-credentials'],
            algorithm: flags.algorithm,
          }),
        )
      : import('../commands/login.ts').then((m) =>
          m.login({ ...ctx, token: flags.token, registry: flags.registry }),
        );
  },
});

export const logout = command({
  kind: 'command',
  path: ['logout'],
  synopsis: 'logout',
  summary: "Delete a stored API token, or a remote server's sign-in",
  usage: 'spoke logout [--registry <name>]\n       spoke logout <server>',
  description:
    'Deletes the stored token for the registry on this machine; with a server, the tokens of\n' +
    'its sign-in.',
  args: [server],
  flags: [registry],
  examples: ['spoke logout', 'spoke logout --registry acme', 'spoke logout linear'],
  docs: `${DOCS}#spoke-logout`,
  run: (ctx, { args, flags }) => {
    const { server } = args;
    return server
      ? import('../commands/server-login.ts').then((m) => m.serverLogout({ ...ctx, server }))
      : import('../commands/logout.ts').then((m) => m.logout({ ...ctx, registry: flags.registry }));
  },
});
