import { nonEmpty, registryName } from '../parse/values.ts';
import type { CommandSpec } from './types.ts';

const DOCS = '/app/docs/commands/account';
const registry = {
  name: 'registry',
  value: 'name',
  default: 'spoke',
  description: 'The registry the token is for',
  check: registryName,
};

export const login: CommandSpec = {
  kind: 'command',
  path: ['login'],
  synopsis: 'login',
  summary: 'Store an API token for a registry',
  usage: 'spoke login [--token <token>] [--registry <name>]',
  description:
    'Stores an API token in the secret store for a registry, and sends it as a bearer token on\n' +
    'every request to that registry. It never writes the token to a file.',
  args: [],
  flags: [
    {
      name: 'token',
      value: 'token',
      defaultText: 'none: prompt',
      description: 'The token; without it, spoke prompts with hidden input',
      check: nonEmpty('--token'),
    },
    registry,
  ],
  examples: ['spoke login', 'spoke login --token "$SPOKE_TOKEN"', 'spoke login --registry acme'],
  docs: `${DOCS}#spoke-login`,
  run: (ctx, { flags }) =>
    import('../commands/login.ts').then((m) =>
      m.login({
        ...ctx,
        token: flags.token as string | undefined,
        registry: flags.registry as string,
      }),
    ),
};

export const logout: CommandSpec = {
  kind: 'command',
  path: ['logout'],
  synopsis: 'logout',
  summary: 'Delete a stored API token',
  usage: 'spoke logout [--registry <name>]',
  description: 'Deletes the stored token for the registry on this machine.',
  args: [],
  flags: [registry],
  examples: ['spoke logout', 'spoke logout --registry acme'],
  docs: `${DOCS}#spoke-logout`,
  run: (ctx, { flags }) =>
    import('../commands/logout.ts').then((m) =>
      m.logout({ ...ctx, registry: flags.registry as string }),
    ),
};
