import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { isPersistent, type AppConfig } from './config.ts';
import { requireSecretsKey } from './config/secrets-key.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createFastify } from './fastify-instance.ts';
import { createMailer } from './lib/mailer.ts';
import { connectLimiterStore, createLimiters } from './lib/rate-limit.ts';
import { accessHooks } from './lib/auth.ts';
import { resolveAuthSecret } from './lib/secret.ts';
import { accountRoutes, ownAccountRoutes } from './modules/account/routes.ts';
import { googleRoutes } from './modules/account/google-routes.ts';
import { createAccounts } from './modules/account/register.ts';
import type { AccountService } from './modules/account/service.ts';
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
import { createRegistry } from './modules/registry/register.ts';
import { ownRegistryRoutes, registryApiRoutes } from './modules/registry/routes.ts';
import type { DomainKeySources } from './modules/registry/publisher-auth.ts';
import { registryAdminRoutes } from './modules/registry/admin-routes.ts';
import type { MirrorService } from './modules/registry/mirror.ts';
import type { MirrorNetwork } from './modules/registry/mirror-fetch.ts';
import { seedRegistry } from './modules/registry/seed.ts';
import { INTEGRATIONS, type AgentSqlEngine, type IntegrationLookup } from '@spoke/agents';
import type { UsageService } from './modules/agents/usage.ts';
import type { RunService } from './modules/agents/runs.ts';
import type { Scheduler } from './modules/agents/scheduler.ts';
import type { Poller } from './modules/agents/poller.ts';
import { createAgents } from './modules/agents/register.ts';
import { agentRoutes } from './modules/agents/routes.ts';
import { integrationRoutes } from './modules/agents/integration-routes.ts';
import { hookRoutes } from './modules/agents/hook-routes.ts';
import { emailConsentRoutes, recipientRoutes } from './modules/agents/recipient-routes.ts';
import { registerSpa } from './plugins/spa.ts';

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

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How often an instance looks for upstream registries due to be mirrored. */
const MIRROR_CHECK_MS = 60 * 1000;

/** Builds the whole server from a config object; tests build their own the same way. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<App> {
  requireSecretsKey(config);
  const app = createFastify(config, { logger: opts.logger });

  const database = await openDatabase(config.databaseUrl, config.dataDir);
  const store = connectLimiterStore(config, app.log);

  const persistent = isPersistent(config);
  const secret = resolveAuthSecret(config.authSecret, config.dataDir, persistent);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const { auth, accounts } = createAccounts({
    config,
    db: database.db,
    mailer,
    secret,
    log: app.log,
  });
  const limiters = createLimiters(config.rateLimits, store);
  const contact = createContactService(database.db);
  const tokens = createTokenService(database.db);
  const { registry, publisherAuth, moderation, mirror } = createRegistry({
    config,
    db: database.db,
    secret,
    domainKeys: opts.domainKeys,
    mirrorNetwork: opts.mirrorNetwork,
    log: app.log,
  });
  const agents = createAgents({
    config,
    database,
    mailer,
    persistent,
    integrations: opts.integrations,
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
    sandboxMode: async () => (await agents.sandbox).status.mode,
    modelConfigured: agents.modelConfigured,
  });
  const billing = createBilling({ config, db: database.db, mailer, accounts, store, log: app.log });
  const access = accessHooks(accounts);

  // Open to anyone.
  await app.register(accountRoutes, { prefix: '/api/account', service: accounts, limiters });
  if (billing.stripe) {
    await app.register(stripeWebhookRoutes, { prefix: '/api', stripe: billing.stripe });
  }
  await app.register(hookRoutes, {
    prefix: '/api',
    db: database.db,
    agentService: agents.agentService,
    runService: agents.runService,
  });
  await app.register(emailConsentRoutes, { prefix: '/api', recipients: agents.recipients });
  // The official registry API answers under v0.1 and, for older clients, v0.
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
      usage: agents.usage,
      requests: billing.requests,
      stripe: billing.stripe,
      limiter: billing.limiter,
    });
    await signedIn.register(recipientRoutes, {
      prefix: '/api',
      recipients: agents.recipients,
      mailer,
      appUrl: config.appUrl,
    });
    await signedIn.register(agentRoutes, {
      prefix: '/api',
      agentService: agents.agentService,
      runService: agents.runService,
    });
    await signedIn.register(integrationRoutes, {
      prefix: '/api',
      credentials: agents.credentials,
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
        moderation,
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
    await agents.sandbox;
    agents.scheduler.start();
    mirror.start(MIRROR_CHECK_MS);
    agents.runService.kick();
  });
  app.addHook('onClose', async () => {
    await agents.scheduler.stop();
    await mirror.stop();
    await agents.runService.stop();
    await agents.sqlEngine.close();
    await (await agents.sandbox).close();
    clearInterval(sweep);
    store?.client.disconnect();
    await database.close();
  });

  app.decorate('spoke', {
    database,
    accounts,
    config,
    usage: agents.usage,
    runs: agents.runService,
    scheduler: agents.scheduler,
    poller: agents.poller,
    sqlEngine: agents.sqlEngine,
    mirror,
  });
  return app;
}
