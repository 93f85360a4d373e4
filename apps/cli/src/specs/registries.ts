import { registryName, scope, wholeNumber } from '../parse/values.ts';
import { command, type GroupSpec } from './types.ts';

const DOCS = '/app/docs/commands/registries';
const priority = wholeNumber('priority', 0, 1000);

const list = command({
  kind: 'command',
  path: ['registry', 'list'],
  synopsis: 'list',
  summary: 'List the registries by priority',
  usage: 'spoke registry list',
  description:
    'Lists the registries by priority, lowest number (highest precedence) first, marking those\n' +
    'the policy blocks and those you have logged in to.',
  args: [],
  flags: [],
  examples: ['spoke registry list', 'spoke registry list --json'],
  docs: `${DOCS}#spoke-registry-list`,
  run: (ctx) => import('../commands/registry-list.ts').then((m) => m.registryList(ctx)),
});

const add = command({
  kind: 'command',
  path: ['registry', 'add'],
  synopsis: 'add <name> <url>',
  summary: 'Add a registry',
  usage:
    'spoke registry add <name> <url> [--type official|community|enterprise|local] [--priority <n>] [--trust trusted|verified|unverified] [--scope <namespace>]',
  description:
    'Adds a registry to the global config. It does not contact the registry; run spoke health\n' +
    'afterwards to check that it answers.',
  args: [
    {
      name: 'name',
      required: true,
      description: 'Unique name: lower-case letters, digits and -, at most 32 characters',
      check: registryName,
    },
    {
      name: 'url',
      required: true,
      description: 'Base URL (http:// or https://), or for a local registry a path to a JSON file',
    },
  ],
  flags: [
    {
      name: 'type',
      value: 'type',
      defaultText: 'local for a path, otherwise community',
      description: 'official, community, enterprise or local',
      choices: ['official', 'community', 'enterprise', 'local'],
    },
    {
      name: 'priority',
      value: 'n',
      defaultText: '10 more than the largest priority in use',
      description: 'Whole number from 0 to 1000, not used by another registry; lower wins',
      check: wholeNumber('--priority', 0, 1000),
    },
    {
      name: 'trust',
      value: 'level',
      default: 'unverified',
      description: 'trusted, verified or unverified',
      choices: ['trusted', 'verified', 'unverified'],
    },
    {
      name: 'scope',
      value: 'namespace',
      default: '*',
      description:
        '* for all names, or a namespace such as com.acme that only this registry serves',
      check: scope,
    },
  ],
  examples: [
    'spoke registry add acme https://mcp.acme.example/registry --type enterprise --priority 5 --trust trusted --scope com.acme',
    'spoke registry add team /srv/shared/mcp/registry.json --trust verified',
  ],
  docs: `${DOCS}#spoke-registry-add`,
  run: (ctx, { args, flags }) =>
    import('../commands/registry-add.ts').then((m) =>
      m.registryAdd({
        ...ctx,
        name: args.name,
        url: args.url,
        type: flags.type,
        priority: flags.priority === undefined ? undefined : Number(flags.priority),
        trust: flags.trust,
        scope: flags.scope,
      }),
    ),
});

const remove = command({
  kind: 'command',
  path: ['registry', 'remove'],
  synopsis: 'remove <name>',
  summary: 'Remove a registry',
  usage: 'spoke registry remove <name>',
  description:
    'Removes a registry from the global config. Installed servers that came from it keep working.',
  args: [{ name: 'name', required: true, description: 'Registry name', check: registryName }],
  flags: [],
  examples: ['spoke registry remove team'],
  docs: `${DOCS}#spoke-registry-remove`,
  run: (ctx, { args }) =>
    import('../commands/registry-remove.ts').then((m) =>
      m.registryRemove({ ...ctx, name: args.name }),
    ),
});

const setPriority = command({
  kind: 'command',
  path: ['registry', 'set-priority'],
  synopsis: 'set-priority <name> <priority>',
  summary: "Change a registry's priority",
  usage: 'spoke registry set-priority <name> <priority>',
  description:
    "Changes a registry's priority: a whole number from 0 to 1000 that no other registry uses.\n" +
    'Lower wins.',
  args: [
    { name: 'name', required: true, description: 'Registry name', check: registryName },
    {
      name: 'priority',
      required: true,
      description: 'Whole number from 0 to 1000',
      check: priority,
    },
  ],
  flags: [],
  examples: ['spoke registry set-priority spoke 8', 'spoke registry set-priority official 15'],
  docs: `${DOCS}#spoke-registry-set-priority`,
  run: (ctx, { args }) =>
    import('../commands/registry-set-priority.ts').then((m) =>
      m.registrySetPriority({ ...ctx, name: args.name, priority: Number(args.priority) }),
    ),
});

export const registry: GroupSpec = {
  kind: 'group',
  name: 'registry',
  synopsis: 'registry <subcommand>',
  summary: 'list, add, remove, set-priority',
  description: 'Lists and changes the registries spoke searches, stored in the global config.',
  docs: DOCS,
  subcommands: [list, add, remove, setPriority],
};
