import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema.ts';

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
export function listQueries(db: Db, paged: boolean) {
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

/** A row of a page as `listQueries(...).rows` reads it. */
export type ListRow = Awaited<
  ReturnType<ReturnType<typeof listQueries>['rows']['execute']>
>[number];
