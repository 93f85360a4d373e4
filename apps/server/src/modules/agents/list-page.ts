import { LRUCache } from 'lru-cache';
import { AgentListSchema, envelope, type AgentListItem, type AgentSpec } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { encodeCursor, type Cursor } from '../../lib/cursor.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { agentJson } from './agent-json.ts';
import type { AgentListCache } from './list-cache.ts';
import { listQueries, type ListRow } from './list-page-query.ts';
import type { UsageService } from './usage.ts';

/** What rendered list pages may hold at most, in characters of JSON. */
const RENDERED_CHARS = 8_000_000;

export type AgentListPages = ReturnType<typeof createAgentListPages>;

/** The pages of users' agent lists, read in one statement each and sent as rendered JSON. */
export function createAgentListPages(deps: {
  db: Db;
  usage: UsageService;
  appUrl: string;
  /** Kept pages, forgotten on every change to what they show. */
  lists: AgentListCache;
}) {
  const { db, lists } = deps;
  const listBody = envelope(AgentListSchema);
  // Rendered list pages by user and the digest of the values they show: right for as long as
  // they are kept, whoever changed the data and wherever, since a change gives another digest.
  const rendered = new LRUCache<string, string>({
    ttl: 10 * 60_000,
    maxSize: RENDERED_CHARS,
    sizeCalculation: (body) => body.length,
  });

  /** The answer for a page's rows (with the one past the page, if any). */
  function renderPage(rows: ListRow[], limit: number): string {
    const page = rows.slice(0, limit);
    const connected = new Set(rows[0]?.connected ?? []);
    const items: AgentListItem[] = page.map((row) => ({
      ...agentJson(
        { ...row, spec: JSON.parse(row.specText) as AgentSpec },
        { appUrl: deps.appUrl, connected },
      ),
      last_run_status: row.lastRunStatus ?? null,
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
  const reading = new SingleFlight<string>();

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
      if (byDigest && rows[0]) rendered.set(`${userId} ${rows[0].digest}`, body);
    }
    // The usage shown is this period's: a new period starts a new page.
    lists.set(userId, key, body, stamp, period.end.getTime());
    return body;
  }

  return {
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
      const stamp = lists.stamp();
      return reading.run(`${userId} ${key}`, stamp, () =>
        readPage(userId, key, limit, stamp, after),
      );
    },
  };
}
