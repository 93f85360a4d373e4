import { eq } from 'drizzle-orm';
import {
  AgentSpecSchema,
  ErrorCode,
  isUuid,
  type Agent,
  type AgentSpec,
  type CreatePhase,
  type RecompileResult,
  type User,
} from '@spoke/shared';
import {
  validateSpec,
  type IntegrationLookup,
  type LanguageModel,
  restateForTrigger,
} from '@spoke/agents';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import { agentJson, hasHook, type AgentRow } from './agent-json.ts';
import { createAgentSecrets, sendsWebhooks } from './agent-secrets.ts';
import { compileSpec, invalidSpec } from './compile-spec.ts';
import type { CredentialService } from './credentials.ts';
import type { AgentListCache } from './list-cache.ts';
import { createAgentListPages } from './list-page.ts';
import { pollJson } from './poll-state.ts';
import { syncSchedule } from './schedule-sync.ts';
import { specChanges } from './spec-changes.ts';
import type { UsageService } from './usage.ts';

export type AgentService = ReturnType<typeof createAgentService>;

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
  const { db, credentials, lists } = deps;
  const secrets = createAgentSecrets(db, deps.box);
  const { secretOf, signingSecretOf, hookSecretFor } = secrets;
  const pages = createAgentListPages({ db, usage: deps.usage, appUrl: deps.appUrl, lists });

  async function json(row: AgentRow, withSecret: boolean): Promise<Agent> {
    const signs = withSecret && sendsWebhooks(row.spec);
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
    if (!isUuid(id)) throw new AppError(404, ErrorCode.NOT_FOUND);
    const [row] = await db.select().from(agents).where(eq(agents.id, id));
    const allowed = row && (row.userId === user.id || (access === 'read' && user.is_admin));
    if (!allowed) throw new AppError(404, ErrorCode.NOT_FOUND);
    return row;
  }

  /** Changes an agent and its schedule together: a crash between the two leaves neither. */
  async function updateWithSchedule(
    id: string,
    values: Partial<AgentRow>,
    now = new Date(),
  ): Promise<AgentRow> {
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(agents).set(values).where(eq(agents.id, id)).returning();
      await syncSchedule(tx, row!, now, deps.lookup);
      return row!;
    });
    lists.forget(updated.userId);
    return updated;
  }

  return {
    find,
    secretOf,
    signingSecretOf,
    sendsWebhooks,
    json,
    listPage: pages.listPage,

    /**
     * Keeps the schedule row in step with the agent. `tx`: the transaction that changed the
     * agent, so that both changes land together.
     */
    syncSchedule(row: AgentRow, now = new Date(), tx: Db = db): Promise<void> {
      return syncSchedule(tx, row, now, deps.lookup);
    },

    /** The agent a hook call names: 404 unless it exists and is called from outside. */
    async findForHook(id: string): Promise<AgentRow> {
      const [row] = isUuid(id) ? await db.select().from(agents).where(eq(agents.id, id)) : [];
      if (!row || !hasHook(row.spec)) throw new AppError(404, ErrorCode.NOT_FOUND);
      return row;
    },

    async create(
      user: User,
      input: { prompt: string; timezone?: string },
      onPhase?: (phase: CreatePhase) => void,
    ): Promise<Agent> {
      const compiled = await compileSpec(input, deps.model(), onPhase);
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
        await syncSchedule(tx, inserted!, new Date(), deps.lookup);
        return inserted!;
      });
      lists.forget(user.id);
      return json(row, true);
    },

    /** What a new description would make of the agent: its spec and the changes, unsaved. */
    async recompile(
      user: User,
      id: string,
      input: { prompt: string; timezone?: string },
    ): Promise<RecompileResult> {
      const row = await find(user, id, 'write');
      const compiled = await compileSpec(input, deps.model());
      return {
        spec: compiled.spec,
        compiled_by: compiled.compiledBy,
        changes: specChanges(row.spec, compiled.spec),
      };
    },

    async patch(
      user: User,
      id: string,
      patch: Partial<AgentSpec>,
      prompt?: string,
    ): Promise<Agent> {
      const row = await find(user, id, 'write');
      const current = row.spec;
      const merged = { ...current, ...patch };
      const parsed = AgentSpecSchema.safeParse(merged);
      const problems = parsed.success ? validateSpec(parsed.data) : validateSpec(merged);
      if (problems.length || !parsed.success) throw invalidSpec(problems);
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
      if (!hasHook(row.spec)) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          fields: {
            'spec.trigger.type':
              'Only webhook triggers and events delivered by webhook have a secret',
          },
        });
      }
      const [updated] = await db
        .update(agents)
        .set({ webhookSecret: secrets.sealNewHookSecret(row.id), updatedAt: new Date() })
        .where(eq(agents.id, row.id))
        .returning();
      lists.forget(row.userId);
      return json(updated!, true);
    },
  };
}
