import { workspaceName } from '../parse/values.ts';
import { command } from './types.ts';

const DOCS = '/app/docs/commands/workspaces';

export const init = command({
  kind: 'command',
  path: ['init'],
  synopsis: 'init [name]',
  summary: 'Create spoke.json in the current directory',
  usage: 'spoke init [name] [--template basic] [--force]',
  description:
    'Creates spoke.json in the current directory (or in --cwd), and a .spoke/ directory containing\n' +
    'a .gitignore that ignores everything in it. It does not create a new directory, and it does\n' +
    'not contact any registry.',
  args: [
    {
      name: 'name',
      description: 'Workspace name: 1-64 letters, digits, -, _ or .',
      defaultText: "the directory's name",
      check: workspaceName,
    },
  ],
  flags: [
    {
      name: 'template',
      value: 'template',
      default: 'basic',
      description: 'Workspace template; basic is the only one',
      check: (value) =>
        value === 'basic'
          ? null
          : {
              message: `unknown workspace template "${value}"; the only workspace template is basic`,
              hint: 'server templates (basic, tool, resource) are used by spoke create',
            },
    },
    {
      name: 'force',
      description: 'Replace an existing spoke.json and spoke.lock.json with fresh ones',
      defaultText: 'off',
    },
  ],
  examples: ['spoke init', 'spoke init support-bot --template basic'],
  docs: `${DOCS}#spoke-init`,
  run: (ctx, { args, flags }) =>
    import('../commands/init.ts').then((m) =>
      m.init({ ...ctx, name: args.name, force: flags.force }),
    ),
});

export const status = command({
  kind: 'command',
  path: ['status'],
  synopsis: 'status',
  summary: 'Show the workspace, its servers, policy and login',
  usage: 'spoke status',
  description:
    'Shows the workspace, where configuration and secrets live, the active policy, login state and\n' +
    "each server's state. It reads files only: it starts no server and contacts no registry.",
  args: [],
  flags: [],
  examples: ['spoke status', 'spoke status --json'],
  docs: `${DOCS}#spoke-status`,
  run: (ctx) => import('../commands/status.ts').then((m) => m.status(ctx)),
});
