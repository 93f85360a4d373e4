import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import {
  MEMORY_LIMITS,
  type AgentSqlEngine,
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

/**
 * The agent's table for the SQL built-in: its memory as `memory(key, value, updated_at)`, read
 * by `engine` (an embedded database of the agent's own, see AgentSqlEngine) with the rows this
 * fixed query loads. Agent-written SQL never reaches the platform's database.
 */
export function agentMemoryTable(
  database: Database,
  engine: AgentSqlEngine,
  agentId: string,
): AgentTable {
  return engine.tableFor(agentId, () =>
    database.db
      .select({
        key: agentMemory.key,
        value: agentMemory.value,
        updated_at: agentMemory.updatedAt,
      })
      .from(agentMemory)
      .where(eq(agentMemory.agentId, agentId))
      .orderBy(asc(agentMemory.key)),
  );
}

/** What the built-in servers of one agent run with. */
export function builtinContextFor(options: {
  database: Database;
  sqlEngine: AgentSqlEngine;
  agentId: string;
  mailer: Mailer;
  webhookSecret?: string;
  allowPrivateNetworks?: boolean;
}): BuiltinContext {
  return {
    agentId: options.agentId,
    mailer: options.mailer,
    kv: databaseKeyValueStore(options.database, options.agentId),
    sql: agentMemoryTable(options.database, options.sqlEngine, options.agentId),
    network: { allowPrivateNetworks: options.allowPrivateNetworks ?? false },
    ...(options.webhookSecret ? { webhookSecret: options.webhookSecret } : {}),
  };
}
