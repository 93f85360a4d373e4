import { sql } from 'drizzle-orm';
import { ErrorCode } from '@spoke/shared';
import type { App } from '../../app.ts';

/** What the server may answer with each error status; anything else breaks the contract. */
const CODES_FOR_STATUS: Record<number, readonly string[]> = {
  400: [ErrorCode.BAD_REQUEST, ErrorCode.INVALID_TOKEN],
  401: [ErrorCode.UNAUTHORIZED, ErrorCode.INVALID_CREDENTIALS],
  403: [ErrorCode.FORBIDDEN],
  404: [ErrorCode.NOT_FOUND],
  409: [ErrorCode.CONFLICT],
  413: [ErrorCode.PAYLOAD_TOO_LARGE],
  415: [ErrorCode.UNSUPPORTED_MEDIA_TYPE],
  422: [ErrorCode.VALIDATION_FAILED, ErrorCode.DESCRIPTION_TOO_VAGUE],
  429: [ErrorCode.RATE_LIMITED, ErrorCode.QUOTA_EXCEEDED],
  503: [ErrorCode.MODEL_NOT_CONFIGURED],
};

/** Traces of the server's insides: stack frames, file paths, SQL and driver errors. */
const INTERNALS = [
  /\bat (?:async )?[\w.$<>[\]]+ \(/,
  /\bat \S+:\d+:\d+/,
  /node:internal|node_modules|\/work\/|\/home\/|\/tmp\/|\/usr\/|[A-Z]:\\\\/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /\b(?:Type|Range|Syntax|Reference|Postgres|Database)?Error: /,
  /\b(?:select|insert|update|delete)\b[^"]{0,200}\b(?:from|into|set|where)\b/i,
  /relation "|violates|duplicate key|syntax error at|invalid input syntax|invalid byte sequence/i,
  /unsupported Unicode|out of range|stack depth|PGlite|postgres|drizzle|FST_[A-Z_]+|ECONN/i,
  /"stack"|"statusCode"/,
];

export type Sent = {
  method: string;
  /** The route's path with `:params`, as the route inventory lists it. */
  route: string;
  url: string;
  /** Everything the request carried, to tell an echo of the input from a leak. */
  text: string;
  /** 503 MODEL_NOT_CONFIGURED is this route's documented answer without a model. */
  modelOptional?: boolean;
};

export type Answer = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
};

const describe = (sent: Sent, res: Answer) =>
  `${sent.method} ${sent.url.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 400)}`;

/** Throws when an answer breaks one of the invariants every answer must keep. */
export function checkAnswer(sent: Sent, res: Answer): void {
  const fail = (why: string): never => {
    throw new Error(`${why}: ${describe(sent, res)}`);
  };
  const status = res.statusCode;
  if (status >= 500 && !(status === 503 && sent.modelOptional)) fail('server error');
  // HEAD answers carry the headers of their GET and no body.
  if (sent.method === 'HEAD') return;
  if (status >= 400) {
    // Refusals before a route is found (a URL that does not decode or resolve) keep the envelope.
    const official = isOfficialRegistryRoute(sent) && !res.body.startsWith('{"error":{');
    if (official) checkOfficialError(res, fail);
    else checkEnvelope(res, fail);
    const body = JSON.parse(res.body) as { code?: string; error: { code: string } };
    const code = official ? body.code! : body.error.code;
    const allowed = CODES_FOR_STATUS[status];
    if (!allowed) fail(`status ${status} is not one the API documents`);
    // The official registry answers 400 to a version published already.
    else if (!allowed.includes(code) && !(official && status === 400 && code === 'CONFLICT')) {
      fail(`code ${code} does not go with status ${status}`);
    }
    for (const pattern of INTERNALS) {
      const found = pattern.exec(res.body)?.[0];
      if (found && !sent.text.toLowerCase().includes(found.toLowerCase())) {
        fail(`internals in the body (${found})`);
      }
    }
    return;
  }
  if (status >= 300) {
    if (typeof res.headers.location !== 'string') fail('redirect without a location');
    return;
  }
  // A preflight of the registry: headers, no body.
  if (sent.method === 'OPTIONS' && status === 204) {
    if (!isOfficialRegistryRoute(sent)) fail('a preflight outside the registry');
    if (res.headers['access-control-allow-origin'] !== '*') fail('preflight without CORS');
    return;
  }
  checkSuccess(sent, res, fail);
}

/** The registry's routes answer errors in the official registry's shape. */
const isOfficialRegistryRoute = (sent: Sent) => sent.route.startsWith('/registry/');

/** `{"error": "<message>", "code": "...", "fields"?: {...}}`: the official shape, code beside. */
function checkOfficialError(res: Answer, fail: (why: string) => never): void {
  if (!String(res.headers['content-type']).startsWith('application/json')) {
    fail('error answer is not JSON');
  }
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    fail('error body does not parse');
  }
  if (Object.keys(body).some((k) => !['error', 'code', 'fields'].includes(k))) {
    fail('extra error fields');
  }
  if (typeof body.error !== 'string' || !body.error) fail('no error message');
  if (typeof body.code !== 'string') fail('no error code');
  if (body.fields !== undefined) {
    const fields = body.fields as Record<string, unknown>;
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) fail('fields not a map');
    if (Object.values(fields).some((v) => typeof v !== 'string')) fail('field message not text');
  }
}

function checkEnvelope(res: Answer, fail: (why: string) => never): void {
  if (!String(res.headers['content-type']).startsWith('application/json')) {
    fail('error answer is not JSON');
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    fail('error body does not parse');
  }
  const error = (body as { error?: Record<string, unknown> }).error;
  if (!error || Object.keys(body as object).length !== 1) fail('not the error envelope');
  const keys = Object.keys(error!);
  if (keys.some((k) => !['message', 'code', 'fields'].includes(k))) fail('extra error fields');
  if (typeof error!.message !== 'string' || !error!.message) fail('no error message');
  if (typeof error!.code !== 'string') fail('no error code');
  if (error!.fields !== undefined) {
    const fields = error!.fields as Record<string, unknown>;
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) fail('fields not a map');
    if (Object.values(fields).some((v) => typeof v !== 'string')) fail('field message not text');
  }
}

function checkSuccess(sent: Sent, res: Answer, fail: (why: string) => never): void {
  const type = String(res.headers['content-type'] ?? '');
  if (sent.route === '/blog/rss.xml') {
    if (!type.startsWith('application/rss+xml')) fail('feed is not RSS');
    return;
  }
  if (type.startsWith('application/x-ndjson')) {
    const lines = res.body.trim().split('\n');
    const last = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    if (!('data' in last) && !('error' in last)) fail('stream does not end with data or error');
    return;
  }
  if (!type.startsWith('application/json')) fail('success answer is not JSON');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  if (sent.route === '/oauth/spoke-cli.json') {
    // An OAuth client metadata document: its own URL is its client id.
    if (typeof body.client_id !== 'string' || !body.client_id.endsWith(sent.route)) {
      fail('not the client metadata document');
    }
    return;
  }
  if (sent.route.startsWith('/registry/')) {
    // A list, a version, or the registry token mcp-publisher's login exchanges for.
    const registryAnswer = 'servers' in body || 'server' in body;
    const login = /\/auth\/[^/]+$/.test(sent.route) && typeof body.registry_token === 'string';
    if (!registryAnswer && !login) fail('not a registry answer');
    return;
  }
  if (!body.data || typeof body.data !== 'object' || Object.keys(body).length !== 1) {
    fail('not the data envelope');
  }
}

export type Snapshot = Record<string, string[]>;

/**
 * Every row of every table, as sorted JSON lines per table: equal when nothing changed.
 * `ignore` leaves out columns that reads are allowed to touch (an API token's last use).
 */
export async function snapshot(app: App, ignore: readonly string[] = []): Promise<Snapshot> {
  const { db } = app.spoke.database;
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rowsOf(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Snapshot = {};
  for (const { table_name: name } of tables) {
    const rows = await rowsOf(sql.raw(`select * from "${String(name)}"`));
    out[String(name)] = rows
      .map((r) => JSON.stringify(r, (key, value) => (ignore.includes(key) ? undefined : value)))
      .sort();
  }
  return out;
}

/** What differs between two snapshots, one line per changed table (empty when equal). */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    const added = [...now].filter((row) => !was.has(row));
    const removed = [...was].filter((row) => !now.has(row));
    if (added.length || removed.length) {
      out.push(
        `${table}: +${added.length} -${removed.length} ${(added[0] ?? removed[0])!.slice(0, 300)}`,
      );
    }
  }
  return out;
}
