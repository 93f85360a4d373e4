import { BUILTIN_SERVER_IDS } from './types.ts';
import recorded from './tool-schemas.json' with { type: 'json' };

/** What the catalog records of one tool: its input JSON Schema and whether it only reads. */
export type ToolSchema = {
  inputSchema: Record<string, unknown>;
  /** The server's `readOnlyHint`: the tool changes nothing anywhere. */
  readOnly: boolean;
};

/**
 * Tools' input schemas by `<integration>.<tool>`, as their MCP servers list them
 * (`scripts/tool-schemas.ts` writes them; a test checks they are current). Plans are checked
 * against them when they are saved; a tool with none recorded is checked by its server only.
 */
export const TOOL_SCHEMAS: Readonly<Record<string, ToolSchema>> = recorded as Record<
  string,
  ToolSchema
>;

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
      for (const tool of tools) {
        const { $schema: _ignored, ...inputSchema } = tool.inputSchema as Record<string, unknown>;
        schemas[`${id}.${tool.name}`] = {
          inputSchema,
          readOnly: tool.annotations?.readOnlyHint === true,
        };
      }
    } finally {
      await close();
    }
  }
  return schemas;
}

/** Tools that only read for some arguments: `http_request` with GET, HEAD or OPTIONS. */
const READS_WITH: Readonly<Record<string, (args: Record<string, unknown>) => boolean>> = {
  'http-request.http_request': (args) =>
    ['GET', 'HEAD', 'OPTIONS'].includes(String(args.method ?? 'GET').toUpperCase()),
};

/**
 * Whether a call changes nothing anywhere: the tool says it only reads (its server's
 * `readOnlyHint`, or the catalog's record), or these arguments make it read (an HTTP GET).
 */
export function callOnlyReads(tool: string, args: unknown, annotated: boolean): boolean {
  if (annotated || TOOL_SCHEMAS[tool]?.readOnly) return true;
  const reads = READS_WITH[tool];
  return !!reads && !!args && typeof args === 'object' && reads(args as Record<string, unknown>);
}
