import type { ClientEntry } from './clients.ts';

/**
 * The `[<table>.<name>]` tables of a TOML file (Codex's `[mcp_servers.<name>]`), read and
 * rewritten as whole tables: every other line of the file stays as it was. Only the forms spoke
 * writes are read in full (strings and arrays of strings); a file that defines the servers in any
 * other way (an inline table, dotted keys, `[[...]]`) is refused rather than rewritten.
 */

export class TomlUnsafe extends Error {}

type Table = { path: string[]; start: number; end: number };

/** A TOML basic string's content, or null when its escapes are not JSON's too. */
function basic(content: string): string | null {
  try {
    return JSON.parse(`"${content}"`) as string;
  } catch {
    return null;
  }
}

/** `a."b.c".d` → ['a', 'b.c', 'd']; null when it is not a plain dotted key. */
function keyPath(text: string): string[] | null {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
  let match: RegExpExecArray | null;
  let at = 0;
  while (at < text.length && (match = re.exec(text))) {
    const part = match[1] !== undefined ? basic(match[1]) : (match[2] ?? match[3]!);
    if (part === null) return null;
    parts.push(part);
    at = re.lastIndex;
    if (match[4] === '') break;
  }
  return at === text.length && parts.length ? parts : null;
}

const HEADER = /^[ \t]*\[([^[\]]+)\][ \t]*(?:#.*)?$/;

/** Lines, each with the offset where it starts. */
function lines(text: string): { line: string; start: number }[] {
  const out: { line: string; start: number }[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    out.push({ line, start });
    start += line.length + 1;
  }
  return out;
}

function tables(text: string, key: string): Table[] {
  const found: Table[] = [];
  let current: Table | null = null;
  for (const { line, start } of lines(text)) {
    const trimmed = line.trim();
    if (/^\[\[/.test(trimmed)) {
      if (current) current.end = start;
      current = null;
      const inner = /^\[\[([^[\]]+)\]\]/.exec(trimmed);
      if (inner && keyPath(inner[1]!)?.[0] === key) {
        throw new TomlUnsafe(`[[${inner[1]}]] is an array of tables`);
      }
      continue;
    }
    const header = HEADER.exec(line);
    if (header) {
      if (current) current.end = start;
      const p = keyPath(header[1]!);
      current = p ? { path: p, start, end: text.length } : null;
      if (current) found.push(current);
      continue;
    }
    // A key outside any table that defines the servers another way.
    if (!current && found.length === 0 && new RegExp(`^\\s*"?${key}"?\\s*[.=]`).test(line)) {
      throw new TomlUnsafe(`${key} is defined by a key outside a [${key}.<name>] table`);
    }
  }
  return found;
}

/** A basic or literal string, or an array of them; undefined for anything else. */
function tomlValue(text: string): string | string[] | undefined {
  const s = text.trim();
  const str = /^(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/.exec(s);
  if (str && !s.startsWith('"""') && !s.startsWith("'''")) {
    return str[1] !== undefined ? (basic(str[1]) ?? undefined) : str[2]!;
  }
  if (!s.startsWith('[')) return undefined;
  const items: string[] = [];
  const re = /\s*(?:#[^\n]*\n\s*)*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(?:#[^\n]*\n\s*)*(,|\])/y;
  re.lastIndex = 1;
  let match: RegExpExecArray | null;
  for (;;) {
    const end = /^\s*(?:#[^\n]*\n\s*)*\]/.exec(s.slice(re.lastIndex));
    if (end) return items;
    if (!(match = re.exec(s))) return undefined;
    const item = match[1] !== undefined ? basic(match[1]) : match[2]!;
    if (item === null) return undefined;
    items.push(item);
    if (match[3] === ']') return items;
  }
}

/** `command` and `args` of a table's body (`key = value`, arrays over several lines). */
function entryOf(body: string): ClientEntry {
  const entry: ClientEntry = {};
  const re = /^[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*/gm;
  let match: RegExpExecArray | null;
  while ((match = re.exec(body))) {
    const rest = body.slice(re.lastIndex);
    const value = tomlValue(rest.startsWith('[') ? rest : rest.split('\n')[0]!);
    if (value !== undefined) entry[match[1]!] = value;
  }
  return entry;
}

export type TomlServers = {
  entries: Record<string, ClientEntry>;
  /** The text with these servers' tables replaced, removed, or added at the end. */
  apply: (next: Record<string, ClientEntry | null>) => string;
};

export function readTomlServers(text: string, key: string): TomlServers {
  const all = tables(text, key);
  const top = all.find((t) => t.path.length === 1 && t.path[0] === key);
  if (
    top &&
    text
      .slice(top.start, top.end)
      .split('\n')
      .slice(1)
      .some((l) => /^\s*[^#\s]/.test(l))
  ) {
    throw new TomlUnsafe(`[${key}] defines servers inside one table`);
  }
  const servers = all.filter((t) => t.path[0] === key && t.path.length >= 2);
  const entries: Record<string, ClientEntry> = {};
  for (const t of servers) {
    if (t.path.length !== 2) continue;
    const body = text.slice(t.start, t.end).split('\n').slice(1).join('\n');
    entries[t.path[1]!] = entryOf(body);
  }
  return {
    entries,
    apply: (next) => {
      let out = text;
      // From the end, so the offsets before stay right.
      const edits = servers
        .filter((t) => Object.hasOwn(next, t.path[1]!))
        .sort((a, b) => b.start - a.start)
        .map((t) => ({
          t,
          with:
            t.path.length === 2 && next[t.path[1]!]
              ? tomlTable(key, t.path[1]!, next[t.path[1]!]!)
              : '',
        }));
      for (const { t, with: replacement } of edits) {
        // A replaced table keeps the blank lines that followed it.
        const old = out.slice(t.start, t.end);
        const trail = /\n*$/.exec(old)![0];
        out =
          out.slice(0, t.start) +
          (replacement ? replacement.trimEnd() + trail : '') +
          out.slice(t.end);
      }
      const present = new Set(servers.map((t) => t.path[1]!));
      const added = Object.entries(next).filter(([name, e]) => e && !present.has(name));
      for (const [name, entry] of added) {
        if (out && !out.endsWith('\n')) out += '\n';
        out += `${out ? '\n' : ''}${tomlTable(key, name, entry!)}`;
      }
      return out;
    },
  };
}

const bareKey = (k: string) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k));

function tomlScalar(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(tomlScalar).join(', ')}]`;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(String(value));
}

/** One server as a TOML table. */
export function tomlTable(key: string, name: string, entry: ClientEntry): string {
  const body = Object.entries(entry)
    .map(([k, v]) => `${bareKey(k)} = ${tomlScalar(v)}`)
    .join('\n');
  return `[${bareKey(key)}.${bareKey(name)}]\n${body}\n`;
}
