import { lookupTable } from '@spoke/shared';
import { readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { integrationById, npmPackageInfo } from './index.ts';
import documented from './documented-tool-schemas.json' with { type: 'json' };
import recorded from './tool-schemas.json' with { type: 'json' };
import { BUILTIN_SERVER_IDS } from './types.ts';

/** What the catalog records of one tool: its input JSON Schema and whether it only reads. */
export type ToolSchema = {
  inputSchema: Record<string, unknown>;
  /** The server's `readOnlyHint`: the tool changes nothing anywhere. */
  readOnly: boolean;
};

/**
 * What one npm integration's server listed over MCP (`tools/list`, started in the integrations
 * sandbox with placeholder settings), or why it could not be asked.
 */
export type NpmToolListing = {
  package: string;
  /** The version that ran: the one catalog/npm-check.json records, which the sandbox installs. */
  version: string;
  /** When it was listed (ISO 8601). */
  listed_at: string;
} & ({ tools: Record<string, ToolSchema> } | { error: string });

/** `catalog/npm-tool-schemas.json`: integration id -> its server's listing, sorted by id. */
export type NpmToolListings = Readonly<Record<string, NpmToolListing>>;

let npmListings: NpmToolListings | undefined;

/**
 * The npm servers' listings (`scripts/tool-schemas.ts --npm` writes them; they need the
 * network). Read on first use: several megabytes that only checking a plan needs.
 */
export function npmToolListings(): NpmToolListings {
  npmListings ??= JSON.parse(
    readFileSync(new URL('./npm-tool-schemas.json', import.meta.url), 'utf8'),
  ) as NpmToolListings;
  return npmListings;
}

/** The built-in servers' tools, as `tools/list` answers (a test checks they are current). */
export const BUILTIN_TOOL_SCHEMAS: Readonly<Record<string, ToolSchema>> = recorded as Record<
  string,
  ToolSchema
>;

/**
 * The tools of those listings that describe what runs now, by `<integration>.<tool>`: the
 * integration is still that npm package, at the version the sandbox installs. A listing of another
 * package or version is left out rather than trusted.
 */
export function npmToolSchemasOf(listings: NpmToolListings): Record<string, ToolSchema> {
  const schemas: Record<string, ToolSchema> = {};
  for (const [id, listing] of Object.entries(listings)) {
    if (!('tools' in listing)) continue;
    const integration = integrationById(id);
    if (integration?.provider.kind !== 'npm') continue;
    if (integration.provider.package !== listing.package) continue;
    if (npmPackageInfo(integration)?.version !== listing.version) continue;
    for (const [tool, schema] of Object.entries(listing.tools)) schemas[`${id}.${tool}`] = schema;
  }
  return schemas;
}

/**
 * `catalog/documented-tool-schemas.json`: the tools of servers that cannot be listed offline (they
 * ask their service who they are before answering `tools/list`), transcribed from the servers' own
 * tool definitions, each integration with its source. Used only where no listing is current.
 */
export type DocumentedToolSchemas = Readonly<
  Record<
    string,
    { package: string; source: string; why: string; tools: Record<string, ToolSchema> }
  >
>;

/** The documented tools that describe what runs now: the integration is still that package. */
export function documentedToolSchemasOf(
  entries: DocumentedToolSchemas,
): Record<string, ToolSchema> {
  const schemas: Record<string, ToolSchema> = {};
  for (const [id, entry] of Object.entries(entries)) {
    const integration = integrationById(id);
    if (integration?.provider.kind !== 'npm' || integration.provider.package !== entry.package) {
      continue;
    }
    for (const [tool, schema] of Object.entries(entry.tools)) schemas[`${id}.${tool}`] = schema;
  }
  return schemas;
}

let npmSchemas: Record<string, ToolSchema> | undefined;

/** The recorded tools of servers other than the built-ins, read on first use. */
function serverToolSchemas(): Record<string, ToolSchema> {
  npmSchemas ??= {
    ...documentedToolSchemasOf(documented as DocumentedToolSchemas),
    ...npmToolSchemasOf(npmToolListings()),
  };
  return npmSchemas;
}

/**
 * A tool's recorded input schema, by `<integration>.<tool>`, as its MCP server lists it: a
 * built-in server's, else a current npm listing's, else its server's documented definition. Plans are checked against it when they are
 * saved; a tool with none recorded is checked by its server only.
 */
export function toolSchemaOf(tool: string): ToolSchema | undefined {
  if (Object.hasOwn(BUILTIN_TOOL_SCHEMAS, tool)) return BUILTIN_TOOL_SCHEMAS[tool];
  const schemas = serverToolSchemas();
  return Object.hasOwn(schemas, tool) ? schemas[tool] : undefined;
}

/** A `tools/list` answer as the catalog records it, by tool name (`$schema` left out). */
export function recordedTools(tools: readonly Tool[]): Record<string, ToolSchema> {
  const schemas: Record<string, ToolSchema> = {};
  for (const tool of tools) {
    const { $schema: _ignored, ...inputSchema } = tool.inputSchema as Record<string, unknown>;
    schemas[tool.name] = { inputSchema, readOnly: tool.annotations?.readOnlyHint === true };
  }
  return schemas;
}

/** Lists every built-in server's tools over MCP, as `tools/list` answers. */
export async function listBuiltinToolSchemas(): Promise<Record<string, ToolSchema>> {
  const { connectBuiltin } = await import('../builtins/index.ts');
  const refuse = () => Promise.reject(new Error('not available while listing tools'));
  const schemas: Record<string, ToolSchema> = {};
  for (const id of BUILTIN_SERVER_IDS) {
    const { client, close } = await connectBuiltin(id, {
      agentId: 'tool-schemas',
      mailer: { send: refuse },
      kv: { get: refuse, set: refuse, delete: refuse, list: refuse } as never,
      sql: { describe: refuse, query: refuse },
      network: {},
    });
    try {
      const { tools } = await client.listTools();
      for (const [name, schema] of Object.entries(recordedTools(tools))) {
        schemas[`${id}.${name}`] = schema;
      }
    } finally {
      await close();
    }
  }
  return schemas;
}

/** Tools that only read for some arguments: `http_request` with GET, HEAD or OPTIONS. */
const READS_WITH: Readonly<Record<string, (args: Record<string, unknown>) => boolean>> =
  lookupTable({
    'http-request.http_request': (args) =>
      ['GET', 'HEAD', 'OPTIONS'].includes(String(args.method ?? 'GET').toUpperCase()),
  });

/**
 * Whether a call changes nothing anywhere: the tool says it only reads (its server's
 * `readOnlyHint`, or the catalog's record), or these arguments make it read (an HTTP GET).
 */
export function callOnlyReads(tool: string, args: unknown, annotated: boolean): boolean {
  if (annotated || toolSchemaOf(tool)?.readOnly) return true;
  const reads = READS_WITH[tool];
  return !!reads && !!args && typeof args === 'object' && reads(args as Record<string, unknown>);
}

/**
 * The tools a plan may name for an integration: those its catalog entry lists and those its
 * server lists (recorded), so a listed tool the catalog does not describe is not refused.
 */
export function toolNamesOf(id: string): string[] {
  const listed = integrationById(id)?.tools.map((tool) => tool.name) ?? [];
  const prefix = `${id}.`;
  const recordedNames = [...Object.keys(BUILTIN_TOOL_SCHEMAS), ...Object.keys(serverToolSchemas())]
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
  return [...new Set([...listed, ...recordedNames])];
}
