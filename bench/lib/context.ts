import type { LoadSettings } from './settings.ts';

/** The PostgreSQL server benchmarks use when no URL is given. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Where the server under test keeps its data: in-memory PGlite, or a PostgreSQL server. */
export type DatabaseChoice = { kind: 'pglite' } | { kind: 'postgres'; url: string };

/** What `bench/run.ts` hands every suite. */
export type BenchContext = {
  settings: LoadSettings;
  database: DatabaseChoice;
  /** Directory for `<suite>.json` result files (git-ignored). */
  resultsDir: string;
};

/** A suite is a folder under bench/ whose index.ts exports this. */
export type Suite = { run: (ctx: BenchContext) => Promise<void> };
