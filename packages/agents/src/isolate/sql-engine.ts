import type { AgentQueryResult, AgentTable } from '../builtins/types.ts';
import {
  KillableWorkerPool,
  WorkBusyError,
  WorkError,
  WorkTimeoutError,
} from './killable-worker.ts';

/** One query of one agent: its rows travel with it, as JSON text. */
export type SqlWork = { rowsJson: string; sql: string; params: unknown[]; maxRows: number };
export type SqlWorkResult = AgentQueryResult;

/** A memory row as the SQL built-in shows it. */
export type MemoryRow = { key: string; value: unknown; updated_at: Date | string };

export type SqlEngineOptions = {
  /** Engines at once, each serving one agent (a PostgreSQL in WebAssembly, 100-200 MB). */
  workers?: number;
  /** Queries that may wait for an engine. */
  maxQueue?: number;
  /** How long a query may wait for an engine. */
  maxWaitMs?: number;
  /** An engine unused this long is ended. */
  idleMs?: number;
};

/**
 * Agent-written SQL runs here and nowhere else: in an embedded PostgreSQL (PGlite) inside a
 * worker thread, one engine per agent. An engine starts from a snapshot taken before any agent
 * used it, holds nothing of the platform (no users, no other agents, no settings, no host
 * files: its file system is in WebAssembly memory), and serves one agent only until it is ended;
 * it is never handed to another agent. For each query it is given that agent's memory rows in a
 * transaction that is rolled back. What the SQL can reach is therefore decided by what the
 * engine contains, not by reading the SQL: even a statement that became the engine's superuser
 * would find only its own agent's rows. A query that overruns its time is stopped by
 * terminating the worker.
 */
export class AgentSqlEngine {
  readonly #pool: KillableWorkerPool<SqlWork, SqlWorkResult>;
  #snapshot: ArrayBuffer | undefined;

  constructor(options: SqlEngineOptions = {}) {
    this.#pool = new KillableWorkerPool({
      script: new URL('./sql-worker.ts', import.meta.url),
      size: options.workers ?? 2,
      maxQueue: options.maxQueue ?? 32,
      maxWaitMs: options.maxWaitMs ?? 30_000,
      // The first start sets the engine up (initdb); later ones load the snapshot.
      startTimeoutMs: 60_000,
      idleMs: options.idleMs ?? 60_000,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      workerData: () => (this.#snapshot ? { snapshot: this.#snapshot } : undefined),
      onReady: (snapshot) => {
        if (snapshot instanceof ArrayBuffer) this.#snapshot = snapshot;
      },
    });
  }

  /** Engines started so far (a stopped query starts a new one). */
  get started(): number {
    return this.#pool.started;
  }

  /** The table the SQL built-in reads for one agent, with rows from `load` at every query. */
  tableFor(agentId: string, load: () => Promise<MemoryRow[]>): AgentTable {
    return {
      describe: async () => ({
        table: 'memory',
        columns: [
          { name: 'key', type: 'text' },
          { name: 'value', type: 'jsonb' },
          { name: 'updated_at', type: 'timestamptz' },
        ],
      }),
      query: async (sql, params, limits) => {
        const rows = await load();
        const rowsJson = JSON.stringify(
          rows.map((r) => ({
            key: r.key,
            value: r.value,
            updated_at: r.updated_at instanceof Date ? r.updated_at.toISOString() : r.updated_at,
          })),
        );
        try {
          return await this.#pool.run(
            { rowsJson, sql, params, maxRows: limits.maxRows },
            limits.timeoutMs,
            agentId,
          );
        } catch (error) {
          if (error instanceof WorkError) throw new Error(error.message, { cause: error });
          if (error instanceof WorkTimeoutError) {
            throw new Error(
              `the query ran longer than ${limits.timeoutMs / 1000} s and was stopped`,
              { cause: error },
            );
          }
          if (error instanceof WorkBusyError) {
            throw new Error(`SQL is busy: ${error.message}`, { cause: error });
          }
          throw new Error(`the query was stopped: ${(error as Error).message}`, { cause: error });
        }
      },
    };
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }
}
