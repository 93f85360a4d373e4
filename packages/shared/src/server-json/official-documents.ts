/// <reference types="node" />
// Read on Node only (tests): the rest of the package stays free of Node types.
import { readFileSync, readdirSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { officialSchemaFor } from './validate.ts';

/**
 * The official registry's own documents (official/), read for conformance tests: its OpenAPI
 * document's response schemas, its server.json schemas and its example documents.
 */

const HERE = new URL('./official/', import.meta.url);

type OpenApi = {
  $id: string;
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
};
type Response = { content?: { 'application/json'?: { schema?: Record<string, unknown> } } };

const OFFICIAL_OPENAPI = parse(readFileSync(new URL('openapi.yaml', HERE), 'utf8')) as OpenApi;

// RFC 3339, as `format: date-time` means.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const isUri = (value: string) => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

function withFormats<T extends Ajv>(ajv: T): T {
  ajv.addFormat('uri', isUri);
  ajv.addFormat('date-time', (value: string) => DATE_TIME.test(value) && !isNaN(Date.parse(value)));
  return ajv;
}

const openApi = withFormats(new Ajv2020({ allErrors: true, strict: false, validateSchema: false }));
openApi.addSchema(OFFICIAL_OPENAPI as object);

/**
 * The schema the OpenAPI document gives the answer to `method path` with `status`, compiled;
 * `path` as the document writes it (`/v0.1/servers/{serverName}/versions`).
 */
export function officialResponseValidator(
  method: string,
  path: string,
  status: number,
): ValidateFunction {
  const schema =
    OFFICIAL_OPENAPI.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content?.[
      'application/json'
    ]?.schema;
  if (!schema) throw new Error(`the official OpenAPI has no ${status} answer to ${method} ${path}`);
  const ref = schema.$ref;
  return openApi.compile(
    typeof ref === 'string' && ref.startsWith('#')
      ? { $ref: `${OFFICIAL_OPENAPI.$id}${ref}` }
      : schema,
  );
}

const serverSchemas = withFormats(new Ajv({ allErrors: true, strict: false }));

/** The official schema a document's `$schema` names, compiled on its own; undefined if none. */
export function officialServerSchemaValidator(url: string): ValidateFunction | undefined {
  const schema = officialSchemaFor(url) as { $id?: string } | undefined;
  if (!schema?.$id) return undefined;
  return serverSchemas.getSchema(schema.$id) ?? serverSchemas.compile(schema);
}

/** The official example server.json documents: `valid` ones and `invalid` ones, by file name. */
export function officialExamples(kind: 'valid' | 'invalid'): Record<string, unknown> {
  const dir = new URL(`examples/${kind}/`, HERE);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => [f, JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as unknown]),
  );
}
