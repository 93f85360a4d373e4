/**
 * Records the input schemas of the catalog's tools, as their MCP servers list them over MCP.
 *
 *   node scripts/tool-schemas.ts                      the built-in servers, in-process and offline,
 *                                                     -> src/catalog/tool-schemas.json
 *   node scripts/tool-schemas.ts --npm [--only a,b]   the npm servers (all, or these integration
 *                                                     ids) -> src/catalog/npm-tool-schemas.json
 *
 * Run the first after changing a built-in tool's input. The second needs the npm registry and
 * bubblewrap: each package is installed (at the version catalog/npm-check.json records) and
 * started in the integrations sandbox as a run starts it (docs/decisions/014), with placeholder
 * values for its settings, asked for `tools/list` and closed. A server that cannot be installed,
 * started or listed in time is recorded with the reason. `--only` keeps the other listings.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Integration } from '../src/catalog/types.ts';
import {
  listBuiltinToolSchemas,
  recordedTools,
  type NpmToolListing,
  type NpmToolListings,
} from '../src/catalog/tool-schemas.ts';

const BUILTIN_OUTPUT = new URL('../src/catalog/tool-schemas.json', import.meta.url);
const NPM_OUTPUT = new URL('../src/catalog/npm-tool-schemas.json', import.meta.url);

/** Servers installed and started at once (installs and Node start-ups are CPU-bound). */
const CONCURRENCY = 2;
/** One package install (the budget the runtime gives it too). */
const INSTALL_MS = 90_000;
/** Starting the server, MCP initialize and `tools/list` together. */
const LIST_MS = 60_000;
/** Longest reason recorded for a server that could not be listed. */
const ERROR_CHARS = 300;
/** Longest description (or title) recorded in a schema. */
const PROSE_CHARS = 300;

/** JSON as the repository's Prettier configuration formats it, so that its check passes. */
async function formatted(file: URL, data: unknown): Promise<string> {
  const prettier = await import('prettier');
  const filepath = fileURLToPath(file);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(JSON.stringify(data), { ...options, filepath });
}

async function refreshBuiltins() {
  const schemas = await listBuiltinToolSchemas();
  writeFileSync(BUILTIN_OUTPUT, await formatted(BUILTIN_OUTPUT, schemas));
  process.stdout.write(`${Object.keys(schemas).length} tools -> src/catalog/tool-schemas.json\n`);
}

/**
 * A placeholder for each setting the integration needs, in the form its catalog description
 * gives where servers check it on start: the scheme of an example URL (`redis://…`), the first of
 * two words (`sandbox or production`), a prefix (`rk_...`). Paths point into the scratch
 * directory (the sandbox confines them there anyway); URLs and hosts at a name that never
 * resolves; anything else is `placeholder-<name>`. Enough for servers that list their tools
 * without an account.
 */
function placeholderValues(integration: Integration, names: readonly string[]) {
  const { provider } = integration;
  const paths = provider.kind === 'npm' ? (provider.sandbox?.paths ?? {}) : {};
  const values: Record<string, string> = {};
  for (const name of names) {
    const description = integration.env.find((env) => env.name === name)?.description ?? '';
    const example = /\b[a-z][a-z0-9+.-]*:\/\/\S+/.exec(description)?.[0];
    const choice = /^(\w+) or \w+\.?$/.exec(description)?.[1];
    const prefix = /\(([A-Za-z]{1,4}[_-]?)\.\.\.\)/.exec(description)?.[1];
    const kind = paths[name];
    values[name] =
      kind === 'dir'
        ? '/'
        : kind === 'file'
          ? `/${placeholderFileName(name)}`
          : example
            ? placeholderUrl(example)
            : choice
              ? choice
              : prefix
                ? `${prefix}${'0'.repeat(32)}`
                : /(_URL|_URI|_ADDR)$/.test(name)
                  ? 'https://placeholder.invalid'
                  : /(_HOST|_DOMAIN|_INSTANCE)$/.test(name)
                    ? 'placeholder.invalid'
                    : `placeholder-${name.toLowerCase().replace(/_/g, '-')}`;
  }
  return values;
}

/** An example URL with every part that names something replaced: no host it names resolves. */
function placeholderUrl(example: string): string {
  const url = new URL(example.replace(/[.,;)]+$/, ''));
  if (url.protocol === 'http:' || url.protocol === 'https:') return 'https://placeholder.invalid';
  if (url.username) url.username = 'placeholder';
  if (url.password) url.password = 'placeholder';
  url.hostname = 'placeholder.invalid';
  if (url.pathname.length > 1) url.pathname = '/placeholder';
  return url.href;
}

function placeholderFileName(setting: string): string {
  return `placeholder-${setting.toLowerCase().replace(/_/g, '-')}`;
}

/**
 * What a placeholder file setting holds, in the form such files take: a kubeconfig, an OAuth
 * client, OAuth tokens, or (the rest are Google key files) a service account key.
 */
function placeholderFile(setting: string): string {
  if (/KUBECONFIG/.test(setting)) {
    return [
      'apiVersion: v1',
      'kind: Config',
      'clusters: [{name: placeholder, cluster: {server: "https://placeholder.invalid"}}]',
      'users: [{name: placeholder, user: {token: placeholder}}]',
      'contexts: [{name: placeholder, context: {cluster: placeholder, user: placeholder}}]',
      'current-context: placeholder',
      '',
    ].join('\n');
  }
  const client = { client_id: 'placeholder', client_secret: 'placeholder' };
  if (/OAUTH/.test(setting)) {
    return JSON.stringify({ installed: { ...client, redirect_uris: ['http://localhost'] } });
  }
  if (/CREDENTIALS_PATH$/.test(setting)) {
    return JSON.stringify({ access_token: 'placeholder', refresh_token: 'placeholder' });
  }
  return JSON.stringify({
    type: 'service_account',
    project_id: 'placeholder',
    private_key_id: 'placeholder',
    private_key: '-----BEGIN PRIVATE KEY-----\nplaceholder\n-----END PRIVATE KEY-----\n',
    client_email: 'placeholder@placeholder.iam.gserviceaccount.com',
    ...client,
  });
}

/**
 * Writes the placeholder files of an integration's file settings into the agent's scratch
 * directory (which the sandbox creates for uid 65534 if it does not exist), where the setting's
 * value points once confined.
 */
function writePlaceholderFiles(scratch: string, integration: Integration, names: string[]) {
  const { provider } = integration;
  const paths = provider.kind === 'npm' ? (provider.sandbox?.paths ?? {}) : {};
  const files = names.filter((name) => paths[name] === 'file');
  if (!files.length) return;
  mkdirSync(scratch, { recursive: true, mode: 0o700 });
  for (const name of files) {
    writeFileSync(path.join(scratch, placeholderFileName(name)), placeholderFile(name), {
      mode: 0o644,
    });
  }
}

const ERROR_WORDS =
  /error|fatal|invalid|missing|not found|cannot|can't|could not|failed|required|unable|refused/i;

/**
 * A failure in a line: colours and stack frames dropped, and of the server's output the lines
 * that say what went wrong (or else its last ones).
 */
function briefly(message: string): string {
  const text = stripVTControlCharacters(message);
  const marker = ' Server output: ';
  const at = text.indexOf(marker);
  const head = (at < 0 ? text : text.slice(0, at)).trim();
  const lines = (at < 0 ? '' : text.slice(at + marker.length))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^at\s/.test(line) && !/^[\^~\s]+$/.test(line));
  const telling = lines.filter((line) => ERROR_WORDS.test(line));
  const output = (telling.length ? telling.slice(0, 3) : lines.slice(-2)).join(' | ');
  const line = (output ? `${head} Server output: ${output}` : head).replace(/\s+/g, ' ');
  return line.length > ERROR_CHARS ? `${line.slice(0, ERROR_CHARS - 1)}…` : line;
}

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const ONE_SCHEMA = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
]);
const SCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
const PROSE = new Set(['description', 'title', 'examples', '$comment']);

/**
 * A listed input schema as it is recorded: `$schema` left out, and prose kept only where it is
 * read — on the tool's schema and its arguments (the plan editor's field hints), with texts cut
 * at 300 characters. Below the arguments, schemas keep their structure but lose their prose.
 * `depth` is 0 for the tool's schema, 1 for its arguments.
 */
function recordedSchema(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (depth === 0 && key === '$schema') continue;
    if (PROSE.has(key)) {
      if (depth > 1) continue;
      out[key] =
        typeof value === 'string' && value.length > PROSE_CHARS
          ? `${value.slice(0, PROSE_CHARS - 1)}…`
          : value;
    } else if (ONE_SCHEMA.has(key)) {
      out[key] = recordedSchema(value, depth + 1);
    } else if (SCHEMA_LIST.has(key) && Array.isArray(value)) {
      out[key] = value.map((each) => recordedSchema(each, depth + 1));
    } else if (SCHEMA_MAP.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, each]) => [name, recordedSchema(each, depth + 1)]),
      );
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Runs `work` over `items`, `limit` at a time, keeping their order in the results. */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function readListings(): Record<string, NpmToolListing> {
  if (!existsSync(NPM_OUTPUT)) return {};
  return JSON.parse(readFileSync(NPM_OUTPUT, 'utf8')) as Record<string, NpmToolListing>;
}

/** Lists every npm integration's tools (or those in `only`); returns the exit code. */
async function refreshNpm(only: readonly string[] | null): Promise<number> {
  const [catalog, connect, sandboxes, limits] = await Promise.all([
    import('../src/catalog/index.ts'),
    import('../src/runtime/connect.ts'),
    import('../src/sandbox/index.ts'),
    import('../src/runtime/limits.ts'),
  ]);
  const npmIntegrations = catalog.INTEGRATIONS.filter((i) => i.provider.kind === 'npm');
  const unknown = (only ?? []).filter((id) => !npmIntegrations.some((i) => i.id === id));
  if (unknown.length) {
    process.stderr.write(`not npm integrations of the catalog: ${unknown.join(', ')}\n`);
    return 2;
  }
  const chosen = only ? npmIntegrations.filter((i) => only.includes(i.id)) : npmIntegrations;

  // Packages and scratch directories live here for this run only; sandboxes run as uid 65534,
  // which must be able to pass through it.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spoke-tool-schemas-'));
  chmodSync(dataDir, 0o711);
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const interrupted = () => {
    removeDataDir();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const refuse = () => Promise.reject(new Error('not available while listing tools'));
  let sandbox: Awaited<ReturnType<typeof sandboxes.createIntegrationSandbox>> | undefined;
  let listed: NpmToolListing[];
  try {
    sandbox = await sandboxes.createIntegrationSandbox({
      setting: 'bubblewrap',
      dataDir,
      network: {},
      installTimeoutMs: INSTALL_MS,
      limits: { wallClockMs: LIST_MS + 30_000, cpuSeconds: 60 },
    });
    process.stderr.write(`${sandbox.status.detail}\n`);
    // The sandbox installs through the same cache; installing first keeps its time apart.
    const packages = sandboxes.createPackageCache({
      dir: path.join(dataDir, 'packages'),
      timeoutMs: INSTALL_MS,
    });
    const started = sandbox;

    const listOne = async (integration: Integration): Promise<NpmToolListing> => {
      const pkg = integration.provider.kind === 'npm' ? integration.provider.package : '';
      const version = catalog.npmPackageInfo(integration)?.version ?? '';
      const base = { package: pkg, version, listed_at: new Date().toISOString() };
      const t0 = Date.now();
      const done = (listing: NpmToolListing) => {
        const what = 'tools' in listing ? `${Object.keys(listing.tools).length} tools` : 'error';
        process.stderr.write(`${integration.id}: ${what} (${Date.now() - t0} ms)\n`);
        return listing;
      };
      if (!version) return done({ ...base, error: 'npm-check.json records no version' });
      try {
        await packages.ensure(pkg, version);
      } catch (error) {
        return done({ ...base, error: briefly(limits.messageOf(error)) });
      }
      const names = connect.missingCredentials(integration, {});
      const values = placeholderValues(integration, names);
      const agentId = `tool-schemas-${integration.id}`;
      writePlaceholderFiles(path.join(dataDir, 'sandbox', 'agents', agentId), integration, names);
      const connector = connect.catalogConnector({
        sandbox: started,
        credentials: () => values,
        timeoutMs: LIST_MS,
        builtin: {
          agentId,
          mailer: { send: refuse },
          kv: { get: refuse, set: refuse, delete: refuse, list: refuse } as never,
          sql: { describe: refuse, query: refuse },
          network: {},
        },
      });
      const deadline = Date.now() + LIST_MS;
      let connection: Awaited<ReturnType<typeof connector>> | undefined;
      try {
        connection = await connector(integration.id);
        const client = connection.client;
        const listAll = async () => {
          const tools: Tool[] = [];
          let cursor: string | undefined;
          do {
            const timeout = Math.max(1, deadline - Date.now());
            const page = await client.listTools(cursor ? { cursor } : {}, { timeout });
            tools.push(...page.tools);
            cursor = page.nextCursor;
          } while (cursor);
          return tools;
        };
        const tools = await limits.settleWithin(listAll(), {
          ms: Math.max(1, deadline - Date.now()),
          timeoutMessage: `tools/list got no answer within ${LIST_MS / 1000} s of the start`,
        });
        const recorded = recordedTools(tools);
        for (const tool of Object.values(recorded)) {
          tool.inputSchema = recordedSchema(tool.inputSchema) as Record<string, unknown>;
        }
        return done({ ...base, tools: recorded });
      } catch (error) {
        return done({ ...base, error: briefly(limits.messageOf(error)) });
      } finally {
        await connection?.close();
      }
    };

    process.stderr.write(`Listing the tools of ${chosen.length} npm integrations…\n`);
    listed = await inPool(chosen, CONCURRENCY, listOne);
  } finally {
    await sandbox?.close();
    removeDataDir();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }

  const listings: Record<string, NpmToolListing> = only ? readListings() : {};
  chosen.forEach((integration, i) => (listings[integration.id] = listed[i]!));
  const sorted: NpmToolListings = Object.fromEntries(
    Object.keys(listings)
      .sort()
      .map((id) => [id, listings[id]!]),
  );
  const text = await formatted(NPM_OUTPUT, sorted);
  writeFileSync(NPM_OUTPUT, text);
  report(chosen, listed, Buffer.byteLength(text));
  return 0;
}

/** What was listed, what failed and why, and where servers and catalog disagree on tool names. */
function report(chosen: readonly Integration[], listed: readonly NpmToolListing[], bytes: number) {
  const out: string[] = [];
  const failed: string[] = [];
  const differences: string[] = [];
  let tools = 0;
  chosen.forEach((integration, i) => {
    const listing = listed[i]!;
    if (!('tools' in listing)) {
      failed.push(`  ${integration.id}: ${listing.error}`);
      return;
    }
    const names = Object.keys(listing.tools);
    tools += names.length;
    const catalogNames = integration.tools.map((tool) => tool.name);
    if (!catalogNames.length) return;
    const extra = names.filter((name) => !catalogNames.includes(name));
    const missing = catalogNames.filter((name) => !names.includes(name));
    if (extra.length || missing.length) {
      differences.push(
        `  ${integration.id}: ${missing.length} of the catalog's ${catalogNames.length} not listed` +
          `${missing.length ? ` (${missing.join(', ')})` : ''}; ${extra.length} of ${names.length} ` +
          'listed not in the catalog',
      );
    }
  });
  out.push(
    `${chosen.length - failed.length} listed (${tools} tools), ${failed.length} failed ` +
      `-> src/catalog/npm-tool-schemas.json (${bytes} bytes)`,
  );
  if (failed.length) out.push('Not listed:', ...failed);
  if (differences.length)
    out.push('Tool names that differ from the catalog entry:', ...differences);
  process.stdout.write(`${out.join('\n')}\n`);
}

function usage(problem: string): never {
  process.stderr.write(
    `${problem}\nusage: node scripts/tool-schemas.ts [--npm [--only <integration id>,...]]\n`,
  );
  process.exit(2);
}

const argv = process.argv.slice(2);
let npm = false;
let only: string[] | null = null;
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i]!;
  if (arg === '--npm') npm = true;
  else if (arg === '--only' || arg.startsWith('--only=')) {
    const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
    if (!value) usage('--only needs a comma-separated list of integration ids');
    only = value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  } else usage(`unknown argument: ${arg}`);
}
if (only && !npm) usage('--only goes with --npm');

if (npm) process.exitCode = await refreshNpm(only);
else await refreshBuiltins();
