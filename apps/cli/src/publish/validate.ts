import { Ajv, type ErrorObject } from 'ajv';
import { SERVER_SCHEMA } from './server-schema.ts';

const RANGE = /^[\^~><=]|(^|\.)(x|\*)(\.|$)/i;

function isUri(value: string): boolean {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
}

const describe = (e: ErrorObject) =>
  e.keyword === 'not' && e.instancePath.endsWith('/version')
    ? `${e.instancePath} must be an exact version, not "latest"`
    : `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`;

/** Problems with a server.json document, each naming its JSON path; empty when it is valid. */
export function validateServerJson(document: unknown): string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat('uri', isUri);
  const validate = ajv.compile(SERVER_SCHEMA);
  const problems = validate(document)
    ? []
    : [...new Set((validate.errors ?? []).filter((e) => e.keyword !== 'anyOf').map(describe))];
  // Rules the schema states in words: exact versions, not ranges.
  const doc = document as { version?: unknown; packages?: { version?: unknown }[] };
  if (typeof doc?.version === 'string' && RANGE.test(doc.version)) {
    problems.push(`/version must be an exact version, not a range ("${doc.version}")`);
  }
  for (const [i, p] of (Array.isArray(doc?.packages) ? doc.packages : []).entries()) {
    if (typeof p?.version === 'string' && RANGE.test(p.version)) {
      problems.push(
        `/packages/${i}/version must be an exact version, not a range ("${p.version}")`,
      );
    }
  }
  return problems;
}
