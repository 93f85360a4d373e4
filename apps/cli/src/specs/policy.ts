import { command, type GroupSpec } from './types.ts';
import { orList } from '../util/suggest.ts';

const DOCS = '/app/docs/commands/policy';
export const POLICY_RULES = [
  'allowed-licenses',
  'min-trust',
  'allowed-registries',
  'sandbox-below',
] as const;
export type PolicyRule = (typeof POLICY_RULES)[number];

const show = command({
  kind: 'command',
  path: ['policy', 'show'],
  synopsis: 'show',
  summary: 'Show the effective policy',
  usage: 'spoke policy show',
  description:
    'Shows the four rules, and with a managed policy present, the effective rules and where each\n' +
    'restriction comes from.',
  args: [],
  flags: [],
  examples: ['spoke policy show', 'spoke policy show --json'],
  docs: `${DOCS}#spoke-policy-show`,
  run: (ctx) => import('../commands/policy-show.ts').then((m) => m.policyShow(ctx)),
});

const set = command({
  kind: 'command',
  path: ['policy', 'set'],
  synopsis: 'set <rule> <value>',
  summary: 'Set a rule; any removes a restriction',
  usage: 'spoke policy set <rule> <value>',
  description:
    'Sets one rule in the security section of the global config. In a workspace, it then says\n' +
    'which installed servers the new policy refuses.',
  args: [
    {
      name: 'rule',
      required: true,
      description: 'allowed-licenses, min-trust, allowed-registries or sandbox-below',
      choices: POLICY_RULES,
      check: (value) =>
        (POLICY_RULES as readonly string[]).includes(value)
          ? null
          : `unknown policy rule "${value}" (expected ${orList(POLICY_RULES)})`,
    },
    {
      name: 'value',
      required: true,
      description:
        'Comma-separated SPDX identifiers or registry names, a trust level (all too for sandbox-below), or any for no restriction',
    },
  ],
  flags: [],
  validate: async ({ args }) => {
    const { checkRuleValue } = await import('../policy/rule-values.ts');
    return checkRuleValue(args.rule, args.value);
  },
  examples: [
    'spoke policy set allowed-licenses MIT,Apache-2.0,BSD-3-Clause',
    'spoke policy set min-trust verified',
    'spoke policy set allowed-registries official,spoke',
    'spoke policy set sandbox-below all',
    'spoke policy set allowed-licenses any',
  ],
  docs: `${DOCS}#spoke-policy-set`,
  run: (ctx, { args }) =>
    import('../commands/policy-set.ts').then((m) =>
      m.policySet({ ...ctx, rule: args.rule, value: args.value }),
    ),
});

export const policy: GroupSpec = {
  kind: 'group',
  name: 'policy',
  synopsis: 'policy <subcommand>',
  summary: 'show, set',
  description:
    'Shows and sets the rules that decide which servers may be installed and run: allowed\n' +
    'licenses, minimum trust level, allowed registries, and which servers run in the sandbox.',
  docs: DOCS,
  subcommands: [show, set],
};
