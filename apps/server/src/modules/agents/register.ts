import type { FastifyBaseLogger } from 'fastify';
import {
  AgentSqlEngine,
  POLL_LIMITS,
  createLanguageModel,
  type IntegrationLookup,
} from '@spoke/agents';
import { MODEL_SETUP_HELP } from '@spoke/shared';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createCryptoBox, resolveSecretsKey } from '../../lib/crypto-box.ts';
import { startIntegrationSandbox } from '../../lib/integration-sandbox.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createAgentMailer } from './agent-mail.ts';
import { createCredentialService } from './credentials.ts';
import { createEmailRecipientService } from './email-recipients.ts';
import { AgentListCache } from './list-cache.ts';
import { createPoller } from './poller.ts';
import { createRunService } from './runs.ts';
import { createScheduler } from './scheduler.ts';
import { createAgentService } from './service.ts';
import { createUsageService } from './usage.ts';

/** Event polls under way at once per instance (each is one MCP connection and one tool call). */
const POLLS_AT_ONCE = 4;

/**
 * Agents: their definitions and credentials, runs and usage, schedules and event polls, and the
 * mail they send. The app registers their routes, starts the scheduler and the run queue when
 * ready, and stops them on close.
 */
export function createAgents(deps: {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  /** Whether the data outlives the process (the secrets key may then not be made up). */
  persistent: boolean;
  /** Where integrations are found: the catalog, unless a test brings a server of its own. */
  integrations?: IntegrationLookup;
  log: FastifyBaseLogger;
}) {
  const { config, database, mailer, log } = deps;
  const box = createCryptoBox(
    resolveSecretsKey(config.secretsKey, config.dataDir, deps.persistent),
  );
  // Agent lists are kept until a write on this instance changes them, or for
  // AGENT_LIST_CACHE_MS (short on PostgreSQL, where other instances write too).
  const lists = new AgentListCache(config.agentListCacheMs, 10_000);
  const usage = createUsageService(database.db, lists);
  const credentials = createCredentialService(database.db, box, lists);
  const llm = config.llm ? createLanguageModel(config.llm) : null;
  const model = () => llm;
  // (Users are told only that no model is set up; the operator reads how here and on the Admin page.)
  if (!llm)
    log.info(`No language model: plans of tool steps run, others are refused. ${MODEL_SETUP_HELP}`);
  const agentService = createAgentService({
    db: database.db,
    box,
    credentials,
    usage,
    appUrl: config.appUrl,
    model,
    lists,
    lookup: deps.integrations,
  });
  const recipients = createEmailRecipientService(database.db, {
    perDay: config.agentEmailsPerDay,
  });
  // Agent-written SQL runs in engines of its own, never in the platform's database.
  const sqlEngine = new AgentSqlEngine();
  // Third-party integration servers run in a sandbox (tested in the background at start).
  const sandbox = startIntegrationSandbox(config, log);
  // Awaited where it is used (and at onReady, which fails the start when it rejected).
  sandbox.catch(() => undefined);
  const runService = createRunService({
    database,
    sqlEngine,
    agentService,
    usage,
    credentials,
    mailer: createAgentMailer({ db: database.db, mailer, recipients, appUrl: config.appUrl }),
    model,
    limits: config.runs,
    log,
    allowPrivateNetworks: config.allowPrivateNetworks,
    sandbox,
    lists,
    integrations: deps.integrations,
  });
  const poller = createPoller({
    db: database.db,
    runService,
    lookup: deps.integrations,
    timeLimitMs: Math.min(config.runs.timeLimitMs, POLL_LIMITS.timeLimitMs),
    concurrency: POLLS_AT_ONCE,
    log,
  });
  const scheduler = createScheduler({
    db: database.db,
    agentService,
    runService,
    usage,
    poller,
    lookup: deps.integrations,
    intervalMs: config.schedulerIntervalMs,
    log,
  });
  return {
    usage,
    credentials,
    agentService,
    recipients,
    sqlEngine,
    sandbox,
    runService,
    poller,
    scheduler,
    modelConfigured: () => llm !== null,
  };
}
