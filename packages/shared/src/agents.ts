import * as z from 'zod/mini';
import { AgentPlanSchema } from './agent-plan.ts';

/** The studio's capability cards and every agent's category. */
export const AGENT_CATEGORIES = [
  'DevOps Automation',
  'Customer Support',
  'Sales & CRM',
  'Content Creation',
  'Code Review',
  'Analytics & Reporting',
  'Other',
] as const;
export type AgentCategory = (typeof AGENT_CATEGORIES)[number];

export const PROMPT_MAX_LENGTH = 4000;
export const AGENT_NAME_MAX = 80;
export const AGENT_SUMMARY_MAX = 300;
export const INSTRUCTIONS_MAX = 8000;

const text = (max: number, what: string) =>
  z
    .string({ error: `${what} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${what} is required`),
      z.maxLength(max, `${what} must be at most ${max} characters`),
    );

export const POLL_INTERVAL_MIN_MINUTES = 1;
export const POLL_INTERVAL_MAX_MINUTES = 1440;
export const POLL_INTERVAL_DEFAULT_MINUTES = 15;

/**
 * How an event reaches an agent: the service calls the agent's webhook URL, or the platform polls
 * one of the integration's tools every `interval_minutes` and starts a run for what is new since
 * the previous poll (the cursor is kept per agent).
 */
export const EventDeliverySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('webhook') }),
  z.object({
    type: z.literal('poll'),
    interval_minutes: z
      .number({ error: 'Interval must be a number of minutes' })
      .check(
        z.int('Interval must be a whole number of minutes'),
        z.gte(
          POLL_INTERVAL_MIN_MINUTES,
          `Interval must be at least ${POLL_INTERVAL_MIN_MINUTES} minute`,
        ),
        z.lte(
          POLL_INTERVAL_MAX_MINUTES,
          `Interval must be at most ${POLL_INTERVAL_MAX_MINUTES} minutes`,
        ),
      ),
    /** The integration's tool that lists recent items; absent: the catalog's default for the event. */
    tool: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
    /** Arguments for that tool. */
    arguments: z.optional(z.record(z.string(), z.unknown())),
  }),
]);
export type EventDelivery = z.infer<typeof EventDeliverySchema>;

/** When an agent runs. */
export const AgentTriggerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('manual') }),
  z.object({
    type: z.literal('schedule'),
    /** Five-field cron expression, validated by the server with a real cron parser. */
    cron: text(100, 'Cron expression'),
    /** IANA time zone, e.g. Europe/Berlin. */
    timezone: text(64, 'Time zone'),
    /** The schedule in words, e.g. "every weekday at 9:00". */
    text: text(200, 'Schedule text'),
  }),
  z.object({ type: z.literal('webhook') }),
  z.object({
    type: z.literal('event'),
    /** Catalog integration id, e.g. `zendesk`. */
    integration: text(64, 'Integration'),
    /** The integration's event id, e.g. `ticket.created`, or `<object>.<action>` for others. */
    event: text(100, 'Event'),
    /** How the platform learns of the event; absent on agents saved before it existed: webhook. */
    delivery: z.optional(EventDeliverySchema),
  }),
]);
export type AgentTrigger = z.infer<typeof AgentTriggerSchema>;
export type AgentTriggerType = AgentTrigger['type'];

export const AgentIntegrationSchema = z.object({
  /** Catalog integration id. */
  id: text(64, 'Integration'),
  /** Why the agent uses it, in a few words. */
  why: z.string().check(z.maxLength(300)),
  /** The environment variables (configuration) it needs, by name. */
  config: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50)),
});
export type AgentIntegration = z.infer<typeof AgentIntegrationSchema>;

export const AgentStepSchema = z.object({
  text: text(500, 'Step'),
  /** Tools the step uses, as `<integration>.<tool>`. */
  tools: z.array(z.string().check(z.maxLength(150))).check(z.maxLength(20)),
});
export type AgentStep = z.infer<typeof AgentStepSchema>;

/** A service named in a description that no integration of the catalog can serve yet. */
export const UnavailableServiceSchema = z.object({
  /** The service as people write it, e.g. `G2`. */
  name: text(80, 'Service'),
  /** The catalog id when the catalog knows the service but has no MCP server for it. */
  id: z.optional(z.string().check(z.maxLength(64))),
  /** What the user can do instead, in a sentence or two. */
  help: z.string().check(z.maxLength(300)),
});
export type UnavailableService = z.infer<typeof UnavailableServiceSchema>;

/** What an agent is: compiled from a prompt, edited by its owner. */
export const AgentSpecSchema = z.object({
  name: text(AGENT_NAME_MAX, 'Name'),
  summary: z.string().check(z.trim(), z.maxLength(AGENT_SUMMARY_MAX)),
  category: z.enum(AGENT_CATEGORIES, { error: 'Unknown category' }),
  /** The agent's system prompt. */
  instructions: text(INSTRUCTIONS_MAX, 'Instructions'),
  trigger: AgentTriggerSchema,
  integrations: z.array(AgentIntegrationSchema).check(z.maxLength(20)),
  steps: z.array(AgentStepSchema).check(z.maxLength(30)),
  guardrails: z.array(z.string().check(z.maxLength(300))).check(z.maxLength(20)),
  /** What the compiler assumed: shown to the user to confirm. */
  assumptions: z.array(z.string().check(z.maxLength(300))).check(z.maxLength(20)),
  /** What the compiler could not decide: shown to the user as questions. */
  unresolved: z.array(z.string().check(z.maxLength(300))).check(z.maxLength(20)),
  /**
   * Services the description names that Spoke has no integration (or no MCP server) for yet, with
   * what the user can do instead. Absent on agents saved before it existed.
   */
  unavailable: z.optional(z.array(UnavailableServiceSchema).check(z.maxLength(20))),
  /**
   * The typed steps runs execute (see agent-plan.ts). Absent on agents saved before plans: their
   * runs are one model loop over the instructions, as a plan of one agent step would be.
   */
  plan: z.optional(AgentPlanSchema),
});
export type AgentSpec = z.infer<typeof AgentSpecSchema>;

export const AGENT_STATUSES = ['active', 'paused'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** Who produced a spec: the built-in compiler or a configured model. */
export const COMPILERS = ['embedded', 'model'] as const;
export type CompiledBy = (typeof COMPILERS)[number];

/**
 * Where polling stands for an event trigger delivered by polling (single-agent answers only; the
 * agent list leaves it out).
 */
export const AgentPollSchema = z.object({
  interval_minutes: z.number(),
  /** The tool called: the trigger's own, or the catalog's default for the event; null: none. */
  tool: z.nullable(z.string()),
  /** When the next poll is due; null while the agent is paused or cannot poll. */
  next_poll_at: z.nullable(z.string()),
  /** The last poll that reached the tool; null before the first (the baseline). */
  last_polled_at: z.nullable(z.string()),
  /** Why the last poll failed, or why the agent cannot poll; null when all is well. */
  last_error: z.nullable(z.string()),
});
export type AgentPoll = z.infer<typeof AgentPollSchema>;

export const AgentSchema = z.object({
  id: z.string(),
  status: z.enum(AGENT_STATUSES),
  /** Set when a plan limit paused the agent: the start of the next billing period. */
  paused_until: z.nullable(z.string()),
  compiled_by: z.enum(COMPILERS),
  spec: AgentSpecSchema,
  /** Whether the owner stored credentials for each of the spec's integrations. */
  connections: z.record(z.string(), z.boolean()),
  /** For a webhook trigger: where to call, and the secret (owner only). */
  webhook: z.nullable(z.object({ url: z.string(), secret: z.optional(z.string()) })),
  /**
   * For an agent that sends webhooks (owner only): the secret its deliveries are signed with.
   * Never the inbound secret, so a receiver cannot call the agent.
   */
  webhook_signing_secret: z.optional(z.string()),
  /** For an event trigger delivered by polling: its state; null for other triggers. */
  poll: z.optional(z.nullable(AgentPollSchema)),
  /** The description the agent was built from (answers about one agent). */
  prompt: z.optional(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  last_run_at: z.nullable(z.string()),
});
export type Agent = z.infer<typeof AgentSchema>;

const promptField = z
  .string({ error: 'Describe what the agent should do' })
  .check(
    z.trim(),
    z.minLength(1, 'Describe what the agent should do'),
    z.maxLength(
      PROMPT_MAX_LENGTH,
      `The description must be at most ${PROMPT_MAX_LENGTH} characters`,
    ),
  );

export const CreateAgentSchema = z.object({
  prompt: promptField,
  /** The browser's time zone, for schedules written without one. */
  timezone: z.optional(z.string().check(z.maxLength(64))),
});
export type CreateAgent = z.input<typeof CreateAgentSchema>;

/** The phases of `POST /api/agents`, streamed as NDJSON when the client asks for them. */
export const CREATE_PHASES = ['understanding', 'integrations', 'planning', 'saving'] as const;
export type CreatePhase = (typeof CREATE_PHASES)[number];

/**
 * `PATCH /api/agents/{id}`: spec fields to replace; the result is validated as a whole. `prompt`
 * replaces the description it was built from (with the spec its recompile proposed).
 */
export const PatchAgentSchema = z.object({
  spec: z.partial(AgentSpecSchema),
  prompt: z.optional(promptField),
});

/**
 * `POST /api/agents/{id}/recompile`: the spec a new description compiles to, and what would
 * change, in words; nothing is saved until the spec is sent back with PATCH.
 */
export const RecompileResultSchema = z.object({
  spec: AgentSpecSchema,
  compiled_by: z.enum(COMPILERS),
  changes: z.array(z.string()),
});
export type RecompileResult = z.infer<typeof RecompileResultSchema>;
export type PatchAgent = z.input<typeof PatchAgentSchema>;

export const AgentResultSchema = z.object({ agent: AgentSchema });
export const AgentListSchema = z.object({
  agents: z.array(
    z.object({
      ...AgentSchema.shape,
      /** The latest run's status, if any. */
      last_run_status: z.nullable(z.string()),
      /** Runs and tool calls of this agent in the current billing period. */
      usage: z.object({ messages: z.number(), integration_credits: z.number() }),
    }),
  ),
  next_cursor: z.nullable(z.string()),
});
export type AgentListItem = z.infer<typeof AgentListSchema>['agents'][number];

// ---- Runs ----

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const TokensSchema = z.object({ input: z.number(), output: z.number() });

export const RunStepSchema = z.object({
  index: z.number(),
  /** `control`: a plan's `if` or `for_each` deciding, told in `text`. */
  type: z.enum(['model', 'tool', 'control']),
  /** The id of the plan step it belongs to, for runs of a plan. */
  plan_step: z.optional(z.string()),
  /**
   * Why the step was not carried out, in a dry run: a tool that writes is not called (its
   * `arguments` are what it would send), the model is not asked.
   */
  skipped: z.optional(z.string()),
  duration_ms: z.number(),
  /** Model steps: what the model said. */
  text: z.optional(z.string()),
  tokens: z.optional(TokensSchema),
  /** Tool steps: `<integration>.<tool>`, its arguments, its result or error. */
  tool: z.optional(z.string()),
  arguments: z.optional(z.unknown()),
  result: z.optional(z.unknown()),
  error: z.optional(z.nullable(z.string())),
});
export type RunStep = z.infer<typeof RunStepSchema>;

export const RunSchema = z.object({
  id: z.string(),
  agent_id: z.string(),
  status: z.enum(RUN_STATUSES),
  trigger: z.enum(['manual', 'schedule', 'webhook', 'event']),
  input: z.nullable(z.unknown()),
  created_at: z.string(),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
  usage: z.object({ messages: z.number(), integration_credits: z.number(), tokens: TokensSchema }),
  /** Why the run failed: the model's or a tool's error, the step cap or the time limit. */
  error: z.nullable(z.string()),
  steps: z.optional(z.array(RunStepSchema)),
});
export type Run = z.infer<typeof RunSchema>;

export const StartRunSchema = z.object({
  input: z.optional(
    z.union([z.string().check(z.maxLength(20_000)), z.record(z.string(), z.unknown())]),
  ),
  dry_run: z.optional(z.boolean()),
});
export type StartRun = z.input<typeof StartRunSchema>;

export const RunResultSchema = z.object({ run: RunSchema });
export const RunListSchema = z.object({
  runs: z.array(RunSchema),
  next_cursor: z.nullable(z.string()),
});

/** A run in the list of the user's recent runs, across their agents: it names its agent. */
export const RecentRunSchema = z.extend(RunSchema, { agent_name: z.string() });
export type RecentRun = z.infer<typeof RecentRunSchema>;
export const RecentRunListSchema = z.object({
  runs: z.array(RecentRunSchema),
  next_cursor: z.nullable(z.string()),
});

/** `dry_run: true`: what a run would do, executed and counted nothing. */
export const DryRunSchema = z.object({
  dry_run: z.literal(true),
  model_configured: z.boolean(),
  steps: z.array(AgentStepSchema),
  /** The tools the agent would offer the model, as `<integration>.<tool>`. */
  tools: z.array(z.object({ name: z.string(), description: z.string() })),
  /** Integrations whose credentials are missing. */
  missing_connections: z.array(z.string()),
  /**
   * For an agent with a plan: the plan run for real as far as reading goes — tools that only read
   * are called, each tool that writes is shown with exactly what it would send, the model is not
   * asked.
   */
  plan_run: z.optional(
    z.object({
      status: z.enum(['succeeded', 'failed']),
      error: z.nullable(z.string()),
      steps: z.array(RunStepSchema),
    }),
  ),
});
export type DryRun = z.infer<typeof DryRunSchema>;

// ---- Integrations and credentials ----

export const IntegrationInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  transport: z.string(),
  builtin: z.boolean(),
  env: z.array(
    z.object({
      name: z.string(),
      /** What a form calls it ("Bot token"); `name` is the variable the server is given. */
      label: z.string(),
      description: z.string(),
      secret: z.boolean(),
      required: z.boolean(),
    }),
  ),
  events: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Whether the service can call the agent's webhook for it (absent: yes). */
      webhook: z.optional(z.boolean()),
      /** The tool the platform polls for it when the trigger names none. */
      poll_tool: z.optional(z.string()),
    }),
  ),
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /** The tool's input JSON Schema, where the catalog records it: plan editors build fields from it. */
      input_schema: z.optional(z.record(z.string(), z.unknown())),
      /** Whether the tool only reads (dry runs call it for real). */
      read_only: z.optional(z.boolean()),
    }),
  ),
  /** Whether the user stored credentials (always true for built-ins, which need none). */
  connected: z.boolean(),
  /**
   * Whether Spoke can run the integration's MCP server. A well-known service without one is in
   * the catalog so agents can name it; it cannot be connected, and `website` says where it lives.
   */
  available: z.boolean(),
  website: z.optional(z.string()),
  /** A remote the user connects by signing in with OAuth ("Connect with …"), not with values. */
  oauth: z.optional(z.boolean()),
  /** For an OAuth remote: whether the user signed in and the tokens are kept. */
  signed_in: z.optional(z.boolean()),
});
export type IntegrationInfo = z.infer<typeof IntegrationInfoSchema>;
export const IntegrationListSchema = z.object({ integrations: z.array(IntegrationInfoSchema) });

/** `PUT /api/integrations/{id}/credentials`: every value the integration needs. */
export const SaveCredentialsSchema = z.object({
  values: z.record(
    z.string().check(z.regex(/^[A-Z][A-Z0-9_]*$/, 'Names are upper-case, like API_KEY')),
    z.string().check(z.maxLength(10_000, 'Values must be at most 10000 characters')),
  ),
});
export type SaveCredentials = z.input<typeof SaveCredentialsSchema>;
