import { eq } from 'drizzle-orm';
import {
  catalogConnector,
  type AgentSqlEngine,
  type Connector,
  type IntegrationLookup,
  type IntegrationSandbox,
  type Mailer,
} from '@spoke/agents';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { AgentRow } from './agent-json.ts';
import { builtinContextFor } from './builtin-context.ts';
import type { CredentialService } from './credentials.ts';
import { storedSignInProvider } from './oauth.ts';
import type { AgentService } from './service.ts';

export type RunContext = ReturnType<typeof createRunContext>;

/** What a run of an agent works with: its integrations, connected as its owner's, and its owner. */
export function createRunContext(deps: {
  database: Database;
  /** Where agent-written SQL runs (never in `database`). */
  sqlEngine: AgentSqlEngine;
  agentService: AgentService;
  credentials: CredentialService;
  mailer: Mailer;
  /** For tests: let built-ins reach servers on 127.0.0.1. */
  allowPrivateNetworks?: boolean;
  /** Where npm integrations run; without one they are refused (see docs/decisions/014). */
  sandbox?: Promise<IntegrationSandbox>;
  /** Where integrations are found: the catalog, unless a test brings a server of its own. */
  integrations?: IntegrationLookup;
}) {
  const { database, credentials, agentService } = deps;
  return {
    /**
     * Connects an agent's integrations as its runs do: the owner's stored credentials
     * (collected in `secrets`, to keep them out of what is recorded), the sandbox, the
     * built-ins' network guards, and in tests an integration of their own.
     */
    async connectorFor(agent: AgentRow): Promise<{ connect: Connector; secrets: string[] }> {
      const secrets: string[] = [];
      const connect = catalogConnector({
        lookup: deps.integrations,
        sandbox: await deps.sandbox,
        authProvider: (integration) => storedSignInProvider(credentials, agent.userId, integration),
        credentials: async (integrationId) => {
          const values = await credentials.values(agent.userId, integrationId);
          secrets.push(...Object.values(values));
          return values;
        },
        builtin: builtinContextFor({
          database,
          sqlEngine: deps.sqlEngine,
          agentId: agent.id,
          mailer: deps.mailer,
          webhookSecret: agentService.sendsWebhooks(agent.spec)
            ? await agentService.signingSecretOf(agent)
            : undefined,
          allowPrivateNetworks: deps.allowPrivateNetworks,
        }),
      });
      return { connect, secrets };
    },

    /** The agent's owner as plans read it (`owner.email`). */
    async ownerOf(userId: string): Promise<{ email: string } | undefined> {
      const [owner] = await database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      return owner;
    },
  };
}
