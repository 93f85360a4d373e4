import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OFFICIAL_META_KEY, SERVER_SCHEMA_URL } from '@spoke/shared';
import { officialResponseValidator } from '@spoke/shared/server-json/official-documents';

/** An entry as the official registry lists it: server.json and its official `_meta`. */
export type OfficialEntry = {
  server: Record<string, unknown>;
  _meta: Record<string, Record<string, unknown>>;
};

export function officialEntry(
  name: string,
  version: string,
  at: string,
  meta: { status?: string; updatedAt?: string; isLatest?: boolean } = {},
  server: Record<string, unknown> = {},
): OfficialEntry {
  return {
    server: {
      $schema: SERVER_SCHEMA_URL,
      name,
      description: `The ${name.split('/')[1]} server`,
      version,
      remotes: [{ type: 'streamable-http', url: `https://${name.split('/')[1]}.example.com/mcp` }],
      ...server,
    },
    _meta: {
      [OFFICIAL_META_KEY]: {
        status: meta.status ?? 'active',
        publishedAt: at,
        updatedAt: meta.updatedAt ?? at,
        isLatest: meta.isLatest ?? true,
      },
    },
  };
}

const updatedAtOf = (e: OfficialEntry) => String(e._meta[OFFICIAL_META_KEY]?.updatedAt);
const statusOf = (e: OfficialEntry) => String(e._meta[OFFICIAL_META_KEY]?.status);
const keyOf = (e: OfficialEntry) => `${String(e.server.name)}\u0001${String(e.server.version)}`;
const validList = officialResponseValidator('GET', '/v0.1/servers', 200);

/**
 * A local registry that answers `GET /v0.1/servers` as the official OpenAPI document describes
 * it: `limit`, an opaque `cursor` over (name, version), `updated_since` (deleted entries
 * included then) and `include_deleted`, at most `pageSize` entries a page. Every page it sends
 * is checked against the document's ServerList schema. `respond` replaces its answer, for
 * upstreams that misbehave.
 */
export async function startFakeUpstream() {
  const entries = new Map<string, OfficialEntry>();
  const requests: URLSearchParams[] = [];
  const invalidPages: unknown[] = [];
  let pageSize = 2;
  let respond: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;

  function list(query: URLSearchParams) {
    const limit = Math.min(Number(query.get('limit') ?? 30), 100, pageSize);
    const since = query.get('updated_since');
    const withDeleted = since !== null || query.get('include_deleted') === 'true';
    const after = query.get('cursor')
      ? Buffer.from(query.get('cursor')!, 'base64url').toString('utf8')
      : '';
    const matching = [...entries.values()]
      .filter((e) => withDeleted || statusOf(e) !== 'deleted')
      // An entry with no date of its own (a broken upstream's) is in every answer.
      .filter((e) => !since || !(Date.parse(updatedAtOf(e)) <= Date.parse(since)))
      .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
      .filter((e) => !after || keyOf(e) > after);
    const page = matching.slice(0, limit);
    const more = matching.length > limit;
    return {
      servers: page,
      metadata: {
        count: page.length,
        ...(more ? { nextCursor: Buffer.from(keyOf(page.at(-1)!)).toString('base64url') } : {}),
      },
    };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    requests.push(url.searchParams);
    if (respond) return respond(req, res);
    if (req.method !== 'GET' || url.pathname !== '/v0.1/servers') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'Not found' }));
    }
    const body = list(url.searchParams);
    if (!validList(body)) invalidPages.push(validList.errors);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    /** Pages it sent that the official schema refuses: none, when it speaks the API. */
    invalidPages,
    put(...list: OfficialEntry[]) {
      for (const e of list) entries.set(keyOf(e), e);
    },
    setPageSize(n: number) {
      pageSize = n;
    },
    respond(handler: typeof respond) {
      respond = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeUpstream = Awaited<ReturnType<typeof startFakeUpstream>>;
