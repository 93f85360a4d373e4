export interface PageContent {
  title: string;
  description: string;
  /** Markdown after the front matter. */
  body: string;
}

const KEYS = ['title', 'description'] as const;
type Key = (typeof KEYS)[number];

// Characters that start something other than a plain string in YAML; such values must be quoted
// so the files mean the same to any YAML reader as to this parser.
const YAML_INDICATOR = /^[[\]{}>|*&!%@`#,?:-]/;

export class FrontMatterError extends Error {
  override readonly name = 'FrontMatterError';
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
  }
}

function isKey(key: string): key is Key {
  return (KEYS as readonly string[]).includes(key);
}

function unquote(raw: string, fail: (problem: string) => never): string {
  if (raw.startsWith('"')) {
    if (raw.length < 2 || !raw.endsWith('"')) fail('unterminated double-quoted value');
    try {
      return JSON.parse(raw) as string;
    } catch {
      fail(`bad escape in ${raw}`);
    }
  }
  if (raw.startsWith("'")) {
    if (raw.length < 2 || !raw.endsWith("'")) fail('unterminated single-quoted value');
    const inner = raw.slice(1, -1);
    if (/(^|[^'])'($|[^'])/.test(inner)) fail("a ' inside single quotes must be doubled ('')");
    return inner.replaceAll("''", "'");
  }
  if (YAML_INDICATOR.test(raw)) fail(`quote the value ${raw}`);
  if (raw.includes(': ') || raw.includes(' #')) fail(`quote the value ${raw}`);
  return raw;
}

function hasLevelOneHeading(body: string): boolean {
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && /^#\s/.test(line)) return true;
  }
  return false;
}

/**
 * Splits a page into its front matter (`title`, `description`, nothing else) and its body.
 * Strict on purpose: a mistake in a page fails the tests with the file and line, rather than
 * shipping a page without a title.
 */
export function parsePage(source: string, file: string): PageContent {
  const fail = (problem: string): never => {
    throw new FrontMatterError(file, problem);
  };
  const lines = source
    .replace(/^\uFEFF/, '')
    .replaceAll('\r\n', '\n')
    .split('\n');
  if (lines[0]?.trimEnd() !== '---') fail('must start with a front matter block (---)');
  const end = lines.findIndex((line, i) => i > 0 && line.trimEnd() === '---');
  if (end === -1) fail('front matter is not closed with ---');

  const values: Partial<Record<Key, string>> = {};
  lines.slice(1, end).forEach((line, i) => {
    const at = (problem: string): never => fail(`line ${i + 2}: ${problem}`);
    if (line.trim() === '') return;
    const match = /^([A-Za-z][\w-]*):(?:\s+(.*))?$/.exec(line.trimEnd());
    if (!match) return at('expected "key: value"');
    const key = match[1] as string;
    if (!isKey(key)) return at(`unknown key "${key}" (allowed: ${KEYS.join(', ')})`);
    if (key in values) return at(`duplicate key "${key}"`);
    const value = unquote((match[2] ?? '').trim(), at).trim();
    if (value === '') return at(`"${key}" is empty`);
    values[key] = value;
  });

  const title = values.title ?? fail('missing "title"');
  const description = values.description ?? fail('missing "description"');
  const body = lines
    .slice(end + 1)
    .join('\n')
    .trim();
  if (body === '') fail('has no body after the front matter');
  if (hasLevelOneHeading(body)) fail('the body must not have a level-1 heading: the title is one');
  return { title, description, body };
}
