import { randomBytes } from 'node:crypto';
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  AgentListSchema,
  AgentSpecSchema,
  ErrorCode,
  envelope,
  type Agent,
  type AgentListItem,
  type AgentSpec,
  type CreatePhase,
  type RecompileResult,
  type User,
} from '@spoke/shared';
import {
  compileAgent,
  validateSpec,
  VagueDescriptionError,
  CompileTimeoutError,
  CompileBusyError,
  type IntegrationLookup,
  type LanguageModel,
  restateForTrigger,
} from '@spoke/agents';
import type { Db } from '../../db/client.ts';
import { agentSchedules, agents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import { encodeCursor, type Cursor } from '../../lib/cursor.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { TextCache } from '../../lib/text-cache.ts';
import { agentJson, hasHook, type AgentRow } from './agent-json.ts';
import type { CredentialService } from './credentials.ts';
import type { AgentListCache } from './list-cache.ts';
import { pollJson, syncPolling } from './poll-state.ts';
import { nextFire } from './schedule.ts';
import { specChanges } from './spec-changes.ts';
import type { UsageService } from './usage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hookContext = (agentId: string) => `webhook:${agentId}`;
const newHookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
// Outgoing webhooks are signed with a secret of their own: a receiver of the agent's webhooks
// learns nothing that lets it call the agent's inbound hook.
const signingContext = (agentId: string) => `webhook-signing:${agentId}`;
const newSigningSecret = () => `whsig_${randomBytes(32).toString('base64url')}`;
/** Agents that send webhooks: their deliveries are signed. */
const sendsWebhooks = (spec: AgentSpec) => spec.integrations.some((i) => i.id === 'webhook');

export type AgentService = ReturnType<typeof createAgentService>;

/** What rendered list pages may hold at most, in characters of JSON. */
const RENDERED_CHARS = 8_000_000;

/**
 * A page of a user's agents with each one's last run status and usage since `since`, and the
 * user's stored credentials (plus one row past the page, when there is one). `paged`: after a
 * cursor.
 */
function pageQuery(db: Db, paged: boolean) {
  const userId = sql.placeholder('userId');
  const filters = [eq(agents.userId, userId)];
  if (paged) {
    const at = sql`${sql.placeholder('afterAt')}::timestamptz`;
    filters.push(
      or(
        lt(agents.createdAt, at),
        and(eq(agents.createdAt, at), lt(agents.id, sql`${sql.placeholder('afterId')}::uuid`)),
      )!,
    );
  }
  const since = sql`${sql.placeholder('since')}::timestamptz`;
  return db
    .select({
      id: agents.id,
      status: agents.status,
      pausedUntil: agents.pausedUntil,
      compiledBy: agents.compiledBy,
      // As text: parsed only when the page has to be rendered.
      specText: sql<string>`agents.spec::text`.as('spec_text'),
      createdAt: agents.createdAt,
      updatedAt: agents.updatedAt,
      lastRunAt: agents.lastRunAt,
      // Written out: in a one-table select Drizzle leaves column names unqualified.
      lastRunStatus: sql<
        string | null
      >`(select r.status from runs r where r.agent_id = agents.id order by r.created_at desc limit 1)`.as(
        'last_run_status',
      ),
      used: sql<{
        m: number | string;
        c: number | string;
      }>`(select json_build_object('m', coalesce(sum(r.messages), 0), 'c', coalesce(sum(r.credits), 0)) from runs r where r.agent_id = agents.id and r.created_at >= ${since})`.as(
        'used',
      ),
      // Not correlated: computed once for the whole page.
      connected: sql<
        string[]
      >`(select coalesce(json_agg(c.integration_id), '[]'::json) from integration_credentials c where c.user_id = ${userId}::uuid)`.as(
        'connected',
      ),
    })
    .from(agents)
    .where(and(...filters))
    .orderBy(desc(agents.createdAt), desc(agents.id))
    .limit(sql.placeholder('limit'));
}

/** SHA-256 of every value of the page `p`, row after row: all its rendered answer is made of. */
const digestOf = (rows: SQL) => sql<string>`encode(sha256(convert_to(${rows}, 'UTF8')), 'base64')`;

/**
 * Two statements over the same page, prepared once. `digest`: the page's digest alone; `rows`:
 * its values and the same digest, taken together. A page rendered before is sent again without
 * reading its rows.
 */
function listQueries(db: Db, paged: boolean) {
  const p = pageQuery(db, paged).as('p');
  const name = paged ? 'agent_list_after' : 'agent_list_first';
  return {
    digest: db
      .select({ digest: digestOf(sql`coalesce(string_agg(p::text, '|'), '')`) })
      .from(p)
      .prepare(`${name}_digest`),
    rows: db
      .select({
        id: p.id,
        status: p.status,
        pausedUntil: p.pausedUntil,
        compiledBy: p.compiledBy,
        specText: p.specText,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        lastRunAt: p.lastRunAt,
        lastRunStatus: p.lastRunStatus,
        used: p.used,
        connected: p.connected,
        digest: digestOf(sql`string_agg(p::text, '|') over ()`),
      })
      .from(p)
      .orderBy(desc(p.createdAt), desc(p.id))
      .prepare(name),
  };
}

export function createAgentService(deps: {
  db: Db;
  box: CryptoBox;
  credentials: CredentialService;
  usage: UsageService;
  appUrl: string;
  /** The configured language model, or null: the embedded compiler is used alone. */
  model: () => LanguageModel | null;
  /** Told of every change to an agent, since lists show them. */
  lists: AgentListCache;
  /** Where integrations are found: the catalog, unless a test brings a server of its own. */
  lookup?: IntegrationLookup;
}) {
  const { db, box, credentials, lists } = deps;
  const listBody = envelope(AgentListSchema);
  // Rendered list pages by user and the digest of the values they show: right for as long as
  // they are kept, whoever changed the data and wherever, since a change gives another digest.
  const rendered = new TextCache(10 * 60_000, RENDERED_CHARS);

  /** The answer for a page's rows (with the one past the page, if any). */
  function renderPage(
    rows: Awaited<ReturnType<(typeof listStatements)['first']['rows']['execute']>>,
    limit: number,
  ): string {
    const page = rows.slice(0, limit);
    const connected = new Set(rows[0]?.connected ?? []);
    const items: AgentListItem[] = page.map((row) => ({
      ...agentJson(
        { ...row, spec: JSON.parse(row.specText) as AgentRow['spec'] },
        { appUrl: deps.appUrl, connected },
      ),
      last_run_status: (row.lastRunStatus ?? null) as AgentListItem['last_run_status'],
      usage: { messages: Number(row.used.m), integration_credits: Number(row.used.c) },
    }));
    const last = page.at(-1);
    return jsonBody(listBody, {
      data: {
        agents: items,
        next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
      },
    });
  }
  const listStatements = { first: listQueries(db, false), after: listQueries(db, true) };
  /** Page reads under way, by user and page, with the `lists` stamp each began under. */
  const reading = new Map<string, { stamp: number; body: Promise<string> }>();

  /** Reads and renders a page of the user's agents, and keeps it in `lists`. */
  async function readPage(
    userId: string,
    key: string,
    limit: number,
    stamp: number,
    after?: Cursor,
  ): Promise<string> {
    const period = await deps.usage.periodOf(userId);
    const params = { userId, since: period.start.toISOString(), limit: limit + 1 };
    const statements = after ? listStatements.after : listStatements.first;
    const values = after
      ? { ...params, afterAt: after.createdAt.toISOString(), afterId: after.id }
      : params;
    // Kept lists are forgotten on every change: after one, the page is new. Without them a
    // digest of the page tells whether it was rendered before.
    const byDigest = !lists.enabled;
    const [known] = byDigest ? await statements.digest.execute(values) : [];
    let body = known ? rendered.get(`${userId} ${known.digest}`) : undefined;
    if (!body) {
      const rows = await statements.rows.execute(values);
      body = renderPage(rows, limit);
      if (byDigest && rows[0]) rendered.set(`${userId} ${rows[0].digest}`, body, rendered.stamp());
    }
    // The usage shown is this period's: a new period starts a new page.
    lists.set(userId, key, body, stamp, period.end.getTime());
    return body;
  }

  /**
   * The webhook secret, or null when there is none or it cannot be opened (SECRETS_KEY changed):
   * the agent then answers without it, hook calls are refused, and rotating makes a new one.
   */
  const secretOf = (row: AgentRow) => {
    if (!row.webhookSecret) return null;
    try {
      return box.open(row.webhookSecret, hookContext(row.id));
    } catch {
      return null;
    }
  };

  /**
   * The secret that signs the agent's outgoing webhooks, made on first need (agents from before
   * there was one, or whose sealed copy no longer opens). Compare-and-set: two runs starting
   * together agree on one.
   */
  async function signingSecretOf(row: AgentRow): Promise<string> {
    const open = (sealed: string | null) => {
      if (!sealed) return null;
      try {
        return box.open(sealed, signingContext(row.id));
      } catch {
        return null;
      }
    };
    const kept = open(row.webhookSigningSecret);
    if (kept) return kept;
    const secret = newSigningSecret();
    const [stored] = await db
      .update(agents)
      .set({ webhookSigningSecret: box.seal(secret, signingContext(row.id)) })
      .where(
        and(
          eq(agents.id, row.id),
          row.webhookSigningSecret
            ? eq(agents.webhookSigningSecret, row.webhookSigningSecret)
            : sql`${agents.webhookSigningSecret} is null`,
        ),
      )
      .returning({ id: agents.id });
    if (stored) return secret;
    // Another request stored one first: that one signs.
    const [current] = await db
      .select({ sealed: agents.webhookSigningSecret })
      .from(agents)
      .where(eq(agents.id, row.id));
    const theirs = open(current?.sealed ?? null);
    if (!theirs) throw new AppError(404, ErrorCode.NOT_FOUND);
    return theirs;
  }

  async function json(row: AgentRow, withSecret: boolean): Promise<Agent> {
    const signs = withSecret && sendsWebhooks(row.spec as AgentSpec);
    return agentJson(row, {
      appUrl: deps.appUrl,
      connected: await credentials.connected(row.userId),
      secret: withSecret ? secretOf(row) : null,
      signingSecret: signs ? await signingSecretOf(row) : null,
      poll: await pollJson(db, row, deps.lookup),
      prompt: row.prompt,
    });
  }

  /** The agent for its owner (404 for anyone else; admins may read). */
  async function find(user: User, id: string, access: 'read' | 'write'): Promise<AgentRow> {
    if (!UUID.test(id)) throw new AppError(404, ErrorCode.NOT_FOUND);
    const [row] = await db.select().from(agents).where(eq(agents.id, id));
    const allowed = row && (row.userId === user.id || (access === 'read' && user.is_admin));
    if (!allowed) throw new AppError(404, ErrorCode.NOT_FOUND);
    return row;
  }

  /**
   * Keeps the schedule row in step with the agent: only active scheduled agents, and active
   * agents that poll for their event, have one. `tx`: the transaction that changed the agent,
   * so that both changes land together.
   */
  async function syncSchedule(row: AgentRow, now = new Date(), tx: Db = db): Promise<void> {
    if (await syncPolling(tx, row, now, deps.lookup)) return;
    const spec = row.spec as AgentSpec;
    const next =
      spec.trigger.type === 'schedule' && row.status === 'active'
        ? nextFire(spec.trigger, now)
        : null;
    if (!next) {
      await tx.delete(agentSchedules).where(eq(agentSchedules.agentId, row.id));
      return;
    }
    await tx
      .insert(agentSchedules)
      .values({ agentId: row.id, nextRunAt: next })
      .onConflictDoUpdate({ target: agentSchedules.agentId, set: { nextRunAt: next } });
  }

  /** A webhook trigger, or an event delivered by webhook, needs a secret; others keep none. */
  function hookSecretFor(id: string, spec: AgentSpec, current: string | null) {
    if (!hasHook(spec)) return null;
    return current ?? box.seal(newHookSecret(), hookContext(id));
  }

  /** Changes an agent and its schedule together: a crash between the two leaves neither. */
  async function updateWithSchedule(
    id: string,
    values: Partial<AgentRow>,
    now = new Date(),
  ): Promise<AgentRow> {
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(agents).set(values).where(eq(agents.id, id)).returning();
      await syncSchedule(row!, now, tx);
      return row!;
    });
    lists.forget(updated.userId);
    return updated;
  }

  function invalid(problems: { path: string; message: string }[], prefix: string): AppError {
    return new AppError(422, ErrorCode.VALIDATION_FAILED, {
      fields: Object.fromEntries(problems.map((p) => [`${prefix}${p.path}`, p.message])),
    });
  }

  /** Compiles a description as creating an agent does: the same refusals, a validated spec. */
  async function compileFor(
    input: { prompt: string; timezone?: string },
    onPhase?: (phase: CreatePhase) => void,
  ) {
    const compiled = await compileAgent(
      { prompt: input.prompt, timezone: input.timezone },
      { model: deps.model(), onPhase },
    ).catch((error: unknown) => {
      if (error instanceof VagueDescriptionError)
        throw new AppError(422, ErrorCode.DESCRIPTION_TOO_VAGUE, {
          message: 'The description is too vague to build an agent from.',
          fields: { prompt: error.question },
        });
      if (error instanceof CompileTimeoutError)
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          fields: {
            prompt:
              'This description took too long to read. Shorten it or write it as a few plain sentences.',
          },
        });
      if (error instanceof CompileBusyError)
        throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, {
          message: 'Too many agents are being built right now. Try again in a moment.',
          retryAfterSec: 5,
        });
      throw error;
    });
    const problems = validateSpec(compiled.spec);
    if (problems.length) throw invalid(problems, 'spec.');
    return compiled;
  }

  return {
    find,
    secretOf,
    signingSecretOf,
    sendsWebhooks,
    json,
    syncSchedule,

    async create(
      user: User,
      input: { prompt: string; timezone?: string },
      onPhase?: (phase: CreatePhase) => void,
    ): Promise<Agent> {
      const compiled = await compileFor(input, onPhase);
      onPhase?.('saving');
      const id = crypto.randomUUID();
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(agents)
          .values({
            id,
            userId: user.id,
            compiledBy: compiled.compiledBy,
            prompt: input.prompt,
            spec: compiled.spec,
            webhookSecret: hookSecretFor(id, compiled.spec, null),
          })
          .returning();
        await syncSchedule(inserted!, new Date(), tx);
        return inserted!;
      });
      lists.forget(user.id);
      return json(row, true);
    },

    /**
     * A page of the user's agents, newest first, with each one's last run status and usage in
     * this billing period: the JSON text of the answer. One statement reads the page, its runs
     * and the user's stored credentials. A page kept by `lists` is sent again until something
     * changes or its time is up; without one, a first statement reads only the page's digest
     * (when `lists` keeps nothing) and a page rendered before is sent again as it was.
     */
    async listPage(userId: string, limit: number, after?: Cursor): Promise<string> {
      const key = `${limit}|${after ? encodeCursor(after) : ''}`;
      const cached = lists.get(userId, key);
      if (cached) return cached;
      // Requests for a page already being read, with no change made here since it began, wait
      // for that read instead of each running the same statement.
      const flight = `${userId} ${key}`;
      const running = reading.get(flight);
      if (running && running.stamp === lists.stamp()) return running.body;
      const stamp = lists.stamp();
      const body = readPage(userId, key, limit, stamp, after);
      reading.set(flight, { stamp, body });
      try {
        return await body;
      } finally {
        if (reading.get(flight)?.body === body) reading.delete(flight);
      }
    },

    /** What a new description would make of the agent: its spec and the changes, unsaved. */
    async recompile(
      user: User,
      id: string,
      input: { prompt: string; timezone?: string },
    ): Promise<RecompileResult> {
      const row = await find(user, id, 'write');
      const compiled = await compileFor(input);
      return {
        spec: compiled.spec,
        compiled_by: compiled.compiledBy,
        changes: specChanges(row.spec as AgentSpec, compiled.spec),
      };
    },

    async patch(
      user: User,
      id: string,
      patch: Partial<AgentSpec>,
      prompt?: string,
    ): Promise<Agent> {
      const row = await find(user, id, 'write');
      const current = row.spec as AgentSpec;
      const merged = { ...current, ...patch };
      const parsed = AgentSpecSchema.safeParse(merged);
      const problems = parsed.success ? validateSpec(parsed.data) : validateSpec(merged);
      if (problems.length || !parsed.success) throw invalid(problems, 'spec.');
      const spec = parsed.data;
      // A new trigger: the summary (unless the owner rewrote it too) and the notes stop speaking
      // of the old one.
      if (JSON.stringify(spec.trigger) !== JSON.stringify(current.trigger)) {
        const restated = restateForTrigger(current, spec.trigger, { prompt: row.prompt });
        if (patch.summary === undefined || patch.summary.trim() === current.summary)
          spec.summary = restated.summary;
        if (patch.assumptions === undefined) spec.assumptions = restated.assumptions;
      }
      const updated = await updateWithSchedule(row.id, {
        spec,
        ...(prompt === undefined ? {} : { prompt }),
        webhookSecret: hookSecretFor(row.id, spec, row.webhookSecret),
        updatedAt: new Date(),
      });
      return json(updated, true);
    },

    async remove(user: User, id: string): Promise<void> {
      const row = await find(user, id, 'write');
      await db.delete(agents).where(eq(agents.id, row.id));
      lists.forget(row.userId);
    },

    async pause(user: User, id: string): Promise<Agent> {
      const row = await find(user, id, 'write');
      const updated = await updateWithSchedule(row.id, { status: 'paused', updatedAt: new Date() });
      return json(updated, true);
    },

    async resume(user: User, id: string, now = new Date()): Promise<Agent> {
      const row = await find(user, id, 'write');
      if (row.pausedUntil && row.pausedUntil > now) {
        throw new AppError(429, ErrorCode.QUOTA_EXCEEDED, {
          message: `This agent is paused by a plan limit until ${row.pausedUntil.toISOString().slice(0, 10)}.`,
        });
      }
      const updated = await updateWithSchedule(
        row.id,
        { status: 'active', pausedUntil: null, updatedAt: now },
        now,
      );
      return json(updated, true);
    },

    async rotateWebhook(user: User, id: string): Promise<Agent> {
      const row = await find(user, id, 'write');
      if (!hasHook(row.spec as AgentSpec)) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          fields: {
            'spec.trigger.type':
              'Only webhook triggers and events delivered by webhook have a secret',
          },
        });
      }
      const [updated] = await db
        .update(agents)
        .set({
          webhookSecret: box.seal(newHookSecret(), hookContext(row.id)),
          updatedAt: new Date(),
        })
        .where(eq(agents.id, row.id))
        .returning();
      lists.forget(row.userId);
      return json(updated!, true);
    },
  };
}
