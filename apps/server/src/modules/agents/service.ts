import { randomBytes } from 'node:crypto';
import { and, desc, eq, getTableColumns, lt, or, sql } from 'drizzle-orm';
import {
  AgentSpecSchema,
  ErrorCode,
  type Agent,
  type AgentListItem,
  type AgentSpec,
  type CreatePhase,
  type User,
} from '@spoke/shared';
import { compileAgent, validateSpec, type LanguageModel } from '@spoke/agents';
import type { Db } from '../../db/client.ts';
import { agentSchedules, agents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { agentJson, hasHook, type AgentRow } from './agent-json.ts';
import type { CredentialService } from './credentials.ts';
import { nextFire } from './schedule.ts';
import type { UsageService } from './usage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hookContext = (agentId: string) => `webhook:${agentId}`;
const newHookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export type AgentService = ReturnType<typeof createAgentService>;

export function createAgentService(deps: {
  db: Db;
  box: CryptoBox;
  credentials: CredentialService;
  usage: UsageService;
  appUrl: string;
  /** The configured language model, or null: the embedded compiler is used alone. */
  model: () => LanguageModel | null;
}) {
  const { db, box, credentials } = deps;

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

  async function json(row: AgentRow, withSecret: boolean): Promise<Agent> {
    return agentJson(row, {
      appUrl: deps.appUrl,
      connected: await credentials.connected(row.userId),
      secret: withSecret ? secretOf(row) : null,
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
   * Keeps the schedule row in step with the agent: only active scheduled agents have one.
   * `tx`: the transaction that changed the agent, so that both changes land together.
   */
  async function syncSchedule(row: AgentRow, now = new Date(), tx: Db = db): Promise<void> {
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

  /** A webhook or event trigger needs a secret; other triggers keep none. */
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
    return db.transaction(async (tx) => {
      const [updated] = await tx.update(agents).set(values).where(eq(agents.id, id)).returning();
      await syncSchedule(updated!, now, tx);
      return updated!;
    });
  }

  function invalid(problems: { path: string; message: string }[], prefix: string): AppError {
    return new AppError(422, ErrorCode.VALIDATION_FAILED, {
      fields: Object.fromEntries(problems.map((p) => [`${prefix}${p.path}`, p.message])),
    });
  }

  return {
    find,
    secretOf,
    json,
    syncSchedule,

    async create(
      user: User,
      input: { prompt: string; timezone?: string },
      onPhase?: (phase: CreatePhase) => void,
    ): Promise<Agent> {
      const compiled = await compileAgent(
        { prompt: input.prompt, timezone: input.timezone },
        { model: deps.model(), onPhase },
      );
      const problems = validateSpec(compiled.spec);
      if (problems.length) throw invalid(problems, 'spec.');
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
      return json(row, true);
    },

    async list(userId: string, limit: number, after?: Cursor) {
      const filters = [eq(agents.userId, userId)];
      if (after) {
        filters.push(
          or(
            lt(agents.createdAt, after.createdAt),
            and(eq(agents.createdAt, after.createdAt), lt(agents.id, after.id)),
          )!,
        );
      }
      const { period } = await deps.usage.usageOf(userId);
      const since = period.start.toISOString();
      // One query for the page, its last run status and its usage: no query per agent.
      const rows = await db
        .select({
          ...getTableColumns(agents),
          // Written out: in a one-table select Drizzle leaves column names unqualified.
          lastRunStatus: sql<
            string | null
          >`(select r.status from runs r where r.agent_id = agents.id order by r.created_at desc limit 1)`,
          messagesUsed: sql<number>`(select coalesce(sum(r.messages), 0) from runs r where r.agent_id = agents.id and r.created_at >= ${since}::timestamptz)`,
          creditsUsed: sql<number>`(select coalesce(sum(r.credits), 0) from runs r where r.agent_id = agents.id and r.created_at >= ${since}::timestamptz)`,
        })
        .from(agents)
        .where(and(...filters))
        .orderBy(desc(agents.createdAt), desc(agents.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const connected = await credentials.connected(userId);
      const items: AgentListItem[] = page.map(
        ({ lastRunStatus, messagesUsed, creditsUsed, ...row }) => ({
          ...agentJson(row, { appUrl: deps.appUrl, connected }),
          last_run_status: (lastRunStatus ?? null) as AgentListItem['last_run_status'],
          usage: { messages: Number(messagesUsed), integration_credits: Number(creditsUsed) },
        }),
      );
      return { agents: items, last: page.at(-1), more: rows.length > limit };
    },

    async patch(user: User, id: string, patch: Partial<AgentSpec>): Promise<Agent> {
      const row = await find(user, id, 'write');
      const merged = { ...(row.spec as AgentSpec), ...patch };
      const parsed = AgentSpecSchema.safeParse(merged);
      const problems = parsed.success ? validateSpec(parsed.data) : validateSpec(merged);
      if (problems.length || !parsed.success) throw invalid(problems, 'spec.');
      const spec = parsed.data;
      const updated = await updateWithSchedule(row.id, {
        spec,
        webhookSecret: hookSecretFor(row.id, spec, row.webhookSecret),
        updatedAt: new Date(),
      });
      return json(updated, true);
    },

    async remove(user: User, id: string): Promise<void> {
      const row = await find(user, id, 'write');
      await db.delete(agents).where(eq(agents.id, row.id));
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
          fields: { 'spec.trigger.type': 'Only webhook and event triggers have a secret' },
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
      return json(updated!, true);
    },
  };
}
