import type { Agent, AgentPlan, IntegrationInfo } from '@spoke/shared';
import { sampleAgent } from './fixtures.ts';

const builtin = (id: string, name: string, tools: IntegrationInfo['tools']): IntegrationInfo => ({
  id,
  name,
  category: 'Built in',
  description: `${name}.`,
  transport: 'builtin',
  builtin: true,
  env: [],
  events: [],
  tools,
  connected: true,
  available: true,
});

/** A catalog whose tools carry input schemas, as the built-in ones do, and some that do not. */
export const PLAN_INTEGRATIONS: IntegrationInfo[] = [
  builtin('http-request', 'HTTP request', [
    {
      name: 'http_request',
      description: 'Send an HTTP request and read the answer.',
      read_only: false,
      input_schema: {
        type: 'object',
        properties: {
          method: {
            type: 'string',
            enum: ['GET', 'POST', 'PUT'],
            default: 'GET',
            description: 'HTTP method.',
          },
          url: {
            type: 'string',
            maxLength: 4096,
            description: 'Absolute http:// or https:// URL.',
          },
          headers: { type: 'object', description: 'Request headers.' },
          timeout_ms: {
            type: 'integer',
            minimum: 100,
            maximum: 60000,
            default: 15000,
            description: 'Time limit in milliseconds.',
          },
          follow: { type: 'boolean', description: 'Follow redirects.' },
        },
        required: ['url'],
      },
    },
  ]),
  builtin('webhook', 'Outgoing webhook', [
    {
      name: 'send_webhook',
      description: 'POST a JSON payload to a webhook URL.',
      read_only: false,
      input_schema: {
        type: 'object',
        properties: {
          url: { type: 'string', maxLength: 4096, description: 'URL of the receiver.' },
          payload: { description: 'The JSON to send.' },
        },
        required: ['url', 'payload'],
      },
    },
  ]),
  {
    ...builtin('slack', 'Slack', [{ name: 'post_message', description: 'Post a message.' }]),
    builtin: false,
    transport: 'stdio',
  },
  { ...builtin('zendesk', 'Zendesk', []), builtin: false, transport: 'streamable-http' },
];

export const STATUS_PLAN: AgentPlan = {
  steps: [
    {
      id: 'fetch',
      kind: 'tool',
      note: 'Fetch https://status.example.com/api',
      tool: 'http-request.http_request',
      args: { method: 'GET', url: 'https://status.example.com/api' },
    },
    {
      id: 'send',
      kind: 'tool',
      note: 'Send what it returns to our webhook',
      tool: 'webhook.send_webhook',
      args: { url: 'https://hooks.example.com/in', payload: '{{steps.fetch.body}}' },
    },
  ],
};

/** An agent with a plan (null: one saved before plans), using the plan catalog's integrations. */
export function planAgent(plan: AgentPlan | null = STATUS_PLAN): Agent {
  const agent = sampleAgent();
  return {
    ...agent,
    spec: {
      ...agent.spec,
      integrations: ['http-request', 'webhook', 'slack', 'zendesk'].map((id) => ({
        id,
        why: '',
        config: [],
      })),
      ...(plan ? { plan } : {}),
    },
    connections: { 'http-request': true, webhook: true, slack: false, zendesk: false },
  };
}
