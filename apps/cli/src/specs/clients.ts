import { CLIENTS } from '../export/client-names.ts';
import { command } from './types.ts';

export const exportClient = command({
  kind: 'command',
  path: ['export'],
  synopsis: 'export',
  summary: "Write an MCP client's configuration",
  usage: 'spoke export --client <client> [--dry-run]',
  description:
    "Writes one entry per server of the workspace into the client's own configuration file. Every\n" +
    'entry launches spoke run <server>, so no secret is written there. Existing entries that\n' +
    'spoke does not manage are left alone.',
  args: [],
  flags: [
    {
      name: 'client',
      value: 'client',
      defaultText: 'required',
      required: true,
      description: `The client whose configuration to write: ${CLIENTS.join(', ')}`,
      choices: CLIENTS,
    },
    {
      name: 'dry-run',
      defaultText: 'off',
      description: 'Print the resulting file and the list of changes; write nothing',
    },
  ],
  examples: ['spoke export --client cursor --dry-run', 'spoke export --client claude-code'],
  docs: '/app/docs/commands/clients#spoke-export',
  run: (ctx, { flags }) =>
    import('../commands/export.ts').then((m) =>
      m.exportClient({
        ...ctx,
        client: flags.client,
        dryRun: flags['dry-run'],
      }),
    ),
});
