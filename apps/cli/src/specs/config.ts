import { arg, command, type GroupSpec } from './types.ts';

const DOCS = '/app/docs/commands/config-and-secrets';
const TYPES = ['secret', 'string', 'path', 'url', 'boolean'] as const;

async function knownKey(value: string) {
  const { classifyKey } = await import('../config/keys.ts');
  const result = classifyKey(value);
  return 'problem' in result ? result.problem : null;
}

const key = arg({
  name: 'key',
  required: true,
  description: 'A dot-separated key such as performance.registryTimeout',
  check: knownKey,
});

const get = command({
  kind: 'command',
  path: ['config', 'get'],
  synopsis: 'get <key>',
  summary: "Print a key's value",
  usage: 'spoke config get <key>',
  description:
    'Prints the value alone, so it can be used in scripts. A key that is not set prints its\n' +
    'default; a secret prints ******** and where it is stored.',
  args: [key],
  flags: [],
  examples: [
    'spoke config get performance.registryTimeout',
    'spoke config get servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN',
  ],
  docs: `${DOCS}#spoke-config-get`,
  run: (ctx, { args }) =>
    import('../commands/config-get.ts').then((m) => m.configGet({ ...ctx, key: args.key })),
});

const set = command({
  kind: 'command',
  path: ['config', 'set'],
  synopsis: 'set <key> [value]',
  summary: 'Validate and store a value',
  usage: 'spoke config set <key> [value] [--type secret|string|path|url|boolean]',
  description:
    "Validates the value for the key's type and stores it. Without a value, spoke reads it from\n" +
    'the terminal (without echo for secrets) or from the first line of standard input.',
  args: [
    key,
    { name: 'value', description: 'The value', defaultText: 'read from the terminal or stdin' },
  ],
  flags: [
    {
      name: 'type',
      value: 'type',
      defaultText: "the key's own type, else string",
      description:
        'secret, string, path, url or boolean, for variables the server does not declare',
      choices: TYPES,
    },
  ],
  examples: [
    'spoke config set development.verbose true',
    'spoke config set performance.registryTimeout 5s',
    'spoke config set servers.notes.env.NOTES_DIR ./docs/notes --type path',
    'spoke config set servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN --type secret',
  ],
  docs: `${DOCS}#spoke-config-set`,
  run: (ctx, { args, flags }) =>
    import('../commands/config-set.ts').then((m) =>
      m.configSet({
        ...ctx,
        key: args.key,
        value: args.value,
        type: flags.type,
      }),
    ),
});

const unset = command({
  kind: 'command',
  path: ['config', 'unset'],
  synopsis: 'unset <key>',
  summary: 'Remove a value',
  usage: 'spoke config unset <key>',
  description:
    'Removes the value: keys with a default go back to it, server variables are removed from\n' +
    'spoke.json, and secrets are deleted from the secret store.',
  args: [key],
  flags: [],
  examples: [
    'spoke config unset serve.token',
    'spoke config unset servers.notes.env.NOTES_API_KEY',
  ],
  docs: `${DOCS}#spoke-config-unset`,
  run: (ctx, { args }) =>
    import('../commands/config-unset.ts').then((m) => m.configUnset({ ...ctx, key: args.key })),
});

const list = command({
  kind: 'command',
  path: ['config', 'list'],
  synopsis: 'list',
  summary: 'List every key with its type, value and source',
  usage: 'spoke config list',
  description:
    'Lists every key that has a value or a default, with its type, value and where it is stored.\n' +
    'Inside a workspace it shows workspace and global keys; outside, global keys only.',
  args: [],
  flags: [],
  examples: ['spoke config list', 'spoke config list --json'],
  docs: `${DOCS}#spoke-config-list`,
  run: (ctx) => import('../commands/config-list.ts').then((m) => m.configList(ctx)),
});

export const config: GroupSpec = {
  kind: 'group',
  name: 'config',
  synopsis: 'config <subcommand>',
  summary: 'get, set, unset, list',
  description:
    'Reads and writes typed keys in spoke.json (workspace keys) or the global config.json.\n' +
    'Secret values live in neither file.',
  docs: DOCS,
  subcommands: [get, set, unset, list],
};
