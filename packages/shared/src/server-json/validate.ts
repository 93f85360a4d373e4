import { Ajv, type ErrorObject } from 'ajv';
import schema from './server.schema.json' with { type: 'json' };

/** One problem with a server.json document; `path` is dotted (`packages.0.transport.type`). */
export type ServerJsonProblem = { path: string; message: string };

export const SERVER_JSON_SCHEMA = schema;

// Exact versions only: a registry entry names one release, not a range.
const RANGE = /^[\^~><=]|(^|\.)(x|\*)(\.|$)/i;

/** The scheme of an absolute URL (`https:`), or null when `value` is not one. */
function schemeOf(value: string): string | null {
  try {
    return new URL(value).protocol;
  } catch {
    return null;
  }
}

const isUri = (value: string) => schemeOf(value) !== null;

// Addresses people open from a registry page or programs connect to: the web's schemes only, so
// that a `javascript:` or `file:` URL never reaches a link or a client.
const WEB_SCHEMES = new Set(['http:', 'https:']);

type Document = {
  version?: unknown;
  websiteUrl?: unknown;
  repository?: { url?: unknown } | null;
  packages?: ({ version?: unknown; registryBaseUrl?: unknown } | null)[];
  remotes?: ({ url?: unknown } | null)[];
} | null;

const listOf = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

/** The document's web addresses, by dotted path. */
function webAddressesOf(doc: Document): [string, unknown][] {
  return [
    ['websiteUrl', doc?.websiteUrl],
    ['repository.url', doc?.repository?.url],
    ...listOf(doc?.remotes).map((remote, i): [string, unknown] => [
      `remotes.${i}.url`,
      remote?.url,
    ]),
    ...listOf(doc?.packages).map((pkg, i): [string, unknown] => [
      `packages.${i}.registryBaseUrl`,
      pkg?.registryBaseUrl,
    ]),
  ];
}

const dotted = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
const join = (base: string, key: string) => (base ? `${base}.${key}` : key);

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  object: 'an object',
  array: 'a list',
  boolean: 'true or false',
  number: 'a number',
};

function problemOf(e: ErrorObject): ServerJsonProblem | null {
  const path = dotted(e.instancePath);
  const p = e.params as Record<string, unknown>;
  // The branches of an anyOf speak through the anyOf's own message.
  if (e.schemaPath.includes('/anyOf/')) return null;
  switch (e.keyword) {
    case 'required':
      return { path: join(path, String(p.missingProperty)), message: 'is required' };
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
      return {
        path,
        message:
          path === 'name'
            ? 'must be a reverse-DNS namespace, a slash and a name, like dev.spoke.ada/weather'
            : 'must be a SHA-256 digest in lower-case hex',
      };
    case 'anyOf':
      return path.endsWith('Arguments') || /Arguments\.\d+$/.test(path)
        ? { path, message: 'a positional argument needs a valueHint or a value' }
        : null;
    default:
      // `if`/`allOf` wrap the errors reported above.
      return e.keyword === 'if' || e.keyword === 'allOf'
        ? null
        : { path, message: e.message ?? 'is invalid' };
  }
}

let compiled: ReturnType<Ajv['compile']> | undefined;

function validator() {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addFormat('uri', isUri);
    compiled = ajv.compile(schema);
  }
  return compiled;
}

/**
 * Checks a server.json document against the shipped schema (the official 2025-09-29 rules), the
 * rules its text states (exact versions) and Spoke's own: its website, repository, remote and
 * package registry addresses are http:// or https:// URLs. Empty when the document is valid.
 */
export function validateServerJson(document: unknown): ServerJsonProblem[] {
  const validate = validator();
  const problems: ServerJsonProblem[] = [];
  const seen = new Set<string>();
  const add = (problem: ServerJsonProblem | null) => {
    if (!problem || seen.has(problem.path)) return;
    seen.add(problem.path);
    problems.push(problem);
  };
  if (!validate(document)) for (const e of validate.errors ?? []) add(problemOf(e));
  const doc = document as Document;
  if (typeof doc?.version === 'string' && RANGE.test(doc.version)) {
    add({ path: 'version', message: `must be an exact version, not a range ("${doc.version}")` });
  }
  for (const [i, pkg] of listOf(doc?.packages).entries()) {
    if (typeof pkg?.version === 'string' && RANGE.test(pkg.version)) {
      add({
        path: `packages.${i}.version`,
        message: `must be an exact version, not a range ("${pkg.version}")`,
      });
    }
  }
  for (const [path, value] of webAddressesOf(doc)) {
    const scheme = typeof value === 'string' ? schemeOf(value) : null;
    if (scheme && !WEB_SCHEMES.has(scheme)) {
      add({ path, message: `must be an http:// or https:// URL, not ${scheme}` });
    }
  }
  return problems;
}

/** The problems as the API's `error.fields`: one message per path. */
export const problemFields = (problems: readonly ServerJsonProblem[]) =>
  Object.fromEntries(problems.map((p) => [p.path || '(document)', p.message]));
