import { CliError } from '../errors.ts';

/** The parts of a zod issue the messages use. */
export type Issue = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  minimum?: unknown;
  maximum?: unknown;
  issues?: readonly Issue[];
  /** The allowed values of a discriminator. */
  options?: readonly unknown[];
  /** Set by cross-field checks whose message already says everything. */
  params?: { complete?: boolean };
};

export type Path = readonly (string | number)[];

/** Gives the fix for a problem at `path` in the file, or null for the generic one. */
export type HintFor = (path: Path, value: unknown, data: unknown) => string | null;

const DEFAULT_MESSAGE = 'Invalid input';

/** `registries[1].priority`, `servers.github.secrets` */
export function formatPath(path: Path): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

export function valueAt(data: unknown, path: Path): unknown {
  let current = data;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const TYPE_WORDS: Record<string, string> = {
  boolean: 'must be true or false',
  number: 'must be a number',
  int: 'must be a whole number',
  string: 'must be a string',
  array: 'must be an array',
  object: 'must be an object',
};

function expectation(issue: Issue): string {
  if (issue.message !== DEFAULT_MESSAGE) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected ?? ''] ?? `must be ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${(issue.values ?? []).map(String).join(', ')}`;
    case 'invalid_union':
      return issue.options
        ? `must be one of ${issue.options.map(String).join(', ')}`
        : 'is not valid';
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    default:
      return 'is not valid';
  }
}

/** One issue as `<path> <what is wrong>, got <value>`, with the path it concerns. */
export function describeIssue(issue: Issue, data: unknown): { path: Path; text: string } {
  const base = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const path = [...base, issue.keys?.[0] ?? ''];
    return { path, text: `${formatPath(path)} is not a known field` };
  }
  if (issue.code === 'invalid_key') {
    const inner = issue.issues?.[0]?.message ?? DEFAULT_MESSAGE;
    const key = String(base[base.length - 1]);
    const detail = inner === DEFAULT_MESSAGE ? 'is not a valid name' : inner;
    return { path: base, text: `${formatPath(base.slice(0, -1))} key "${key}" ${detail}` };
  }
  const value = valueAt(data, base);
  const where = formatPath(base) || 'the file';
  if (value === undefined)
    return { path: base, text: `${where} is missing; it ${expectation(issue)}` };
  if (issue.params?.complete) return { path: base, text: `${where} ${issue.message}` };
  return { path: base, text: `${where} ${expectation(issue)}, got ${show(value)}` };
}

/** The CONFIG_INVALID error for a file that failed validation: file, field and fix. */
export function invalidFileError(
  file: string,
  data: unknown,
  issues: readonly Issue[],
  hintFor: HintFor,
): CliError {
  const [first, ...others] = issues;
  if (!first) return new CliError(`${file} is not valid`, { code: 'CONFIG_INVALID' });
  const { path, text } = describeIssue(first, data);
  const more = others.length
    ? ` (and ${others.length} more problem${others.length > 1 ? 's' : ''} in this file)`
    : '';
  return new CliError(`${file}: ${text}${more}`, {
    code: 'CONFIG_INVALID',
    hint: hintFor(path, valueAt(data, path), data) ?? 'edit the file',
  });
}
