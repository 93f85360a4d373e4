import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { BuiltinContext } from './types.ts';

/** A mistake the caller can fix; its message is returned to the model as the tool's error. */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** One tool of a built-in server: its public description plus how to register it. */
export type BuiltinTool = {
  name: string;
  title: string;
  description: string;
  register(server: McpServer, ctx: BuiltinContext): void;
};

/** A built-in MCP server: its tools, registered on a fresh McpServer per agent. */
export type BuiltinServerDefinition = {
  title: string;
  instructions: string;
  tools: readonly BuiltinTool[];
};

type ToolDefinition<Shape extends z.ZodRawShape> = {
  name: string;
  title: string;
  description: string;
  input: Shape;
  annotations: ToolAnnotations;
  run(
    args: z.output<z.ZodObject<Shape>>,
    ctx: BuiltinContext,
    signal: AbortSignal,
  ): Promise<CallToolResult>;
};

export function defineTool<Shape extends z.ZodRawShape>(def: ToolDefinition<Shape>): BuiltinTool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    register(server, ctx) {
      // The SDK's generic callback types do not resolve for a generic shape; the shape is checked
      // at run time by the SDK, so the arguments are typed from it here.
      const inputSchema: z.ZodRawShape = def.input;
      server.registerTool(
        def.name,
        {
          title: def.title,
          description: def.description,
          inputSchema,
          annotations: def.annotations,
        },
        async (args: unknown, extra: { signal: AbortSignal }) => {
          try {
            return await def.run(args as z.output<z.ZodObject<Shape>>, ctx, extra.signal);
          } catch (error) {
            return toolError(messageOf(error));
          }
        },
      );
    },
  };
}

/** A failed call the model can read and act on. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** A structured result: pretty-printed JSON for the model, the object for programs. */
export function jsonResult(value: Record<string, unknown>, summary?: string): CallToolResult {
  const json = JSON.stringify(value, jsonReplacer, 2);
  const text = summary ? `${summary}\n\n${json}` : json;
  return {
    content: [{ type: 'text', text }],
    structuredContent: JSON.parse(json) as Record<string, unknown>,
  };
}

/** A result whose text is meant to be read as is, with the same data for programs. */
export function textResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** JSON for values databases and parsers hand back: dates, big integers, bytes. */
export function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (
    value &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  ) {
    return Buffer.from((value as { data: number[] }).data).toString('base64');
  }
  return value;
}

/** Byte length of a value serialised as JSON, or an error for values JSON cannot hold. */
export function jsonByteLength(value: unknown): number {
  const json = JSON.stringify(value);
  if (json === undefined) throw new ToolError('the value is not JSON');
  return Buffer.byteLength(json);
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
