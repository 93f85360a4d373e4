import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { MODEL_SETUP_HELP } from '@spoke/shared';
import { isPersistent, requireSecretsKey, type AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { onFrameworkError, registerErrorHandling } from './errors.ts';
import { createMailer } from './lib/mailer.ts';
import { createLimiters } from './lib/rate-limit.ts';
import { accessHooks, decorateCaller } from './lib/auth.ts';
import { ConcurrencyGate } from './lib/concurrency-gate.ts';
import { resolveAuthSecret } from './lib/secret.ts';
import { createAuth } from './modules/account/auth.ts';
import { accountRoutes, ownAccountRoutes } from './modules/account/routes.ts';
import { createAccountMail } from './modules/account/account-mail.ts';
import { googleRoutes } from './modules/account/google-routes.ts';
import { createAccountService, type AccountService } from './modules/account/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createBilling } from './modules/billing/register.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { planRequestAdminRoutes } from './modules/billing/admin-routes.ts';
import { stripeWebhookRoutes } from './modules/billing/webhook-routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { createContactService } from './modules/contact/service.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { blogRoutes } from './modules/blog/routes.ts';
import { cliClientRoutes } from './modules/cli-client/routes.ts';
import { loadBlogPosts, postPageExists } from './modules/blog/content.ts';
import { createAdminService } from './modules/admin/service.ts';
import { createTokenService } from './modules/tokens/service.ts';
import { tokenRoutes } from './modules/tokens/routes.ts';
import { createRegistryService } from './modules/registry/service.ts';
import { createModerationService } from './modules/registry/moderation.ts';
import { ownRegistryRoutes, registryApiRoutes } from './modules/registry/routes.ts';
import { createPublisherAuth, type DomainKeySources } from './modules/registry/publisher-auth.ts';
import { registryAdminRoutes } from './modules/registry/admin-routes.ts';
import { createMirrorService, type MirrorService } from './modules/registry/mirror.ts';
import type { MirrorNetwork } from './modules/registry/mirror-fetch.ts';
import { seedRegistry } from './modules/registry/seed.ts';
import {
  AgentSqlEngine,
  INTEGRATIONS,
  POLL_LIMITS,
  createLanguageModel,
  type IntegrationLookup,
} from '@spoke/agents';
import { startIntegrationSandbox } from './lib/integration-sandbox.ts';
import { createCryptoBox, resolveSecretsKey } from './lib/crypto-box.ts';
import { createUsageService, type UsageService } from './modules/agents/usage.ts';
import { createCredentialService } from './modules/agents/credentials.ts';
import { createAgentService } from './modules/agents/service.ts';
import { AgentListCache } from './modules/agents/list-cache.ts';
import { createRunService, type RunService } from './modules/agents/runs.ts';
import { createScheduler, type Scheduler } from './modules/agents/scheduler.ts';
import { createPoller, type Poller } from './modules/agents/poller.ts';
import { agentRoutes } from './modules/agents/routes.ts';
import { integrationRoutes } from './modules/agents/integration-routes.ts';
import { hookRoutes } from './modules/agents/hook-routes.ts';
import { createAgentMailer } from './modules/agents/agent-mail.ts';
import { createEmailRecipientService } from './modules/agents/email-recipients.ts';
import { emailConsentRoutes, recipientRoutes } from './modules/agents/recipient-routes.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { loggerOptions } from './lib/logger.ts';

/** What the server's entry, the admin CLI, tests and benches reach of a built app. */
export type Spoke = {
  database: Database;
  accounts: AccountService;
  config: AppConfig;
  usage: UsageService;
  runs: RunService;
  scheduler: Scheduler;
  poller: Poller;
  sqlEngine: AgentSqlEngine;
  mirror: MirrorService;
};

declare module 'fastify' {
  interface FastifyInstance {
    spoke: Spoke;
  }
}

export type App = FastifyInstance;

export type BuildOptions = {
  logger?: boolean;
  /**
   * Where agents' integrations are found: the catalog. Tests point an integration at an MCP
   * server of their own here; the server itself never sets it.
   */
  integrations?: IntegrationLookup;
  /**
   * Where the registry reads the public keys of a domain for `mcp-publisher login http|dns`.
   * Tests serve keys of their own here; the server itself never sets it.
   */
  domainKeys?: DomainKeySources;
  /** How the registry mirror connects: tests let it reach an upstream of their own here. */
  mirrorNetwork?: MirrorNetwork['hooks'];
};

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Event polls under way at once per instance (each is one MCP connection and one tool call). */
const POLLS_AT_ONCE = 4;
/** How often an instance looks for upstream registries due to be mirrored. */
const MIRROR_CHECK_MS = 60 * 1000;

/** Builds the whole server from a config object; tests build their own the same way. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<App> {
  requireSecretsKey(config);
  const headers = securityHeaders({ https: config.appUrl.startsWith('https://') });
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // Refused before any hook runs: the security headers are set here too.
    frameworkErrors: (err, request, reply) => {
      void reply.headers(headers);
      onFrameworkError(err, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  registerSecurityHeaders(app, headers);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  decorateCaller(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database = await openDatabase(config.databaseUrl, config.dataDir);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  // Without Redis the limiters fall back to memory; a Redis outage must not crash anything.
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable'));

  const persistent = isPersistent(config);
  const secret = resolveAuthSecret(config.authSecret, config.dataDir, persistent);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const accountMail = createAccountMail({ mailer, appUrl: config.appUrl, log: app.log });
  const auth = createAuth({
    config,
    db: database.db,
    secret,
    log: app.log,
    sendResetPassword: accountMail.sendResetPassword,
  });
  const accounts = createAccountService({
    auth,
    db: database.db,
    adminEmails: config.adminEmails,
    sessionCacheMs: config.sessionCacheMs,
    sessions: config.sessions,
    hashing: new ConcurrencyGate(config.passwordHashing),
    log: app.log,
    sendVerificationMail: accountMail.sendVerificationMail,
  });
  const store = redis ? { client: redis, prefix: config.redisKeyPrefix } : undefined;
  const limiters = createLimiters(config.rateLimits, store);
  const contact = createContactService(database.db);
  const tokens = createTokenService(database.db);
  const registry = createRegistryService(database.db, {
    listingCacheMs: config.registryCacheMs,
  });
  const box = createCryptoBox(resolveSecretsKey(config.secretsKey, config.dataDir, persistent));
  // Agent lists are kept until a write on this instance changes them, or for
  // AGENT_LIST_CACHE_MS (short on PostgreSQL, where other instances write too).
  const lists = new AgentListCache(config.agentListCacheMs, 10_000);
  const usage = createUsageService(database.db, lists);
  const credentials = createCredentialService(database.db, box, lists);
  const llm = config.llm ? createLanguageModel(config.llm) : null;
  const model = () => llm;
  // (Users are told only that no model is set up; the operator reads how here and on the Admin page.)
  if (!llm)
    app.log.info(
      `No language model: plans of tool steps run, others are refused. ${MODEL_SETUP_HELP}`,
    );
  const agentService = createAgentService({
    db: database.db,
    box,
    credentials,
    usage,
    appUrl: config.appUrl,
    model,
    lists,
    lookup: opts.integrations,
  });
  const recipients = createEmailRecipientService(database.db, {
    perDay: config.agentEmailsPerDay,
  });
  // Agent-written SQL runs in engines of its own, never in the platform's database.
  const sqlEngine = new AgentSqlEngine();
  // Third-party integration servers run in a sandbox (tested in the background at start).
  const sandbox = startIntegrationSandbox(config, app.log);
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
    log: app.log,
    allowPrivateNetworks: config.allowPrivateNetworks,
    sandbox,
    lists,
    integrations: opts.integrations,
  });
  const poller = createPoller({
    db: database.db,
    runService,
    lookup: opts.integrations,
    timeLimitMs: Math.min(config.runs.timeLimitMs, POLL_LIMITS.timeLimitMs),
    concurrency: POLLS_AT_ONCE,
    log: app.log,
  });
  const scheduler = createScheduler({
    db: database.db,
    agentService,
    runService,
    usage,
    poller,
    lookup: opts.integrations,
    intervalMs: config.schedulerIntervalMs,
    log: app.log,
  });
  const seed = await seedRegistry(database.db, INTEGRATIONS);
  if (seed.seeded) app.log.info({ servers: seed.servers }, 'registry seeded from the catalog');
  const admin = createAdminService({
    db: database.db,
    adminEmails: config.adminEmails,
    onUserChanged: (userId) => accounts.forgetUser(userId),
  });

  await app.register(compress, { threshold: 1024 });

  await app.register(healthRoutes, {
    prefix: '/api',
    version: config.version,
    ping: database.ping,
    sandboxMode: async () => (await sandbox).status.mode,
    modelConfigured: () => llm !== null,
  });
  const billing = createBilling({ config, db: database.db, mailer, accounts, store, log: app.log });
  const mirror = createMirrorService({
    db: database.db,
    network: { allowPrivateNetworks: config.allowPrivateNetworks, hooks: opts.mirrorNetwork },
    intervalMs: config.registryMirrorIntervalMs,
    onListingsChanged: registry.forgetListings,
    log: app.log,
  });
  const access = accessHooks(accounts);

  // Open to anyone.
  await app.register(accountRoutes, { prefix: '/api/account', service: accounts, limiters });
  if (billing.stripe) {
    await app.register(stripeWebhookRoutes, { prefix: '/api', stripe: billing.stripe });
  }
  await app.register(hookRoutes, { prefix: '/api', db: database.db, agentService, runService });
  await app.register(emailConsentRoutes, { prefix: '/api', recipients });
  // The official registry API answers under v0.1 and, for older clients, v0.
  const publisherAuth = createPublisherAuth(secret, opts.domainKeys);
  for (const prefix of ['/registry/v0.1', '/registry/v0']) {
    await app.register(registryApiRoutes, { prefix, registry, tokens, publisherAuth });
  }

  // Open to anyone; a signed-in sender's message is kept with their account.
  await app.register(async (anyone) => {
    anyone.addHook('preHandler', access.identify);
    await anyone.register(contactRoutes, { prefix: '/api', contact, limiter: limiters.contactIp });
  });

  // The signed-in user's own things: every route here answers 401 without a session.
  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', access.signedIn);
    await signedIn.register(ownAccountRoutes, {
      prefix: '/api/account',
      service: accounts,
      limiters,
    });
    await signedIn.register(tokenRoutes, { prefix: '/api/account', tokens });
    await signedIn.register(billingRoutes, {
      prefix: '/api/account',
      usage,
      requests: billing.requests,
      stripe: billing.stripe,
      limiter: billing.limiter,
    });
    await signedIn.register(recipientRoutes, {
      prefix: '/api',
      recipients,
      mailer,
      appUrl: config.appUrl,
    });
    await signedIn.register(agentRoutes, { prefix: '/api', agentService, runService });
    await signedIn.register(integrationRoutes, {
      prefix: '/api',
      credentials,
      appUrl: config.appUrl,
      lookup: opts.integrations,
    });
    await signedIn.register(ownRegistryRoutes, { prefix: '/api/registry', registry });
  });

  // Admins only: 401 signed out, 403 for anyone else, before any input is read.
  await app.register(
    async (admins) => {
      admins.addHook('onRequest', access.admin);
      await admins.register(adminRoutes, { admin, contact });
      await admins.register(planRequestAdminRoutes, { requests: billing.requests });
      await admins.register(registryAdminRoutes, {
        prefix: '/registry',
        moderation: createModerationService(database.db, registry.forgetListings),
        mirror,
      });
    },
    { prefix: '/api/admin' },
  );

  const posts = loadBlogPosts(path.join(config.contentDir, 'blog'));
  await app.register(blogRoutes, { posts, appUrl: config.appUrl });
  await app.register(cliClientRoutes, { appUrl: config.appUrl });
  await app.register(googleRoutes, {
    auth,
    service: accounts,
    enabled: Boolean(config.google),
    appUrl: config.appUrl,
  });
  await registerSpa(app, config.webDistDir, { pageExists: postPageExists(posts) });

  const sweep = setInterval(() => {
    accounts.sweepExpired().catch((err) => app.log.warn({ err }, 'session sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  app.addHook('onReady', async () => {
    // INTEGRATIONS_SANDBOX=bubblewrap with a bubblewrap that does not work stops the start here.
    await sandbox;
    scheduler.start();
    mirror.start(MIRROR_CHECK_MS);
    runService.kick();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await mirror.stop();
    await runService.stop();
    await sqlEngine.close();
    await (await sandbox).close();
    clearInterval(sweep);
    redis?.disconnect();
    await database.close();
  });

  app.decorate('spoke', {
    database,
    accounts,
    config,
    usage,
    runs: runService,
    scheduler,
    poller,
    sqlEngine,
    mirror,
  });
  return app;
}
