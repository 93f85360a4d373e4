import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  IntegrationInfoSchema,
  IntegrationListSchema,
  OkSchema,
  SaveCredentialsSchema,
  envelope,
  type IntegrationInfo,
} from '@spoke/shared';
import {
  BUILTIN_TOOLS,
  INTEGRATIONS,
  envLabel,
  hasServer,
  toolSchemaOf,
  transportOf,
  isOAuthRemote,
  type Integration,
} from '@spoke/agents';
import { authenticated } from '../../lib/auth.ts';
import { isConnected, oauthRowId, type CredentialService } from './credentials.ts';
import { createOAuthFlows } from './oauth.ts';

const idParams = z.object({ id: z.string().check(z.maxLength(64)) });

function info(integration: Integration, connected: Set<string>): IntegrationInfo {
  const { provider } = integration;
  return {
    id: integration.id,
    name: integration.name,
    category: integration.category,
    description: integration.description,
    transport: transportOf(integration),
    builtin: provider.kind === 'builtin',
    env: integration.env.map((e) => ({ ...e, label: envLabel(e) })),
    events: integration.events.map((e) => ({
      id: e.id,
      name: e.name,
      ...(e.webhook === false ? { webhook: false } : {}),
      ...(e.poll ? { poll_tool: e.poll.tool } : {}),
    })),
    tools: [
      ...(provider.kind === 'builtin' ? BUILTIN_TOOLS[provider.server] : integration.tools),
    ].map((t) => {
      const recorded = toolSchemaOf(`${integration.id}.${t.name}`);
      return {
        name: t.name,
        description: t.description,
        ...(recorded ? { input_schema: recorded.inputSchema, read_only: recorded.readOnly } : {}),
      };
    }),
    connected: isConnected(integration, connected),
    ...(isOAuthRemote(integration)
      ? { oauth: true, signed_in: connected.has(oauthRowId(integration.id)) }
      : {}),
    available: hasServer(integration),
    ...(provider.kind === 'none' ? { website: provider.website } : {}),
  };
}

const startBody = z.object({
  /** The app path the browser comes back to, e.g. the agent's page. */
  return_to: z.optional(z.string().check(z.maxLength(300))),
});
const callbackQuery = z.object({
  state: z.string().check(z.maxLength(200)),
  code: z.optional(z.string().check(z.maxLength(4096))),
  error: z.optional(z.string().check(z.maxLength(200))),
  error_description: z.optional(z.string().check(z.maxLength(2000))),
});

/** `/api/integrations`: the catalog with the user's connection status, and their credentials. */
export const integrationRoutes: FastifyPluginAsyncZod<{
  credentials: CredentialService;
  /** The server's public URL: OAuth sign-ins come back under it. */
  appUrl: string;
  /** Where integrations are found: the catalog, unless a test brings a server of its own. */
  lookup?: (id: string) => Integration | undefined;
}> = async (app, { credentials, appUrl, lookup }) => {
  const oauth = createOAuthFlows({ credentials, appUrl, lookup });

  app.post(
    '/integrations/:id/oauth/start',
    {
      schema: {
        params: idParams,
        body: startBody,
        response: { 200: envelope(z.object({ authorization_url: z.string() })) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      const url = await oauth.start(
        user.id,
        request.params.id,
        request.body.return_to ?? '/agents',
      );
      return { data: { authorization_url: url } };
    },
  );

  // Where the service sends the browser back: the tokens are kept and the browser goes on to the
  // app path the sign-in started from, with `oauth` (the integration) and any `oauth_error`.
  app.get(
    '/integrations/oauth/callback',
    { schema: { querystring: callbackQuery } },
    async (request, reply) => {
      const { user } = authenticated(request);
      const result = await oauth.finish(user.id, request.query);
      const back = new URLSearchParams({ oauth: result.integrationId });
      if (result.error) back.set('oauth_error', result.error);
      const joiner = result.returnTo.includes('?') ? '&' : '?';
      return reply.redirect(`${result.returnTo}${joiner}${back}`, 303);
    },
  );

  app.get(
    '/integrations',
    { schema: { response: { 200: envelope(IntegrationListSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      const connected = await credentials.connected(user.id);
      return { data: { integrations: INTEGRATIONS.map((i) => info(i, connected)) } };
    },
  );

  app.put(
    '/integrations/:id/credentials',
    {
      schema: {
        params: idParams,
        body: SaveCredentialsSchema,
        response: { 200: envelope(z.object({ integration: IntegrationInfoSchema })) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      const integration = credentials.known(request.params.id);
      await credentials.save(user.id, integration.id, request.body.values);
      const connected = await credentials.connected(user.id);
      return { data: { integration: info(integration, connected) } };
    },
  );

  app.delete(
    '/integrations/:id/credentials',
    { schema: { params: idParams, response: { 200: envelope(OkSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      await credentials.remove(user.id, request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
