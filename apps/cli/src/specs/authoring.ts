import { createName, registryName } from '../parse/values.ts';
import { command } from './types.ts';

const DOCS = '/app/docs/commands/authoring';

async function spdxLicense(value: string) {
  if (value === 'UNLICENSED') return null;
  const { canonicalLicense, unknownLicenseMessage } = await import('../policy/spdx.ts');
  return canonicalLicense(value) ? null : unknownLicenseMessage(value);
}

export const create = command({
  kind: 'command',
  path: ['create'],
  synopsis: 'create <name>',
  summary: 'Scaffold a new MCP server project',
  usage: 'spoke create <name> [--template basic|tool|resource] [--license MIT]',
  description:
    'Creates a new directory <name> containing a TypeScript MCP server built on the official MCP\n' +
    'SDK, with its own tests and a server.json ready to publish. It does not run npm install.',
  args: [
    {
      name: 'name',
      required: true,
      description:
        'Directory, npm package name and last segment of the registry name: lower-case letters, digits and -, at most 64 characters',
      check: createName,
    },
  ],
  flags: [
    {
      name: 'template',
      value: 't',
      default: 'basic',
      description: 'basic (one hello tool), tool (two tools) or resource (Markdown notes)',
      choices: ['basic', 'tool', 'resource'],
    },
    {
      name: 'license',
      value: 'id',
      default: 'MIT',
      description: 'An SPDX license identifier; UNLICENSED writes no LICENSE file',
      check: spdxLicense,
    },
  ],
  examples: ['spoke create weather --template tool', 'spoke create notes --template resource'],
  docs: `${DOCS}#spoke-create`,
  run: (ctx, { args, flags }) =>
    import('../commands/create.ts').then((m) =>
      m.create({
        ...ctx,
        name: args.name,
        template: flags.template,
        license: flags.license,
      }),
    ),
});

export const dev = command({
  kind: 'command',
  path: ['dev'],
  synopsis: 'dev',
  summary: "Run the project's server with auto reload",
  usage: 'spoke dev',
  description:
    "Runs the project's own server (the spoke.json server whose source is .) and, when\n" +
    'development.autoReload is true, restarts it whenever a file in the project changes.',
  args: [],
  flags: [],
  examples: ['spoke dev'],
  docs: `${DOCS}#spoke-dev`,
  run: (ctx) => import('../commands/dev.ts').then((m) => m.dev(ctx)),
});

export const publish = command({
  kind: 'command',
  path: ['publish'],
  synopsis: 'publish',
  summary: 'Publish server.json to a registry',
  usage: 'spoke publish [--registry <name>] [--dry-run]',
  description:
    "Publishes the project's server.json (in the current directory, or --cwd) to a registry,\n" +
    'after validating it offline against the official server.json schema.',
  args: [],
  flags: [
    {
      name: 'registry',
      value: 'name',
      default: 'spoke',
      description: 'Where to publish: spoke, local, or another registry with the publish API',
      check: registryName,
    },
    { name: 'dry-run', defaultText: 'off', description: 'Validate only; send nothing' },
  ],
  examples: ['spoke publish --dry-run', 'spoke publish', 'spoke publish --registry acme'],
  docs: `${DOCS}#spoke-publish`,
  run: (ctx, { flags }) =>
    import('../commands/publish.ts').then((m) =>
      m.publish({ ...ctx, registry: flags.registry, dryRun: flags['dry-run'] }),
    ),
});
