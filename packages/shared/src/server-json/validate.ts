import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import current from './official/schemas/2025-12-11/server.schema.json' with { type: 'json' };
import first from './official/schemas/2025-09-29/server.schema.json' with { type: 'json' };
import { officialRuleProblems, type Document, type ServerJsonProblem } from './rules.ts';

export type { ServerJsonProblem } from './rules.ts';
export { PUBLISHER_META_KEY, PUBLISHER_META_MAX_BYTES, looksLikeRange } from './rules.ts';

const schemaUrl = (revision: string) =>
  `https://static.modelcontextprotocol.io/schemas/${revision}/server.schema.json`;

/** The `$schema` of the current server.json revision: what new documents name. */
export const CURRENT_SERVER_SCHEMA_URL = schemaUrl('2025-12-11');

/**
 * The revisions a document may name, each with the official schema it is checked against.
 * 2025-10-17 has no schema of its own here: its documents are checked by the current one,
 * which accepts everything 2025-10-17 did.
 */
const SCHEMAS = new Map<string, typeof current | typeof first>([
  [schemaUrl('2025-12-11'), current],
  [schemaUrl('2025-10-17'), current],
  [schemaUrl('2025-09-29'), first],
]);

/**
 * The official schema a `$schema` address names, or undefined for an unknown one. A Map, so
 * that a name such as `constructor` or `__proto__` is unknown rather than Object's own.
 */
export const officialSchemaFor = (url: string): object | undefined => SCHEMAS.get(url);

/** The scheme of an absolute URL (`https:`), or null when `value` is not one. */
function schemeOf(value: string): string | null {
  try {
    return new URL(value).protocol;
  } catch {
    return null;
  }
}

const dotted = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
const join = (base: string, key: string) => (base && key ? `${base}.${key}` : base || key);

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  object: 'an object',
  array: 'a list',
  boolean: 'true or false',
  number: 'a number',
};

function patternMessage(path: string): string {
  if (path === 'name') {
    return 'must be a reverse-DNS namespace, a slash and a name, like dev.spoke.ada/weather';
  }
  if (path.endsWith('fileSha256')) return 'must be a SHA-256 digest in lower-case hex';
  if (path.endsWith('.url')) return 'must be an http:// or https:// URL';
  if (/^icons\.\d+\.sizes\.\d+$/.test(path)) return 'must be WxH, like 48x48, or any';
  return 'is not in the expected form';
}

function problemOf(e: ErrorObject, at: string): ServerJsonProblem | null {
  const path = join(at, dotted(e.instancePath));
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      // The branches of a positional argument's anyOf speak through the anyOf.
      return e.schemaPath.includes('/anyOf/')
        ? null
        : { path: join(path, String(p.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { path: join(path, String(p.additionalProperty)), message: 'is not a known field' };
    case 'maxLength':
      return { path, message: `must be at most ${String(p.limit)} characters` };
    case 'minLength':
      return {
        path,
        message:
          p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`,
      };
    case 'enum':
      return { path, message: `must be one of ${(p.allowedValues as string[]).join(', ')}` };
    case 'type':
      return { path, message: `must be ${TYPE_WORDS[String(p.type)] ?? String(p.type)}` };
    case 'format':
      return { path, message: 'must be a URL' };
    case 'not':
      return { path, message: 'must be an exact version, not "latest"' };
    case 'pattern':
      return { path, message: patternMessage(path) };
    case 'anyOf':
      return { path, message: 'a positional argument needs a valueHint or a value' };
    default:
      // `allOf`, `if` and `const` wrap or repeat the errors reported above.
      return ['allOf', 'if', 'const'].includes(e.keyword)
        ? null
        : { path, message: e.message ?? 'is invalid' };
  }
}

/**
 * Transports and arguments are unions (anyOf) told apart by `type`: the errors of every branch
 * would be noise, so a union's value is checked again against the branch its type names. An
 * unknown type is reported by the rules (rules.ts).
 */
const BRANCHES = new Map([
  ['stdio', 'StdioTransport'],
  ['streamable-http', 'StreamableHttpTransport'],
  ['sse', 'SseTransport'],
  ['positional', 'PositionalArgument'],
  ['named', 'NamedArgument'],
]);

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat('uri', (value: string) => schemeOf(value) !== null);
for (const schema of [current, first]) ajv.addSchema(schema);

function compiled(ref: string): ValidateFunction {
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`server.json schema ${ref} is missing`);
  return validate;
}

const valueAt = (document: unknown, pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      document,
    );

const under = (path: string, parent: string) => path === parent || path.startsWith(`${parent}/`);

function schemaProblems(schemaId: string, document: unknown): ServerJsonProblem[] {
  const validate = compiled(schemaId);
  if (validate(document)) return [];
  const errors = validate.errors ?? [];
  const unions = [
    ...new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath)),
  ].filter((path, _, all) => !all.some((other) => other !== path && under(path, other)));
  const problems: (ServerJsonProblem | null)[] = errors
    .filter((e) => !unions.some((union) => under(e.instancePath, union)))
    .map((e) => problemOf(e, ''));
  for (const union of unions) {
    const value = valueAt(document, union);
    const isObject = !!value && typeof value === 'object' && !Array.isArray(value);
    if (!isObject) {
      problems.push({ path: dotted(union), message: 'must be an object' });
      continue;
    }
    const branch = BRANCHES.get(String((value as { type?: unknown }).type));
    if (!branch) {
      // An unknown transport type is named by the rules; an argument's is named here.
      if (/Arguments\/\d+$/.test(union)) {
        problems.push({
          path: join(dotted(union), 'type'),
          message: 'must be one of positional, named',
        });
      }
      continue;
    }
    const check = compiled(`${schemaId}#/definitions/${branch}`);
    if (!check(value))
      problems.push(...(check.errors ?? []).map((e) => problemOf(e, dotted(union))));
  }
  return problems.filter((p): p is ServerJsonProblem => p !== null);
}

/**
 * Checks a server.json document as the official registry does: against the official schema of
 * the revision its `$schema` names, then the official rules beyond the schema (see rules.ts).
 * Spoke adds one rule: a package's registry address is an http:// or https:// URL. Empty when
 * the document is valid.
 */
export function validateServerJson(document: unknown): ServerJsonProblem[] {
  const problems: ServerJsonProblem[] = [];
  const seen = new Set<string>();
  const add = (problem: ServerJsonProblem | null) => {
    if (!problem || seen.has(problem.path)) return;
    seen.add(problem.path);
    problems.push(problem);
  };
  const isObject = !!document && typeof document === 'object' && !Array.isArray(document);
  const named = isObject ? (document as { $schema?: unknown }).$schema : undefined;
  const schema = typeof named === 'string' ? SCHEMAS.get(named) : undefined;
  if (isObject && named === undefined) add({ path: '$schema', message: 'is required' });
  else if (isObject && !schema) {
    add({
      path: '$schema',
      message: `must be a known server.json schema, like ${CURRENT_SERVER_SCHEMA_URL}`,
    });
  }
  for (const problem of schemaProblems((schema ?? current).$id, document)) add(problem);
  if (!isObject) return problems;
  const doc = document as Document;
  for (const problem of officialRuleProblems(doc)) add(problem);
  for (const [i, pkg] of (Array.isArray(doc?.packages) ? doc.packages : []).entries()) {
    const base = pkg?.registryBaseUrl;
    const scheme = typeof base === 'string' ? schemeOf(base) : null;
    if (scheme && scheme !== 'http:' && scheme !== 'https:') {
      add({
        path: `packages.${i}.registryBaseUrl`,
        message: `must be an http:// or https:// URL, not ${scheme}`,
      });
    }
  }
  return problems;
}

/** The problems as the API's `fields`: one message per path. */
export const problemFields = (problems: readonly ServerJsonProblem[]) =>
  Object.fromEntries(problems.map((p) => [p.path || '(document)', p.message]));

/** The problems in one sentence, for the API's `error` text. */
export const problemSentence = (problems: readonly ServerJsonProblem[]) =>
  `Invalid server.json: ${problems.map((p) => `${p.path || 'the document'} ${p.message}`).join('; ')}`;
