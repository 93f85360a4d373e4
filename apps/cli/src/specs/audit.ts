import { AUDIT_ACTIONS } from '../audit/actions.ts';
import { wholeNumber } from '../parse/values.ts';
import { command } from './types.ts';

const actionsOf = (value: string) => value.split(',').filter(Boolean);

export const audit = command({
  kind: 'command',
  path: ['audit'],
  synopsis: 'audit',
  summary: 'Show the audit log, newest last',
  usage: 'spoke audit [--since <duration|date>] [--action <action>] [--server <name>] [--limit 50]',
  description:
    'Shows the entries of the local audit log (audit.log.1, then audit.log), oldest first and the\n' +
    'newest last, as a table. With --json, prints the matching lines as they are in the file.',
  args: [],
  flags: [
    {
      name: 'since',
      value: 'duration|date',
      defaultText: 'the whole log',
      description: 'Entries this recent (30m, 12h, 7d, 2w) or from this date (2026-11-21, UTC)',
      check: async (value) => {
        const { sinceTime } = await import('../audit/query.ts');
        return sinceTime(value) === null
          ? `--since must be a duration (30m, 12h, 7d, 2w) or a date (2026-11-21), got "${value}"`
          : null;
      },
    },
    {
      name: 'action',
      value: 'action',
      repeatable: true,
      defaultText: 'every action',
      description: 'Entries of this action; repeat it, or separate actions with commas',
      check: (value) => {
        const unknown = actionsOf(value).find(
          (a) => !(AUDIT_ACTIONS as readonly string[]).includes(a),
        );
        return unknown === undefined && actionsOf(value).length
          ? null
          : {
              message: `unknown audit action "${unknown ?? value}"`,
              hint: `the actions are ${AUDIT_ACTIONS.join(', ')}`,
            };
      },
    },
    {
      name: 'server',
      value: 'name',
      defaultText: 'every server',
      description: 'Entries about this server (local or registry name)',
    },
    {
      name: 'limit',
      value: 'n',
      default: '50',
      description: 'Entries to show, the newest ones, 1-10000',
      check: wholeNumber('--limit', 1, 10_000),
    },
  ],
  examples: [
    'spoke audit',
    'spoke audit --since 7d --action install --action update',
    'spoke audit --server filesystem --action call --limit 20',
    'spoke audit --json --since 2026-11-01',
  ],
  docs: '/app/docs/commands/policy#spoke-audit',
  run: async (ctx, { flags }) => {
    const [{ auditCommand }, { sinceTime }] = await Promise.all([
      import('../commands/audit.ts'),
      import('../audit/query.ts'),
    ]);
    auditCommand({
      ...ctx,
      since: typeof flags.since === 'string' ? sinceTime(flags.since) : null,
      actions: typeof flags.action === 'string' ? actionsOf(flags.action) : [],
      server: typeof flags.server === 'string' ? flags.server : null,
      limit: Number(flags.limit),
    });
  },
});
