import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import {
  MEMORY_LIMITS,
  type AgentTable,
  type BuiltinContext,
  type KeyValueStore,
  type Mailer,
} from '@spoke/agents';
import type { Database } from '../../db/client.ts';
import { agentMemory } from '../../db/schema.ts';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An agent's memory in the database, with the limits every store keeps. */
export function databaseKeyValueStore(database: Database, agentId: string): KeyValueStore {
  const { db } = database;
  const where = (key: string) => and(eq(agentMemory.agentId, agentId), eq(agentMemory.key, key));
  return {
    async get(key) {
      const [row] = await db
        .select({ value: agentMemory.value })
        .from(agentMemory)
        .where(where(key));
      return row?.value;
    },
    async set(key, value) {
      if (key.length > MEMORY_LIMITS.maxKeyLength) {
        throw new Error(`Keys are at most ${MEMORY_LIMITS.maxKeyLength} characters`);
      }
      const json = JSON.stringify(value);
      if (json === undefined) throw new Error('The value must be JSON');
      const size = Buffer.byteLength(json);
      if (size > MEMORY_LIMITS.maxValueBytes) {
        throw new Error(`Values are at most ${MEMORY_LIMITS.maxValueBytes / 1024} KiB as JSON`);
      }
      const [existing] = await db
        .select({ key: agentMemory.key })
        .from(agentMemory)
        .where(where(key));
      if (!existing) {
        const [held] = await db
          .select({ n: count() })
          .from(agentMemory)
          .where(eq(agentMemory.agentId, agentId));
        if (Number(held?.n ?? 0) >= MEMORY_LIMITS.maxKeys) {
          throw new Error(
            `This agent's memory is full (${MEMORY_LIMITS.maxKeys} keys): delete some first`,
          );
        }
      }
      await db
        .insert(agentMemory)
        .values({ agentId, key, value: JSON.parse(json) as unknown, size, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [agentMemory.agentId, agentMemory.key],
          set: { value: sql`excluded.value`, size, updatedAt: new Date() },
        });
    },
    async delete(key) {
      const deleted = await db
        .delete(agentMemory)
        .where(where(key))
        .returning({ k: agentMemory.key });
      return deleted.length > 0;
    },
    async list(prefix, limit = 100) {
      const rows = await db
        .select({ key: agentMemory.key })
        .from(agentMemory)
        .where(
          and(
            eq(agentMemory.agentId, agentId),
            prefix ? like(agentMemory.key, `${likeEscape(prefix)}%`) : undefined,
          ),
        )
        .orderBy(asc(agentMemory.key))
        .limit(limit);
      return rows.map((r) => r.key);
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The agent's table for the SQL built-in: its memory as `memory(key, value, updated_at)`,
 * read in a READ ONLY transaction as the role spoke_agent_reader, which may read that view
 * only, with the agent chosen by a transaction-local setting and a statement timeout.
 */
export function databaseAgentTable(database: Database, agentId: string): AgentTable {
  if (!UUID.test(agentId)) throw new Error('not an agent id');
  return {
    async describe() {
      return {
        table: 'memory',
        columns: [
          { name: 'key', type: 'text' },
          { name: 'value', type: 'jsonb' },
          { name: 'updated_at', type: 'timestamptz' },
        ],
      };
    },
    async query(text, params, limits) {
      return database.readOnly(async (query) => {
        await query(`SELECT set_config('spoke.agent_id', $1, true)`, [agentId]);
        const timeout = Math.max(1, Math.min(60_000, Math.floor(limits.timeoutMs)));
        try {
          await query('SET LOCAL ROLE spoke_agent_reader');
        } catch {
          throw new Error(
            'SQL queries are unavailable on this platform: the database role spoke_agent_reader is missing',
          );
        }
        await query(`SET LOCAL statement_timeout = ${timeout}`);
        await query('SET LOCAL search_path = agent_space');
        const result = await query(text, params);
        const columns = result.fields.map((f) => f.name);
        const rows = result.rows.slice(0, limits.maxRows).map((r) => columns.map((c) => r[c]));
        return { columns, rows, truncated: result.rows.length > limits.maxRows };
      });
    },
  };
}

/** What the built-in servers of one agent run with. */
export function builtinContextFor(options: {
  database: Database;
  agentId: string;
  mailer: Mailer;
  webhookSecret?: string;
  allowPrivateNetworks?: boolean;
}): BuiltinContext {
  return {
    agentId: options.agentId,
    mailer: options.mailer,
    kv: databaseKeyValueStore(options.database, options.agentId),
    sql: databaseAgentTable(options.database, options.agentId),
    network: { allowPrivateNetworks: options.allowPrivateNetworks ?? false },
    ...(options.webhookSecret ? { webhookSecret: options.webhookSecret } : {}),
  };
}
