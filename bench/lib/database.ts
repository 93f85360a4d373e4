import { createFreshDatabase } from '../../apps/server/src/test/fresh-database.ts';
import type { DatabaseChoice } from './context.ts';

export type FreshDatabase = {
  /** What to put in the server's `databaseUrl`. */
  url: string;
  /** For the report; never carries a password. */
  label: string;
  drop: () => Promise<void>;
};

/** A database of the run's own: in-memory PGlite, or a new PostgreSQL database dropped after. */
export async function freshDatabase(choice: DatabaseChoice): Promise<FreshDatabase> {
  if (choice.kind === 'pglite') {
    return { url: 'memory://', label: 'PGlite (in-memory)', drop: async () => {} };
  }
  const db = await createFreshDatabase(choice.url, 'spoke_bench');
  return {
    url: db.url,
    label: `PostgreSQL ${new URL(db.url).host}/${db.name}`,
    drop: db.drop,
  };
}
