import { loadCrypto } from '../builtins.ts';

/** A tool definition as a server sends it in tools/list. */
export type ToolDefinition = {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  [key: string]: unknown;
};

export type Drift = { added: string[]; removed: string[]; changed: string[] };

/** JSON with object keys sorted at every level, so equal definitions give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The parts of a definition that the hash covers. */
const hashed = (tool: ToolDefinition) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema,
  outputSchema: tool.outputSchema,
  annotations: tool.annotations,
});

const sha256 = (text: string) =>
  `sha256-${loadCrypto().createHash('sha256').update(text).digest('base64')}`;

const byName = (tools: readonly ToolDefinition[]) =>
  [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** SHA-256 of the definitions as canonical JSON sorted by tool name: the lockfile's toolsHash. */
export const toolsHash = (tools: readonly ToolDefinition[]) =>
  sha256(canonicalJson(byName(tools).map(hashed)));

/** One hash per tool, so that drift can name what changed. */
export const toolHashes = (tools: readonly ToolDefinition[]): Record<string, string> =>
  Object.fromEntries(byName(tools).map((t) => [t.name, sha256(canonicalJson(hashed(t)))]));

/** What changed between the recorded definitions and the current ones; null when nothing did. */
export function toolDrift(
  recorded: { toolsHash: string; toolHashes?: Record<string, string> },
  tools: readonly ToolDefinition[],
): Drift | null {
  if (toolsHash(tools) === recorded.toolsHash) return null;
  const now = toolHashes(tools);
  const before = recorded.toolHashes ?? {};
  return {
    added: Object.keys(now).filter((n) => !Object.hasOwn(before, n)),
    removed: Object.keys(before).filter((n) => !Object.hasOwn(now, n)),
    changed: Object.keys(now).filter((n) => Object.hasOwn(before, n) && before[n] !== now[n]),
  };
}
