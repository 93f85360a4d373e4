import type { Agent, AgentListItem, IntegrationInfo, Run } from '@spoke/shared';

export const AGENT_ID = '3d9b6e21-4f7a-4c0e-8b52-a1e6f9c3d704';

export function sampleAgent(overrides: Partial<Agent> = {}): Agent {
  return {
    id: AGENT_ID,
    status: 'active',
    paused_until: null,
    compiled_by: 'embedded',
    spec: {
      name: 'Weekday ticket digest',
      summary:
        'Every weekday at 9:00, summarise new Zendesk tickets and post the summary to Slack.',
      category: 'Customer Support',
      instructions:
        'You summarise the support tickets created since the previous run and post one message.',
      trigger: {
        type: 'schedule',
        cron: '0 9 * * 1-5',
        timezone: 'Europe/Berlin',
        text: 'every weekday at 9:00',
      },
      integrations: [
        { id: 'zendesk', why: 'read new tickets', config: ['ZENDESK_SUBDOMAIN'] },
        { id: 'slack', why: 'post the summary', config: ['SLACK_BOT_TOKEN'] },
      ],
      steps: [
        { text: 'Fetch the tickets created since the last run', tools: ['zendesk.search_tickets'] },
        { text: 'Post the summary to the team channel', tools: ['slack.post_message'] },
      ],
      guardrails: ['Do not reply to customers'],
      assumptions: ['Timezone taken as Europe/Berlin from your browser'],
      unresolved: ['Which Slack channel should the summary go to?'],
    },
    connections: { zendesk: true, slack: false },
    webhook: null,
    prompt:
      'Every weekday at 9am, summarise the new Zendesk tickets and post the summary to Slack.',
    created_at: '2026-03-04T10:20:31.004Z',
    updated_at: '2026-03-04T10:20:31.004Z',
    last_run_at: null,
    ...overrides,
  };
}

export function listItem(agent: Agent, extra: Partial<AgentListItem> = {}): AgentListItem {
  return {
    ...agent,
    last_run_status: null,
    usage: { messages: 0, integration_credits: 0 },
    ...extra,
  };
}

export function sampleRun(overrides: Partial<Run> = {}): Run {
  return {
    id: '7a1c4e90-2b6d-4f38-9e05-c8d3b1a6f274',
    agent_id: AGENT_ID,
    status: 'succeeded',
    trigger: 'manual',
    input: 'Only tickets tagged billing',
    created_at: '2026-03-05T10:31:01.900Z',
    started_at: '2026-03-05T10:31:02.118Z',
    finished_at: '2026-03-05T10:31:09.640Z',
    usage: { messages: 1, integration_credits: 1, tokens: { input: 3120, output: 412 } },
    error: null,
    ...overrides,
  };
}

export const INTEGRATIONS: IntegrationInfo[] = [
  {
    id: 'zendesk',
    name: 'Zendesk',
    category: 'Support',
    description: 'Zendesk tickets.',
    transport: 'streamable-http',
    builtin: false,
    env: [
      {
        name: 'ZENDESK_SUBDOMAIN',
        label: 'Zendesk subdomain',
        description: 'Your Zendesk subdomain.',
        secret: false,
        required: true,
      },
    ],
    events: [
      { id: 'ticket.created', name: 'Ticket created' },
      { id: 'ticket.updated', name: 'Ticket updated' },
    ],
    tools: [],
    connected: true,
    available: true,
  },
  {
    id: 'slack',
    name: 'Slack',
    category: 'Communication',
    description: 'Slack messages.',
    transport: 'stdio',
    builtin: false,
    env: [
      {
        name: 'SLACK_BOT_TOKEN',
        label: 'Bot token',
        description: 'Bot token (xoxb-...).',
        secret: true,
        required: true,
      },
      {
        name: 'SLACK_TEAM_ID',
        label: 'Workspace id',
        description: 'Workspace id.',
        secret: false,
        required: false,
      },
    ],
    events: [],
    tools: [{ name: 'post_message', description: 'Post a message.' }],
    connected: false,
    available: true,
    website: 'https://slack.com',
  },
  {
    id: 'rss',
    name: 'RSS',
    category: 'Content',
    description: 'Read feeds.',
    transport: 'builtin',
    builtin: true,
    env: [],
    events: [],
    tools: [{ name: 'read_feed', description: 'Read a feed.' }],
    connected: true,
    available: true,
  },
];

export const FREE_BILLING = {
  plan: 'free',
  period: { start: '2026-03-04T10:00:00.000Z', end: '2026-04-04T10:00:00.000Z' },
  usage: { messages_this_period: 3, messages_today: 1, integration_credits_used: 40 },
  limits: { monthly_messages: 25, daily_messages: 7, integration_credits: 500 },
};
