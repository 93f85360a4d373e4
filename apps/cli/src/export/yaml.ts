import type { ClientEntry } from './clients.ts';

/**
 * The entries of one top-level mapping of a YAML file (goose's `extensions:`), read and rewritten
 * entry by entry: every other line stays as it was. Block style is read (the style goose writes);
 * an entry's `cmd` and `args` are read as plain, quoted or flow values. A mapping written in flow
 * style (`extensions: {a: ...}`) or an anchor is refused rather than rewritten.
 */

export class YamlUnsafe extends Error {}

type Line = { text: string; start: number; indent: number; blank: boolean };

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const text1 of text.split('\n')) {
    const indent = /^ */.exec(text1)![0].length;
    const blank = /^\s*(#.*)?$/.test(text1);
    out.push({ text: text1, start, indent, blank });
    start += text1.length + 1;
  }
  return out;
}

/** A plain scalar as YAML 1.2's core schema reads it: booleans, null and numbers typed. */
function typed(raw: string): unknown {
  const s = raw.trim().replace(/\s+#.*$/, '');
  if (s === '{}') return {};
  if (/^(true|false)$/.test(s)) return s === 'true';
  if (/^(null|~)$/.test(s)) return null;
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  return scalar(s);
}

/** A scalar: "double" (JSON's escapes), 'single', or plain up to a comment. */
function scalar(raw: string): string {
  const s = raw.trim();
  if (s.startsWith('"')) {
    const m = /^"((?:[^"\\]|\\.)*)"/.exec(s);
    try {
      return m ? (JSON.parse(`"${m[1]}"`) as string) : s;
    } catch {
      return s;
    }
  }
  if (s.startsWith("'")) {
    const m = /^'((?:[^']|'')*)'/.exec(s);
    return m ? m[1]!.replace(/''/g, "'") : s;
  }
  return s.replace(/\s+#.*$/, '');
}

/** `[a, "b", 'c']` → ['a', 'b', 'c']. */
function flowList(raw: string): string[] | undefined {
  const s = raw.trim().replace(/\s+#[^\]]*$/, '');
  if (!s.startsWith('[') || !s.endsWith(']')) return undefined;
  const items: string[] = [];
  const re = /\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^,\]]+?)\s*(,|$)/y;
  const inner = s.slice(1, -1);
  let match: RegExpExecArray | null;
  while (re.lastIndex < inner.length && (match = re.exec(inner))) items.push(scalar(match[1]!));
  return items;
}

const KEY = /^( *)("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"][^:#]*?):(?:\s+(.*))?$/;

/** `cmd` and `args` (flow or block list) of an entry's lines. */
function entryOf(lines: Line[]): ClientEntry {
  const entry: ClientEntry = {};
  const own = lines.find((l) => !l.blank)?.indent;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const m = KEY.exec(l.text);
    if (l.blank || !m || l.indent !== own) continue;
    const key = scalar(m[2]!);
    const value = (m[3] ?? '').trim();
    if (value && !value.startsWith('#')) {
      entry[key] = value.startsWith('[') ? flowList(value) : typed(value);
      continue;
    }
    const items: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const item = /^ *- +(.*)$/.exec(lines[j]!.text);
      if (lines[j]!.blank) continue;
      if (!item || lines[j]!.indent < own) break;
      items.push(scalar(item[1]!));
    }
    if (items.length) entry[key] = items;
  }
  return entry;
}

export type YamlServers = {
  entries: Record<string, ClientEntry>;
  apply: (next: Record<string, ClientEntry | null>) => string;
};

type Child = { name: string; start: number; end: number };

export function readYamlServers(text: string, key: string): YamlServers {
  const lines = linesOf(text);
  const headerAt = lines.findIndex((l) => new RegExp(`^${key}:(\\s.*)?$`).test(l.text));
  const header = headerAt === -1 ? undefined : lines[headerAt]!;
  const inline = header
    ? header.text
        .slice(key.length + 1)
        .replace(/\s+#.*$/, '')
        .trim()
    : '';
  if (header && inline && inline !== '{}') {
    throw new YamlUnsafe(`${key} is written in flow style or with an anchor`);
  }
  // The mapping's lines: those after the header, up to the next line at column 0.
  const body: Line[] = [];
  if (header) {
    for (const l of lines.slice(headerAt + 1)) {
      if (!l.blank && l.indent === 0) break;
      body.push(l);
    }
  }
  const childIndent = body.find((l) => !l.blank)?.indent ?? 2;
  const children: Child[] = [];
  const entries: Record<string, ClientEntry> = {};
  for (const [n, l] of body.entries()) {
    if (l.blank || l.indent !== childIndent) continue;
    const m = KEY.exec(l.text);
    if (!m || (m[3] && !m[3].startsWith('#'))) {
      throw new YamlUnsafe(`an entry of ${key} is not a block mapping: ${l.text.trim()}`);
    }
    const next = body.slice(n + 1).findIndex((x) => !x.blank && x.indent <= childIndent);
    const own = next === -1 ? body.slice(n + 1) : body.slice(n + 1, n + 1 + next);
    // An entry ends with its last line of content; blank lines after it stay where they are.
    while (own.length && own.at(-1)!.blank) own.pop();
    const last = own.at(-1) ?? l;
    const name = scalar(m[2]!);
    children.push({ name, start: l.start, end: last.start + last.text.length + 1 });
    entries[name] = entryOf(own);
  }
  return {
    entries,
    apply: (next) => {
      const indent = ' '.repeat(childIndent);
      let out = text;
      for (const c of [...children].sort((a, b) => b.start - a.start)) {
        if (!Object.hasOwn(next, c.name)) continue;
        const entry = next[c.name];
        out =
          out.slice(0, c.start) +
          (entry ? yamlEntry(c.name, entry, indent) : '') +
          out.slice(c.end);
      }
      const present = new Set(children.map((c) => c.name));
      const added = Object.entries(next)
        .filter(([name, e]) => e && !present.has(name))
        .map(([name, e]) => yamlEntry(name, e!, indent))
        .join('');
      if (!added) return out;
      if (!header) {
        if (out && !out.endsWith('\n')) out += '\n';
        return `${out}${key}:\n${added}`;
      }
      if (inline) {
        const after = header.start + header.text.length;
        const rest = out.slice(after).replace(/^\n?/, '\n');
        return `${out.slice(0, header.start)}${key}:\n${added}${rest.slice(1)}`;
      }
      // After the mapping's last line of content (or right after its header). Every edit above
      // was before that point, so it moved by the change in length.
      const lastBody = [...body].reverse().find((l) => !l.blank) ?? header;
      let at = lastBody.start + lastBody.text.length + 1 + (out.length - text.length);
      if (at > out.length) {
        out += '\n';
        at = out.length;
      }
      return out.slice(0, at) + added + out.slice(at);
    },
  };
}

const yamlKey = (k: string) => (/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(k) ? k : JSON.stringify(k));

function yamlValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(yamlValue).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length
      ? `{${entries.map(([k, v]) => `${yamlKey(k)}: ${yamlValue(v)}`).join(', ')}}`
      : '{}';
  }
  if (typeof value === 'boolean' || typeof value === 'number' || value === null)
    return String(value);
  return JSON.stringify(String(value));
}

/** One entry of the mapping, in block style. */
export function yamlEntry(name: string, entry: ClientEntry, indent: string): string {
  const fields = Object.entries(entry).map(
    ([k, v]) => `${indent}${indent}${yamlKey(k)}: ${yamlValue(v)}\n`,
  );
  return `${indent}${yamlKey(name)}:\n${fields.join('')}`;
}
