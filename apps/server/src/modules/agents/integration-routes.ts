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
  type Integration,
} from '@spoke/agents';
import { requireUser } from '../account/guards.ts';
import type { AccountService } from '../account/service.ts';
import { isConnected, type CredentialService } from './credentials.ts';

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
    available: hasServer(integration),
    ...(provider.kind === 'none' ? { website: provider.website } : {}),
  };
}

/** `/api/integrations`: the catalog with the user's connection status, and their credentials. */
export const integrationRoutes: FastifyPluginAsyncZod<{
  credentials: CredentialService;
  accounts: AccountService;
}> = async (app, { credentials, accounts }) => {
  app.get(
    '/integrations',
    { schema: { response: { 200: envelope(IntegrationListSchema) } } },
    async (request) => {
      const { user } = await requireUser(accounts, request);
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
      const { user } = await requireUser(accounts, request);
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
      const { user } = await requireUser(accounts, request);
      await credentials.remove(user.id, request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
