import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AgentSpec } from '@spoke/shared';
import type { McpConnection } from './connect.ts';
import { MissingCredentialsError } from './connect.ts';
import { DeadlineError, messageOf, seconds, settleWithin } from './limits.ts';
import { toolOutcome, type ToolOutcome } from './tool-result.ts';

/** Connects one integration of an agent by id, e.g. {@link catalogConnector}. */
export type Connector = (integrationId: string) => Promise<McpConnection>;

/** A tool the agent offers the model. */
export type ToolsetTool = {
  /** `<integration>.<tool>`: how steps and plans name it. */
  name: string;
  /** `<integration>__<tool>`, reduced to the characters every provider accepts. */
  modelName: string;
  integration: string;
  /** The tool's name on its MCP server. */
  tool: string;
  description: string;
  /** The tool's input JSON schema, as its server declared it. */
  inputSchema: Record<string, unknown>;
  /** The server's `readOnlyHint`: the tool changes nothing (dry runs call it). */
  readOnly: boolean;
};

/** An integration that could not be connected; `missing` names unset credentials. */
export type ToolsetFailure = { integration: string; error: string; missing: string[] };

/** The tools of an agent's connected integrations. */
export type Toolset = {
  tools: readonly ToolsetTool[];
  failures: readonly ToolsetFailure[];
  /** The tool the model knows as `modelName`. */
  byModelName(modelName: string): ToolsetTool | undefined;
  /**
   * Calls a tool by its `<integration>.<tool>` name. Never rejects: errors, timeouts and invalid
   * results come back as `{ok: false, error}`.
   */
  call(name: string, args: unknown, options?: { signal?: AbortSignal }): Promise<ToolOutcome>;
  /** Closes every connection (servers that do not answer are left after a few seconds). */
  close(): Promise<void>;
};

export type ToolsetOptions = {
  /** How long one tool call may take. Default 30 s. */
  callTimeoutMs?: number;
  /** How long listing a server's tools may take. Default 15 s. */
  listTimeoutMs?: number;
};

const MAX_NAME = 64;
const CLOSE_WAIT_MS = 5000;

const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');

/** Model-safe, unique tool names: `<integration>__<tool>`, at most 64 characters. */
function modelNameFor(integration: string, tool: string, taken: Set<string>): string {
  const base = `${safe(integration)}__${safe(tool)}`.slice(0, MAX_NAME);
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, MAX_NAME - 4)}_${n}`;
  taken.add(name);
  return name;
}

function inputSchemaOf(tool: Tool): Record<string, unknown> {
  // `$schema` means nothing to model providers and some reject it.
  const { $schema: _ignored, ...schema } = tool.inputSchema as Record<string, unknown>;
  return { ...schema, type: 'object', properties: schema.properties ?? {} };
}

async function listAll(connection: McpConnection, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await settleWithin(
      connection.client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs }),
      {
        ms: timeoutMs,
        timeoutMessage: `the server did not list its tools within ${seconds(timeoutMs)}`,
      },
    );
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/**
 * Connects every integration of the spec in parallel and lists their tools. An integration that
 * cannot be connected is recorded in `failures` and the others still work.
 */
export async function openToolset(
  spec: Pick<AgentSpec, 'integrations'>,
  connect: Connector,
  options: ToolsetOptions = {},
): Promise<Toolset> {
  const callTimeoutMs = options.callTimeoutMs ?? 30_000;
  const listTimeoutMs = options.listTimeoutMs ?? 15_000;
  const ids = [...new Set(spec.integrations.map((integration) => integration.id))];
  const opened = await Promise.all(
    ids.map(async (id) => {
      let connection: McpConnection | undefined;
      try {
        connection = await connect(id);
        return { id, connection, tools: await listAll(connection, listTimeoutMs) };
      } catch (error) {
        if (connection) void closeQuietly(connection);
        const missing = error instanceof MissingCredentialsError ? [...error.missing] : [];
        return { id, error: messageOf(error), missing };
      }
    }),
  );

  const connections = new Map<string, McpConnection>();
  const failures: ToolsetFailure[] = [];
  const tools: ToolsetTool[] = [];
  const taken = new Set<string>();
  for (const entry of opened) {
    if (!('connection' in entry) || !entry.connection) {
      failures.push({
        integration: entry.id,
        error: entry.error ?? '',
        missing: entry.missing ?? [],
      });
      continue;
    }
    connections.set(entry.id, entry.connection);
    for (const tool of entry.tools) {
      tools.push({
        name: `${entry.id}.${tool.name}`,
        modelName: modelNameFor(entry.id, tool.name, taken),
        integration: entry.id,
        tool: tool.name,
        description: tool.description ?? tool.title ?? tool.name,
        inputSchema: inputSchemaOf(tool),
        readOnly: tool.annotations?.readOnlyHint === true,
      });
    }
  }
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const byModel = new Map(tools.map((tool) => [tool.modelName, tool]));

  return {
    tools,
    failures,
    byModelName: (modelName) => byModel.get(modelName),
    async call(name, args, callOptions = {}) {
      const tool = byName.get(name);
      const connection = tool && connections.get(tool.integration);
      if (!tool || !connection) return { ok: false, error: `Unknown tool ${name}` };
      if (typeof args !== 'object' || args === null || Array.isArray(args)) {
        return { ok: false, error: 'The arguments must be a JSON object' };
      }
      return callTool(connection, tool, args as Record<string, unknown>, {
        timeoutMs: callTimeoutMs,
        signal: callOptions.signal,
      });
    },
    async close() {
      await Promise.all([...connections.values()].map(closeQuietly));
    },
  };
}

async function callTool(
  connection: McpConnection,
  tool: ToolsetTool,
  args: Record<string, unknown>,
  options: { timeoutMs: number; signal: AbortSignal | undefined },
): Promise<ToolOutcome> {
  const late = `The tool did not answer within ${seconds(options.timeoutMs)}`;
  // Aborting this controller tells the server to stop working on the call.
  const cancel = new AbortController();
  const forward = () => cancel.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forward, { once: true });
  try {
    const result = await settleWithin(
      connection.client.callTool({ name: tool.tool, arguments: args }, undefined, {
        signal: cancel.signal,
        timeout: options.timeoutMs,
      }),
      { signal: options.signal, ms: options.timeoutMs, timeoutMessage: late },
    );
    return toolOutcome(result as Parameters<typeof toolOutcome>[0]);
  } catch (error) {
    if (error instanceof DeadlineError) {
      cancel.abort(late);
      return { ok: false, error: late };
    }
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return { ok: false, error: late };
    }
    if (options.signal?.aborted) {
      return { ok: false, error: 'The run stopped before the tool answered' };
    }
    return { ok: false, error: describeCallError(error) };
  } finally {
    options.signal?.removeEventListener('abort', forward);
  }
}

function describeCallError(error: unknown): string {
  // The client checks results with zod (shape) and the tool's output schema; either failing
  // means the server answered with something that is not a valid result for this tool.
  const issues = (error as { issues?: unknown }).issues;
  if (Array.isArray(issues))
    return `The tool returned an invalid result: ${describeIssues(issues)}`;
  const message = messageOf(error).replace(/^(MCP error -?\d+: )+/, '');
  if (message.startsWith('Structured content does not match')) {
    return `The tool returned an invalid result: ${message}`;
  }
  const json = message.indexOf('[');
  if (json >= 0) {
    try {
      const parsed: unknown = JSON.parse(message.slice(json));
      if (Array.isArray(parsed)) {
        return `The tool call failed: ${message.slice(0, json).trim()} ${describeIssues(parsed)}`;
      }
    } catch {
      // Not a list of issues: the message is shown as it is.
    }
  }
  return `The tool call failed: ${message}`;
}

function describeIssues(issues: unknown[]): string {
  return issues
    .map((issue) => {
      const { path, message } = issue as { path?: unknown[]; message?: string };
      const where = Array.isArray(path) && path.length > 0 ? `${path.join('.')}: ` : '';
      return `${where}${message ?? 'invalid'}`;
    })
    .join('; ');
}

async function closeQuietly(connection: McpConnection): Promise<void> {
  await settleWithin(connection.close(), { ms: CLOSE_WAIT_MS }).catch(() => {});
}
