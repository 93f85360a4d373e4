import type { IntegrationInfo } from '@spoke/shared';

type JsonSchema = Record<string, unknown>;

/** How an argument is edited: the input its schema calls for. */
export type ArgKind = 'string' | 'text' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface ArgField {
  name: string;
  kind: ArgKind;
  required: boolean;
  description?: string;
  /** The tool's default, shown as the empty field's placeholder. */
  fallback?: string;
  options?: string[];
  minimum?: number;
  maximum?: number;
}

export interface ToolInfo {
  /** `<integration>.<tool>`. */
  name: string;
  integration: string;
  description: string;
  schema?: JsonSchema;
}

/** The catalog's tools by `<integration>.<tool>`. */
export function toolsByName(catalog: readonly IntegrationInfo[]): Map<string, ToolInfo> {
  const tools = new Map<string, ToolInfo>();
  for (const integration of catalog) {
    for (const tool of integration.tools) {
      const name = `${integration.id}.${tool.name}`;
      tools.set(name, {
        name,
        integration: integration.id,
        description: tool.description,
        ...(tool.input_schema ? { schema: tool.input_schema } : {}),
      });
    }
  }
  return tools;
}

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Strings past this length are prose (a message body), edited in a text area.
const LONG_TEXT = 5000;

function kindOf(schema: JsonSchema): ArgKind {
  if (Array.isArray(schema.enum) && schema.enum.every((each) => typeof each === 'string')) {
    return 'enum';
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type) => type !== 'null',
  );
  if (types.length !== 1) return 'json';
  switch (types[0]) {
    case 'string':
      return typeof schema.maxLength === 'number' && schema.maxLength > LONG_TEXT
        ? 'text'
        : 'string';
    case 'number':
      return 'number';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    default:
      return 'json';
  }
}

/** The fields a tool's input schema asks for, in the schema's order. */
export function argFields(schema: JsonSchema): ArgField[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(properties).map(([name, raw]) => {
    const property = isObject(raw) ? raw : {};
    const kind = kindOf(property);
    return {
      name,
      kind,
      required: required.has(name),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      ...(property.default !== undefined && kind !== 'json'
        ? { fallback: String(property.default) }
        : {}),
      ...(kind === 'enum' ? { options: (property.enum as string[]).slice() } : {}),
      ...(typeof property.minimum === 'number' ? { minimum: property.minimum } : {}),
      ...(typeof property.maximum === 'number' ? { maximum: property.maximum } : {}),
    };
  });
}

/** A field for an argument the schema does not name: edited as JSON. */
export function extraField(name: string): ArgField {
  return { name, kind: 'json', required: false };
}

const WHOLE_PLACEHOLDER = /^\{\{\s*[^{}\s]+\s*\}\}$/;

/** Whether a text holds a `{{…}}` reference, so a number or switch field shows it as text. */
export function holdsReference(text: string): boolean {
  return text.includes('{{');
}

/** An argument's value as its field shows it. */
export function argText(kind: ArgKind, value: unknown): string {
  if (value === undefined) return '';
  if (kind === 'json') {
    // A value that is one reference reads better bare than as a quoted JSON string.
    if (typeof value === 'string' && WHOLE_PLACEHOLDER.test(value.trim())) return value;
    return JSON.stringify(value, null, 2);
  }
  if (typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What is wrong with JSON text, or null. */
export function jsonProblem(text: string): string | null {
  if (text.trim() === '' || WHOLE_PLACEHOLDER.test(text.trim())) return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export type Encoded = { value: unknown } | { error: string } | { absent: true };

/** A field's text as the argument's value; empty fields are left out. */
export function encodeArg(field: ArgField, text: string): Encoded {
  const trimmed = text.trim();
  if (field.kind === 'string' || field.kind === 'text') {
    return text === '' ? { absent: true } : { value: text };
  }
  if (trimmed === '') return { absent: true };
  if (field.kind === 'json') {
    if (WHOLE_PLACEHOLDER.test(trimmed)) return { value: trimmed };
    const problem = jsonProblem(text);
    return problem ? { error: problem } : { value: JSON.parse(text) as unknown };
  }
  if (holdsReference(trimmed)) return { value: trimmed };
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const number = Number(trimmed);
      if (!Number.isFinite(number)) return { error: 'must be a number' };
      if (field.kind === 'integer' && !Number.isInteger(number)) {
        return { error: 'must be a whole number' };
      }
      return { value: number };
    }
    case 'boolean':
      return { value: trimmed === 'true' };
    default:
      return { value: trimmed };
  }
}
