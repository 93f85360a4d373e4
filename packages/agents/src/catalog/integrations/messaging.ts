import type { Integration } from '../types.ts';
import { event, known, secret, setting, tool } from './define.ts';

const MS365_PACKAGE = '@softeria/ms-365-mcp-server';
const MS365_TOKEN = secret(
  'MS365_MCP_OAUTH_TOKEN',
  'Microsoft Graph access token with the permissions of the tools the agent uses.',
);

/** Chat apps, phone and video meetings, and mailboxes. */
export const MESSAGING_INTEGRATIONS: readonly Integration[] = [
  {
    id: 'outlook',
    name: 'Outlook',
    category: 'Communication',
    description: 'Outlook mail, calendar and contacts through Microsoft Graph.',
    keywords: ['outlook', 'outlook mail', 'outlook calendar', 'outlook inbox'],
    aliases: ['microsoft outlook', 'outlook.com', 'hotmail', 'office 365 mail'],
    provider: { kind: 'npm', package: MS365_PACKAGE, args: ['--preset', 'outlook'] },
    registryName: 'dev.spoke.catalog/outlook',
    env: [MS365_TOKEN],
    events: [
      event('message.received', 'E-mail received', [
        'new email in outlook',
        'new outlook email',
        'email arrives in outlook',
      ]),
      event('event.created', 'Calendar event created', ['new outlook calendar event']),
    ],
    tools: [
      tool('list-mail-messages', 'List the messages of the mailbox.'),
      tool('get-mail-message', 'Read a message.'),
      tool('send-mail', 'Send an e-mail.'),
      tool('create-draft-email', 'Create a draft.'),
      tool('move-mail-message', 'Move a message to a folder.'),
      tool('create-calendar-event', 'Create a calendar event.'),
      tool('list-outlook-contacts', 'List contacts.'),
    ],
  },
  {
    id: 'line',
    name: 'LINE',
    category: 'Communication',
    description: 'Send messages and read profiles through a LINE Official Account.',
    keywords: ['line messenger', 'line official account', 'line bot'],
    aliases: ['line app', 'line messaging api', 'line oa'],
    provider: { kind: 'npm', package: '@line/line-bot-mcp-server' },
    registryName: 'io.github.line/line-bot-mcp-server',
    env: [
      secret('CHANNEL_ACCESS_TOKEN', 'Channel access token of the Messaging API channel.'),
      setting('DESTINATION_USER_ID', 'Default user ID that messages are pushed to.', false),
    ],
    events: [
      event('message.received', 'Message received', [
        'new line message',
        'someone messages our line account',
      ]),
    ],
    tools: [],
  },
  {
    id: 'chatwork',
    name: 'Chatwork',
    category: 'Communication',
    description: 'Read and post Chatwork room messages and tasks.',
    keywords: ['chatwork', 'chatwork room'],
    aliases: ['chat work', 'chatwork.com'],
    provider: { kind: 'npm', package: '@chatwork/mcp-server' },
    registryName: 'io.github.chatwork/chatwork-mcp-server',
    env: [secret('CHATWORK_API_TOKEN', 'Chatwork API token.')],
    events: [event('message.created', 'Message posted', ['new chatwork message'])],
    tools: [],
  },
  {
    id: 'telnyx',
    name: 'Telnyx',
    category: 'Communication',
    description: 'Telnyx messaging, voice, numbers and AI assistants through the Telnyx API.',
    keywords: ['telnyx', 'telnyx sms'],
    aliases: ['telnyx.com'],
    provider: { kind: 'npm', package: 'telnyx-mcp' },
    registryName: 'io.github.team-telnyx/telnyx-mcp',
    env: [secret('TELNYX_API_KEY', 'Telnyx API key.')],
    events: [
      event('message.received', 'Message received', [
        'incoming telnyx sms',
        'telnyx message arrives',
      ]),
    ],
    tools: [],
  },
  known({
    id: 'telegram',
    name: 'Telegram',
    category: 'Communication',
    description: 'Telegram bots, chats, groups and channels.',
    website: 'https://telegram.org',
    keywords: ['telegram', 'telegram bot', 'telegram channel', 'telegram group'],
    aliases: ['telegram messenger', 't.me'],
    events: [
      event('message.received', 'Message received', [
        'new telegram message',
        'message to our telegram bot',
      ]),
    ],
  }),
  known({
    id: 'whatsapp',
    name: 'WhatsApp',
    category: 'Communication',
    description: 'WhatsApp Business messages, templates and conversations.',
    website: 'https://business.whatsapp.com',
    keywords: ['whatsapp', 'whatsapp business', 'whatsapp message'],
    aliases: ['whats app', 'whatsapp cloud api'],
    events: [
      event('message.received', 'Message received', [
        'new whatsapp message',
        'customer writes on whatsapp',
      ]),
    ],
  }),
  known({
    id: 'signal',
    name: 'Signal',
    category: 'Communication',
    description: 'Signal private messenger chats and groups.',
    website: 'https://signal.org',
    keywords: ['signal messenger', 'signal app', 'signal group'],
    aliases: ['signal messenger', 'signal.org'],
  }),
  known({
    id: 'zoom',
    name: 'Zoom',
    category: 'Communication',
    description: 'Zoom meetings, webinars, recordings and transcripts.',
    website: 'https://zoom.us',
    keywords: ['zoom', 'zoom meeting', 'zoom call', 'zoom recording'],
    aliases: ['zoom.us', 'zoom video'],
    events: [
      event('meeting.ended', 'Meeting ended', ['zoom meeting ends', 'after a zoom call']),
      event('recording.completed', 'Recording completed', [
        'zoom recording is ready',
        'new zoom recording',
      ]),
    ],
  }),
  known({
    id: 'google-meet',
    name: 'Google Meet',
    category: 'Communication',
    description: 'Google Meet video meetings, recordings and transcripts.',
    website: 'https://meet.google.com',
    keywords: ['google meet', 'google meet recording'],
    aliases: ['gmeet', 'hangouts meet', 'meet.google.com'],
  }),
  known({
    id: 'webex',
    name: 'Webex',
    category: 'Communication',
    description: 'Cisco Webex meetings, messaging spaces and recordings.',
    website: 'https://www.webex.com',
    keywords: ['webex', 'webex meeting'],
    aliases: ['cisco webex', 'webex.com'],
  }),
  known({
    id: 'mattermost',
    name: 'Mattermost',
    category: 'Communication',
    description: 'Mattermost channels, posts and playbooks.',
    website: 'https://mattermost.com',
    keywords: ['mattermost', 'mattermost channel'],
    aliases: ['matter most', 'mattermost.com'],
    events: [event('post.created', 'Post created', ['new mattermost message'])],
  }),
];
