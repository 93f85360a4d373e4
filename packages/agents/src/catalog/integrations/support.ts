import type { Integration } from '../types.ts';
import { event, secret, setting } from './define.ts';

export const SUPPORT_INTEGRATIONS: readonly Integration[] = [
  {
    id: 'zendesk',
    name: 'Zendesk',
    category: 'Support',
    description: "Zendesk tickets, users and help center through Zendesk's own MCP endpoint.",
    keywords: [
      'zendesk',
      'support ticket',
      'help desk',
      'helpdesk',
      'customer support',
      'help center',
    ],
    aliases: ['zendesk support', 'zen desk', 'zendesk tickets'],
    provider: {
      kind: 'remote',
      url: 'https://{ZENDESK_SUBDOMAIN}.zendesk.com/api/mcp',
      transport: 'streamable-http',
    },
    source: 'https://www.zendesk.com/marketplace/apps/support/1191848/mcp-server/',
    registryName: 'dev.spoke.catalog/zendesk',
    env: [setting('ZENDESK_SUBDOMAIN', 'Your Zendesk subdomain: acme for acme.zendesk.com.')],
    events: [
      event('ticket.created', 'Ticket created', [
        'new ticket',
        'new zendesk ticket',
        'ticket arrives',
        'ticket is created',
        'customer opens a ticket',
      ]),
      event('ticket.updated', 'Ticket updated', [
        'ticket is updated',
        'ticket changes',
        'ticket status changes',
      ]),
      event('ticket.comment_added', 'Ticket comment added', [
        'customer replies',
        'new comment on a ticket',
        'reply on a ticket',
      ]),
    ],
    tools: [],
  },
  {
    id: 'intercom',
    name: 'Intercom',
    category: 'Support',
    description:
      "Intercom conversations, contacts and help articles through Intercom's MCP server.",
    keywords: ['intercom', 'conversation', 'live chat', 'customer message', 'fin'],
    aliases: ['intercom inbox', 'intercom chat'],
    provider: {
      kind: 'remote',
      url: 'https://mcp.intercom.com/mcp',
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer {INTERCOM_ACCESS_TOKEN}' },
    },
    source: 'https://developers.intercom.com/docs/guides/mcp',
    registryName: 'dev.spoke.catalog/intercom',
    env: [secret('INTERCOM_ACCESS_TOKEN', 'Access token from the Intercom Developer Hub.')],
    events: [
      event('conversation.created', 'Conversation started', [
        'new conversation',
        'customer starts a chat',
        'new intercom message',
      ]),
      event('conversation.replied', 'Customer replied', [
        'customer replies in intercom',
        'reply in a conversation',
      ]),
      event('contact.created', 'Contact created', ['new intercom contact', 'new lead in intercom']),
    ],
    tools: [],
  },
];
