import type { Integration } from '../types.ts';
import { event, secret, setting } from './define.ts';

export const CONTENT_INTEGRATIONS: readonly Integration[] = [
  {
    id: 'linkedin',
    name: 'LinkedIn',
    category: 'Content',
    description: "Share posts on LinkedIn through Pipedream Connect's hosted MCP server.",
    keywords: ['linkedin', 'linkedin post', 'share on linkedin', 'professional network', 'social'],
    aliases: ['linked in', 'linkedin page', 'linkedin profile'],
    provider: {
      kind: 'remote',
      url: 'https://remote.mcp.pipedream.net',
      transport: 'streamable-http',
      headers: {
        Authorization: 'Bearer {PIPEDREAM_ACCESS_TOKEN}',
        'x-pd-project-id': '{PIPEDREAM_PROJECT_ID}',
        'x-pd-environment': '{PIPEDREAM_ENVIRONMENT}',
        'x-pd-external-user-id': '{PIPEDREAM_EXTERNAL_USER_ID}',
        'x-pd-app-slug': 'linkedin',
      },
    },
    source: 'https://pipedream.com/docs/connect/mcp/developers',
    registryName: 'dev.spoke.catalog/linkedin',
    env: [
      secret('PIPEDREAM_ACCESS_TOKEN', 'Pipedream Connect OAuth access token of your project.'),
      setting('PIPEDREAM_PROJECT_ID', 'Pipedream project ID (proj_...).'),
      setting('PIPEDREAM_ENVIRONMENT', 'Pipedream environment: development or production.'),
      setting(
        'PIPEDREAM_EXTERNAL_USER_ID',
        'Your user ID in Pipedream Connect, owner of the linked LinkedIn account.',
      ),
    ],
    events: [],
    tools: [],
  },
  {
    id: 'x',
    name: 'X',
    category: 'Content',
    description: "Post, search and read on X (Twitter) through X's hosted MCP server.",
    keywords: ['tweet', 'tweets', 'twitter', 'post on x', 'x post', 'timeline', 'mentions'],
    aliases: ['twitter', 'x.com', 'x (twitter)'],
    provider: {
      kind: 'remote',
      url: 'https://api.x.com/mcp',
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer {X_ACCESS_TOKEN}' },
    },
    source: 'https://docs.x.com/tools/mcp',
    registryName: 'dev.spoke.catalog/x',
    env: [
      secret(
        'X_ACCESS_TOKEN',
        'OAuth 2.0 user access token of your X app (an app-only bearer token allows reads only).',
      ),
    ],
    events: [],
    tools: [],
  },
  {
    id: 'wordpress',
    name: 'WordPress',
    category: 'Content',
    description:
      'Draft, edit and publish posts and pages on a WordPress site with the MCP adapter.',
    keywords: ['wordpress', 'blog post', 'publish post', 'cms'],
    aliases: ['wp', 'wordpress site'],
    provider: { kind: 'npm', package: '@automattic/mcp-wordpress-remote' },
    registryName: 'io.github.automattic/mcp-wordpress-remote',
    env: [
      setting(
        'WP_API_URL',
        'MCP endpoint of the site, e.g. https://example.com/wp-json/mcp/mcp-adapter-default-server.',
      ),
      setting('WP_API_USERNAME', 'WordPress user the agent acts as.'),
      secret('WP_API_PASSWORD', 'Application password of that user.'),
      setting('OAUTH_ENABLED', 'Set to false to sign in with the application password.', false),
    ],
    events: [],
    tools: [],
  },
  {
    id: 'figma',
    name: 'Figma',
    category: 'Content',
    description: 'Read Figma files, frames and layouts, and download their images.',
    keywords: ['figma', 'design', 'mockup', 'frame', 'prototype', 'ui design', 'design file'],
    aliases: ['figma design', 'figjam'],
    provider: { kind: 'npm', package: 'figma-developer-mcp', args: ['--stdio'] },
    registryName: 'io.github.glips/figma-developer-mcp',
    env: [secret('FIGMA_API_KEY', 'Figma personal access token.')],
    events: [
      event('file.comment', 'Comment added', [
        'comment in figma',
        'someone comments on the design',
      ]),
      event('file.update', 'File updated', ['figma file changes', 'design is updated']),
    ],
    tools: [],
  },
];
