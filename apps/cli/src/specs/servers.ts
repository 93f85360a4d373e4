import {
  infoTarget,
  installTarget,
  localName,
  registryName,
  wholeNumber,
} from '../parse/values.ts';
import { command } from './types.ts';

const DOCS = '/app/docs/commands/servers';

/**
 * `--set NAME=VALUE`, repeated: the parser joins repeated values with commas, so the list is cut
 * again before each comma that starts another `NAME=`.
 */
function setValues(raw: string | undefined): Record<string, string> {
  if (raw === undefined) return {};
  // No prototype: `--set __proto__=x` is a name like any other, refused unless declared.
  const values = Object.create(null) as Record<string, string>;
  for (const part of raw.split(/,(?=[A-Za-z_][A-Za-z0-9_.-]*=)/)) {
    const at = part.indexOf('=');
    values[part.slice(0, at)] = part.slice(at + 1);
  }
  return values;
}

const checkSet = (raw: string) =>
  raw.split(/,(?=[A-Za-z_][A-Za-z0-9_.-]*=)/).every((p) => /^[A-Za-z_][A-Za-z0-9_.-]*=/.test(p))
    ? null
    : `invalid --set "${raw}": use NAME=VALUE, such as --set GITHUB_TOKEN=... (repeat for more)`;

export const discover = command({
  kind: 'command',
  path: ['discover'],
  synopsis: 'discover [query]',
  summary: 'Search every configured registry',
  usage: 'spoke discover [query] [--limit 5] [--format simple|table|json] [--registry <name>]',
  description:
    'Searches every configured registry in parallel and merges the results. Each registry gets\n' +
    'performance.registryTimeout (default 3s) to answer; one that fails is named in a warning and\n' +
    'the others still count. A server listed by several registries is shown once, from the\n' +
    'registry with the lowest priority number.',
  args: [
    {
      name: 'query',
      description: 'Text to search for in names and descriptions',
      defaultText: 'none: list servers',
    },
  ],
  flags: [
    {
      name: 'limit',
      value: 'n',
      default: '5',
      description: 'Results to show, 1-100',
      check: wholeNumber('--limit', 1, 100),
    },
    {
      name: 'format',
      value: 'f',
      default: 'simple',
      description: 'simple, table or json; --json is the same as --format json',
      choices: ['simple', 'table', 'json'],
    },
    {
      name: 'registry',
      value: 'name',
      defaultText: 'all registries',
      description: 'Ask only this registry',
      check: registryName,
    },
  ],
  examples: ['spoke discover postgres --limit 3', 'spoke discover filesystem --format table'],
  docs: `${DOCS}#spoke-discover`,
  run: (ctx, { args, flags }) =>
    import('../commands/discover.ts').then((m) =>
      m.discover({
        ...ctx,
        query: args.query,
        limit: Number(flags.limit),
        format: ctx.out.json ? 'json' : flags.format,
        registry: flags.registry,
      }),
    ),
});

export const info = command({
  kind: 'command',
  path: ['info'],
  synopsis: 'info <server>',
  summary: "Show a server's details",
  usage: 'spoke info <server>',
  description:
    'Shows one server in full: description, local name, registry and trust level, license,\n' +
    'package, transport, repository, required arguments and environment variables, versions,\n' +
    'other registries that list it, whether the policy allows it, and whether it is installed\n' +
    'here. Given a local name, it describes the installed server from the lockfile.',
  args: [
    {
      name: 'server',
      required: true,
      description: 'A registry name, optionally with @version, or a local name',
      check: infoTarget,
    },
  ],
  flags: [],
  examples: ['spoke info io.github.modelcontextprotocol/server-github', 'spoke info filesystem'],
  docs: `${DOCS}#spoke-info`,
  run: (ctx, { args }) =>
    import('../commands/info.ts').then((m) => m.info({ ...ctx, server: args.server })),
});

export const install = command({
  kind: 'command',
  path: ['install'],
  synopsis: 'install [server]',
  summary: 'Install a server, or every server in spoke.json',
  usage:
    'spoke install [server][@version] [--yes] [--name <local-name>] [--registry <name>]\n' +
    '              [--set NAME=VALUE ...]',
  description:
    'Resolves the server by registry priority, checks the policy, collects required values,\n' +
    'shows the exact command that will run and asks for approval, installs the npm package into\n' +
    '.spoke/servers/<name>, reads its tools and records it in spoke.json and spoke.lock.json.\n' +
    'Without a server, installs everything in spoke.json as recorded in the lockfile.',
  args: [
    {
      name: 'server',
      description: 'Registry name, name@version, or a path (./, ../ or /)',
      defaultText: 'none: install everything in spoke.json',
      check: installTarget,
    },
  ],
  flags: [
    {
      name: 'yes',
      defaultText: 'off',
      description: 'Approve without asking; required when there is no terminal',
    },
    {
      name: 'name',
      value: 'local-name',
      defaultText: 'derived from the name',
      description: 'Local name to install under',
      check: localName,
    },
    {
      name: 'registry',
      value: 'name',
      defaultText: 'by priority',
      description: 'Resolve only from this registry',
      check: registryName,
    },
    {
      name: 'set',
      value: 'NAME=VALUE',
      repeatable: true,
      defaultText: 'none: ask',
      description: "Give one of the server's values without being asked; repeat for more",
      check: checkSet,
    },
  ],
  examples: [
    'spoke install io.github.modelcontextprotocol/server-filesystem --yes',
    'spoke install io.github.modelcontextprotocol/server-github --set GITHUB_PERSONAL_ACCESS_TOKEN="$TOKEN" --yes',
    'spoke install io.github.modelcontextprotocol/server-filesystem@2025.8.21 --name fs-old',
    'spoke install ../weather',
    'spoke install',
  ],
  docs: `${DOCS}#spoke-install`,
  run: (ctx, { args, flags }) =>
    import('../commands/install.ts').then((m) =>
      m.install({
        ...ctx,
        server: args.server,
        yes: flags.yes,
        name: flags.name,
        registry: flags.registry,
        set: setValues(flags.set),
      }),
    ),
});

export const remove = command({
  kind: 'command',
  path: ['remove'],
  synopsis: 'remove <server>',
  summary: 'Remove an installed server',
  usage: 'spoke remove <server>',
  description:
    'Removes the server from spoke.json and spoke.lock.json, deletes .spoke/servers/<name>, and\n' +
    "deletes the server's stored secrets.",
  args: [{ name: 'server', required: true, description: 'Local name', check: localName }],
  flags: [],
  examples: ['spoke remove github'],
  docs: `${DOCS}#spoke-remove`,
  run: (ctx, { args }) =>
    import('../commands/remove.ts').then((m) => m.remove({ ...ctx, server: args.server })),
});

export const list = command({
  kind: 'command',
  path: ['list'],
  synopsis: 'list',
  summary: 'List installed servers',
  usage: 'spoke list',
  description:
    "Lists the workspace's servers from spoke.json and the lockfile, without starting them.",
  args: [],
  flags: [],
  examples: ['spoke list', 'spoke list --json --cwd /home/ada/demo'],
  docs: `${DOCS}#spoke-list`,
  run: (ctx) => import('../commands/list.ts').then((m) => m.list(ctx)),
});

export const update = command({
  kind: 'command',
  path: ['update'],
  synopsis: 'update [server]',
  summary: 'Update servers; accept changed tool definitions',
  usage: 'spoke update [server] [--yes]',
  description:
    'Updates one server, or all of them, and is the only way to accept changed tool definitions.\n' +
    'A server installed as latest moves to the newest version in the registry it came from; a\n' +
    'pinned server keeps its version. Values you set are kept while the new version declares\n' +
    'them; dropped ones are removed; new ones are asked for (with --yes, taken from the\n' +
    'environment or reported as missing).',
  args: [
    { name: 'server', description: 'Local name', defaultText: 'all servers', check: localName },
  ],
  flags: [{ name: 'yes', defaultText: 'off', description: 'Approve every change without asking' }],
  examples: ['spoke update', 'spoke update filesystem --yes'],
  docs: `${DOCS}#spoke-update`,
  run: (ctx, { args, flags }) =>
    import('../commands/update.ts').then((m) =>
      m.update({ ...ctx, server: args.server, yes: flags.yes }),
    ),
});
