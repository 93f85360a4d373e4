import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** How much of one tool result the model reads and a run step keeps. */
export const MAX_TOOL_OUTPUT_CHARS = 30_000;

/** A tool call's outcome: what the step records and the text the model reads. */
export type ToolOutcome =
  { ok: true; result: unknown; modelOutput: string } | { ok: false; error: string };

type ContentPart = CallToolResult['content'][number];

function partText(part: ContentPart): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image':
    case 'audio':
      return `[${part.type} ${part.mimeType}, ${Math.floor((part.data.length * 3) / 4)} bytes]`;
    case 'resource':
      return 'text' in part.resource
        ? part.resource.text
        : `[resource ${part.resource.uri}${part.resource.mimeType ? `, ${part.resource.mimeType}` : ''}]`;
    case 'resource_link':
      return `[link ${part.uri}${part.name ? ` (${part.name})` : ''}]`;
    default:
      return '';
  }
}

/** `text`, cut to `max` characters with a note saying how much was left out. */
export function truncate(text: string, max = MAX_TOOL_OUTPUT_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[truncated: ${text.length - max} more characters]`;
}

/**
 * Turns an MCP tool result into a run step's result (the structured content when the tool gave
 * some, else its text) and the text the model reads (the tool's own text, which for well-made
 * servers summarises and includes the data, else the structured content as JSON).
 */
export function toolOutcome(result: CallToolResult): ToolOutcome {
  const text = result.content
    .map(partText)
    .filter((part) => part !== '')
    .join('\n');
  if (result.isError) {
    return { ok: false, error: truncate(text || 'The tool reported an error without a message') };
  }
  const structured = result.structuredContent;
  const json = structured === undefined ? undefined : JSON.stringify(structured);
  const modelOutput = truncate(text || json || '(the tool returned no content)');
  const recorded =
    json !== undefined && json.length <= MAX_TOOL_OUTPUT_CHARS
      ? structured
      : truncate(text || json || '');
  return { ok: true, result: recorded, modelOutput };
}
