import { inMemoryKeyValueStores, type BuiltinContext } from '@spoke/agents';

/** What the built-in servers act for: one agent, memory in this process, no mail or SQL. */
export function builtinContext(): BuiltinContext {
  return {
    agentId: 'bench',
    mailer: { send: async () => ({ id: 'bench' }) },
    kv: inMemoryKeyValueStores()('bench'),
    sql: {
      describe: async () => ({ table: 'none', columns: [] }),
      query: async () => ({ columns: [], rows: [], truncated: false }),
    },
    network: {},
  };
}
