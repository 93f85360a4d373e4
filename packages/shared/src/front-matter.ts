/** A Markdown file's front matter and body. */
export type FrontMatter = { data: Record<string, string | string[]>; body: string };

export class FrontMatterError extends Error {
  constructor(file: string, line: number | undefined, problem: string) {
    super(`${file}${line ? `:${line}` : ''}: ${problem}`);
    this.name = 'FrontMatterError';
  }
}

// Characters that start something other than a plain string in YAML; such values must be
// quoted, so the files mean the same to any YAML reader as to this parser.
const YAML_INDICATOR = /^[[\]{}>|*&!%@`#,?:-]/;

function unquote(raw: string, file: string, line: number): string {
  const v = raw.trim();
  if (v.startsWith('"')) {
    if (v.length < 2 || !v.endsWith('"')) throw new FrontMatterError(file, line, 'unterminated "');
    try {
      return JSON.parse(v) as string;
    } catch {
      throw new FrontMatterError(file, line, `bad quoted string ${v}`);
    }
  }
  if (v.startsWith("'")) {
    if (v.length < 2 || !v.endsWith("'")) throw new FrontMatterError(file, line, "unterminated '");
    const inner = v.slice(1, -1);
    if (/(^|[^'])'($|[^'])/.test(inner)) {
      throw new FrontMatterError(file, line, "a ' inside single quotes must be doubled ('')");
    }
    return inner.replaceAll("''", "'");
  }
  if (YAML_INDICATOR.test(v) || v.includes(': ') || v.includes(' #')) {
    throw new FrontMatterError(file, line, `quote the value ${v}`);
  }
  return v;
}

/**
 * Reads `---`-fenced front matter of `key: value` lines; a value may be quoted, or a list
 * `[a, b]`. Strict on purpose: a mistake names the file and line instead of rendering a
 * blank page.
 */
export function parseFrontMatter(text: string, file: string): FrontMatter {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') {
    throw new FrontMatterError(file, 1, 'must start with a --- line (front matter)');
  }
  const data: Record<string, string | string[]> = {};
  let i = 1;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '---') break;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const m = /^([A-Za-z][\w-]*):(?:\s+(.*))?$/.exec(line);
    if (!m)
      throw new FrontMatterError(file, i + 1, `expected "key: value", got ${JSON.stringify(line)}`);
    const key = m[1]!;
    const raw = (m[2] ?? '').trim();
    if (key in data) throw new FrontMatterError(file, i + 1, `duplicate key "${key}"`);
    if (raw.startsWith('[')) {
      if (!raw.endsWith(']')) throw new FrontMatterError(file, i + 1, 'unterminated [ list');
      const inner = raw.slice(1, -1).trim();
      data[key] = inner ? inner.split(',').map((item) => unquote(item, file, i + 1)) : [];
    } else {
      data[key] = unquote(raw, file, i + 1);
    }
  }
  if (i >= lines.length)
    throw new FrontMatterError(file, undefined, 'front matter has no closing --- line');
  return {
    data,
    body: lines
      .slice(i + 1)
      .join('\n')
      .replace(/^\n+/, ''),
  };
}
