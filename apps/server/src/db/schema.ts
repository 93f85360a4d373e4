import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AgentSpec,
  AgentStatus,
  CompiledBy,
  ContactTopic,
  MirrorMeta,
  MirrorRunResult,
  PlanId,
  RegistryOrigin,
  Run,
  RunStatus,
  RunStep,
  ServerStatus,
  TokenScope,
  TrustLevel,
} from '@spoke/shared';

// Milliseconds, as JavaScript dates carry them: keyset cursors compare exactly what they stored.
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// Table and field names follow better-auth's models (user, session, account, verification),
// pluralised; the extra user columns hold what registration collects.
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    role: text('role'),
    teamSize: text('team_size'),
    useCase: text('use_case'),
    newsletter: boolean('newsletter').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    plan: text('plan').$type<PlanId>().notNull().default('free'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // One registry namespace per username: `foo_bar` and `Foo-Bar` cannot both exist.
    uniqueIndex('users_username_namespace_idx').on(sql`lower(replace(${t.username}, '_', '-'))`),
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // SHA-256 of the bearer token; the token itself is never stored.
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The last request made with the session (kept to the minute): the idle timeout's clock. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** One-time codes that hand a Google sign-in to the page without a token in any URL. */
export const loginCodes = pgTable('login_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  remember: boolean('remember').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Links mailed to prove an e-mail address: the SHA-256 of the token only, for one user and the
 * address it was sent to. Taken (deleted) by the one use that succeeds.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Messages sent through the contact form; read by admins. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').$type<ContactTopic>().notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt, t.id)],
);

/** Tokens for programs (the CLI): `spk_…`, stored as SHA-256; scopes say what they may do. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<TokenScope[]>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Text ordered and compared byte by byte whatever the database's locale: registry names sort the
 * same on every database, and the same as the search index kept in memory sorts them.
 */
const bytewiseText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** A transaction id (`pg_current_xact_id()`), as text: what the search index reads changes by. */
const transactionId = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * One row per MCP server in the platform's registry: what the list and search read. The
 * versions' server.json documents are in registry_versions.
 */
export const registryServers = pgTable(
  'registry_servers',
  {
    name: bytewiseText('name').primaryKey(),
    /** `catalog` (seeded from the integrations catalog), `published` (by a user) or `mirror`. */
    origin: text('origin').$type<RegistryOrigin>().notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<ServerStatus>().notNull().default('active'),
    trustLevel: text('trust_level').$type<TrustLevel>().notNull(),
    integrationId: text('integration_id'),
    category: text('category'),
    license: text('license'),
    tools: jsonb('tools').$type<{ name: string; description: string }[]>(),
    downloadCount: integer('download_count').notNull().default(0),
    latestVersion: text('latest_version').notNull(),
    /** Lower-cased name, title, description and keywords: what search matches. */
    searchText: text('search_text').notNull(),
    /**
     * The transaction that last changed what search reads (name, search text, status, category,
     * trust): set on insert by default and on update by a trigger (migration 0011).
     */
    changedBy: transactionId('changed_by')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    ...timestamps,
  },
  (t) => [
    index('registry_servers_updated_idx').on(t.updatedAt),
    index('registry_servers_changed_idx').on(t.changedBy),
    index('registry_servers_owner_idx').on(t.ownerId),
    // Trigram index: `search_text LIKE '%word%'` without reading every row.
    index('registry_servers_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * A registry this one mirrors (the official MCP registry first): read on a schedule through its
 * public API, from `updated_since` on. `cursor` is the newest upstream `updatedAt` applied; a
 * failed run leaves it as it was.
 */
export const registryUpstreams = pgTable('registry_upstreams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** The API's base address, without `/v0/servers`. */
  url: text('url').notNull().unique(),
  enabled: boolean('enabled').notNull().default(true),
  /** The trust level mirrored entries get here, whatever the upstream says of them. */
  trustLevel: text('trust_level').$type<TrustLevel>().notNull(),
  cursor: text('cursor'),
  /**
   * A pass left unfinished at a run's page cap: the upstream's page cursor to go on from, and
   * the newest `updatedAt` read so far in it (the cursor once the pass ends).
   */
  pageCursor: text('page_cursor'),
  passCursor: text('pass_cursor'),
  /** When a run is due; instances claim it by compare-and-set. */
  nextSyncAt: timestamp('next_sync_at', { withTimezone: true, precision: 3 }).notNull(),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastResult: jsonb('last_result').$type<MirrorRunResult>(),
  ...timestamps,
});

export const registryVersions = pgTable(
  'registry_versions',
  {
    serverName: bytewiseText('server_name')
      .notNull()
      .references(() => registryServers.name, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    /** The upstream a mirrored version was read from; null for versions published here. */
    upstreamId: uuid('upstream_id').references(() => registryUpstreams.id, {
      onDelete: 'cascade',
    }),
    /** Served as the entry's `_meta["dev.spoke/mirror"]`. */
    upstreamMeta: jsonb('upstream_meta').$type<MirrorMeta>(),
  },
  (t) => [
    primaryKey({ columns: [t.serverName, t.version] }),
    index('registry_versions_upstream_idx').on(t.upstreamId),
  ],
);

/**
 * Who may publish in a namespace: a user's own `dev.spoke.<username>` (claimed at their first
 * publish) and namespaces an administrator granted.
 */
export const registryNamespaces = pgTable('registry_namespaces', {
  namespace: text('namespace').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the registry was last seeded from: a hash of the catalog entries. */
export const registrySeeds = pgTable('registry_seeds', {
  id: text('id').primaryKey(),
  hash: text('hash').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An agent: compiled from a prompt, edited by its owner. */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<AgentStatus>().notNull().default('active'),
    /** Set when a plan limit paused the agent: the start of the next billing period. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    compiledBy: text('compiled_by').$type<CompiledBy>().notNull(),
    prompt: text('prompt').notNull(),
    spec: jsonb('spec').$type<AgentSpec>().notNull(),
    /** The webhook secret, sealed with SECRETS_KEY (it must be shown to the owner again). */
    webhookSecret: text('webhook_secret'),
    /** Signs the agent's outgoing webhooks; sealed like the inbound one, never the same. */
    webhookSigningSecret: text('webhook_signing_secret'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('agents_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

/** When each scheduled agent runs next; the scheduler moves it on with compare-and-set. */
export const agentSchedules = pgTable(
  'agent_schedules',
  {
    agentId: uuid('agent_id')
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('agent_schedules_next_idx').on(t.nextRunAt)],
);

/**
 * Where polling stands for an agent whose event trigger is delivered by polling; the next poll's
 * time is its row in `agent_schedules`, moved on by compare-and-set like a schedule's.
 */
export const agentPolls = pgTable('agent_polls', {
  agentId: uuid('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  /** What is polled (integration, event, tool, arguments) as a key: a change starts over. */
  source: text('source').notNull(),
  /** Keys of the items seen, newest first, at most 1,000; null until the first poll (baseline). */
  seen: jsonb('seen').$type<string[]>(),
  /** Raised by every change: a poll stores its outcome only over the state it read. */
  version: integer('version').notNull().default(0),
  lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
  lastError: text('last_error'),
});

export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<RunStatus>().notNull().default('queued'),
    trigger: text('trigger').$type<Run['trigger']>().notNull(),
    input: jsonb('input'),
    error: text('error'),
    messages: integer('messages').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A running run past this moment was abandoned (its instance died): it is failed. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
  },
  (t) => [
    index('runs_agent_created_idx').on(t.agentId, t.createdAt, t.id),
    index('runs_status_created_idx').on(t.status, t.createdAt),
  ],
);

export const runSteps = pgTable(
  'run_steps',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    step: jsonb('step').$type<RunStep>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.index] })],
);

/** A user's credentials for an integration, sealed with SECRETS_KEY; never sent back. */
export const integrationCredentials = pgTable(
  'integration_credentials',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    integrationId: text('integration_id').notNull(),
    sealed: text('sealed').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.integrationId] })],
);

/** Messages and integration credits used in one billing period. */
export const usagePeriods = pgTable(
  'usage_periods',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    messages: integer('messages').notNull().default(0),
    credits: integer('credits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart] })],
);

/** Messages used on one UTC day (for plans with a daily limit). */
export const usageDays = pgTable(
  'usage_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** The key-value memory of each agent (the `memory` built-in). */
export const agentMemory = pgTable(
  'agent_memory',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.key] })],
);

/** Signed webhook calls already accepted, kept until their timestamp is too old anyway. */
export const webhookDeliveriesSeen = pgTable(
  'webhook_deliveries_seen',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.signature] }),
    index('webhook_deliveries_seen_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Addresses a user's agents may e-mail besides the user's own: `pending` until the recipient
 * answers the confirmation mail, then `confirmed` or `declined` (kept, so it is not asked again).
 */
export const emailRecipients = pgTable(
  'email_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    status: text('status')
      .$type<'pending' | 'confirmed' | 'declined'>()
      .notNull()
      .default('pending'),
    /** SHA-256 of the confirmation link's token while it is pending. */
    tokenHash: text('token_hash'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_recipients_user_email_idx').on(t.userId, t.email),
    uniqueIndex('email_recipients_token_idx').on(t.tokenHash),
  ],
);

/** E-mails a user's agents (and confirmation requests) sent on one UTC day. */
export const emailDays = pgTable(
  'email_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A random salt per UTC day for download clients; dropped after the day. */
export const registryDownloadSalts = pgTable('registry_download_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * Registry servers deleted outright (a catalog entry renamed, an upstream removed), written by a
 * trigger (migration 0011): how another instance's search index learns a name is gone.
 */
export const registryServerRemovals = pgTable(
  'registry_server_removals',
  {
    name: bytewiseText('name').notNull(),
    changedBy: transactionId('changed_by')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('registry_server_removals_changed_idx').on(t.changedBy)],
);

/** Who downloaded a server on a day, as a salted hash: one count per client, server and day. */
export const registryDownloads = pgTable(
  'registry_downloads',
  {
    serverName: text('server_name')
      .notNull()
      .references(() => registryServers.name, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    clientHash: text('client_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.serverName, t.day, t.clientHash] }),
    index('registry_downloads_day_idx').on(t.day),
  ],
);

/**
 * A user's Stripe customer (one per user, created at their first checkout) and the subscription
 * the signed webhooks last reported. `last_event_at` is the `created` time of the newest event
 * applied: an older event delivered late changes nothing.
 */
export const stripeCustomers = pgTable(
  'stripe_customers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('stripe_customers_customer_idx').on(t.customerId)],
);

/** Stripe events already applied, by id: a replayed event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's request for another plan, when there is no online checkout: `pending` until an admin
 * approves or declines it (with an optional note), or the user withdraws it or asks for another.
 * At most one pending request per user.
 */
export const planRequests = pgTable(
  'plan_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').$type<PlanId>().notNull(),
    period: text('period').$type<'monthly' | 'yearly'>().notNull(),
    /** The plan the user was on when asking. */
    fromPlan: text('from_plan').$type<PlanId>().notNull(),
    status: text('status')
      .$type<'pending' | 'approved' | 'declined' | 'withdrawn'>()
      .notNull()
      .default('pending'),
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_requests_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('plan_requests_user_idx').on(t.userId, t.createdAt),
    index('plan_requests_status_idx').on(t.status, t.createdAt),
  ],
);

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  loginCodes,
  emailVerifications,
  contactMessages,
  apiTokens,
  registryServers,
  registryVersions,
  registryNamespaces,
  registrySeeds,
  registryUpstreams,
  agents,
  agentSchedules,
  agentPolls,
  runs,
  runSteps,
  integrationCredentials,
  usagePeriods,
  usageDays,
  agentMemory,
  webhookDeliveriesSeen,
  emailRecipients,
  emailDays,
  registryDownloadSalts,
  registryDownloads,
  stripeCustomers,
  stripeEvents,
  planRequests,
};
export type Schema = typeof schema;
