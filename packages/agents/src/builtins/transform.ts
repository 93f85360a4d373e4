import jsonata from 'jsonata';
import Papa from 'papaparse';
import { z } from 'zod';
import {
  defineTool,
  jsonByteLength,
  jsonResult,
  textResult,
  ToolError,
  type BuiltinServerDefinition,
} from './tool.ts';

export const TRANSFORM_LIMITS = {
  /** Time a JSONata expression may run. */
  queryTimeoutMs: 1000,
  /** Bytes of JSON a result may have. */
  maxResultBytes: 1024 * 1024,
  /** Characters of CSV read. */
  maxCsvChars: 1024 * 1024,
  /** Rows written to CSV. */
  maxRows: 10_000,
} as const;

type JsonataFailure = { code?: string; message?: string; position?: number };

/** JSONata functions are objects marked by the library, or native functions. */
function isFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  return (
    value !== null &&
    typeof value === 'object' &&
    ('_jsonata_lambda' in value || '_jsonata_function' in value)
  );
}

function checkSize(value: unknown): void {
  const bytes = jsonByteLength(value);
  if (bytes > TRANSFORM_LIMITS.maxResultBytes) {
    throw new ToolError(
      `the result is ${bytes} bytes of JSON; the limit is ${TRANSFORM_LIMITS.maxResultBytes}`,
    );
  }
}

const jsonQuery = defineTool({
  name: 'json_query',
  title: 'Query or reshape JSON',
  description:
    'Evaluate a JSONata expression over a JSON document to pick, filter, sum or reshape data. ' +
    'Examples: `orders[status="open"].id`, `$sum(items.(price * qty))`, ' +
    '`people.{"name": first & " " & last}`. Returns matched: false when nothing matches. ' +
    `Expressions stop after ${TRANSFORM_LIMITS.queryTimeoutMs} ms.`,
  input: {
    expression: z.string().min(1).max(10_000).describe('JSONata expression (https://jsonata.org).'),
    input: z.unknown().describe('The JSON document the expression reads as `$`.'),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args) {
    let expression: jsonata.Expression;
    const options = { timeout: TRANSFORM_LIMITS.queryTimeoutMs, stack: 500, sequence: 1_000_000 };
    try {
      expression = jsonata(args.expression, options);
    } catch (error) {
      const e = error as JsonataFailure;
      throw new ToolError(
        `invalid JSONata expression: ${e.message ?? String(error)} (at position ${e.position ?? 0})`,
      );
    }
    let result: unknown;
    try {
      result = await expression.evaluate(args.input ?? null);
    } catch (error) {
      const e = error as JsonataFailure;
      if (e.code === 'D1012') {
        throw new ToolError(
          `the expression ran longer than ${TRANSFORM_LIMITS.queryTimeoutMs} ms (check for an endless loop)`,
        );
      }
      throw new ToolError(`the expression failed: ${e.message ?? String(error)}`);
    }
    if (isFunction(result)) {
      throw new ToolError('the expression returns a function, not data; call it or remove it');
    }
    if (result === undefined) {
      return jsonResult({ matched: false, result: null }, 'Nothing matched.');
    }
    const data = JSON.parse(
      JSON.stringify(result, (_key, value: unknown) => (isFunction(value) ? undefined : value)) ??
        'null',
    ) as unknown;
    checkSize(data);
    return jsonResult({ matched: true, result: data });
  },
});

const delimiterField = z
  .string()
  .min(1)
  .max(1)
  .optional()
  .describe('Field separator, one character, e.g. "," ";" or "\\t".');

const csvToJson = defineTool({
  name: 'csv_to_json',
  title: 'CSV to JSON',
  description:
    'Parse CSV text into JSON rows: objects keyed by the header line (header: true) or arrays ' +
    'of fields. The separator is detected unless you give one. Quoted fields may contain ' +
    'separators and line breaks. Malformed CSV (an unclosed quote, rows with the wrong number ' +
    'of fields) is reported with the row numbers.',
  input: {
    csv: z.string().max(TRANSFORM_LIMITS.maxCsvChars).describe('The CSV text.'),
    header: z.boolean().default(true).describe('The first line names the columns. Default true.'),
    delimiter: delimiterField,
    dynamic_typing: z
      .boolean()
      .default(false)
      .describe('Turn numbers and true/false into JSON numbers and booleans. Default false.'),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args) {
    if (!args.csv.trim()) throw new ToolError('the CSV is empty');
    const parsed = Papa.parse<unknown>(args.csv, {
      header: args.header,
      delimiter: args.delimiter ?? '',
      dynamicTyping: args.dynamic_typing,
      skipEmptyLines: 'greedy',
    });
    const errors = parsed.errors.filter((e) => e.code !== 'UndetectableDelimiter');
    if (errors.length) {
      const lines = errors
        .slice(0, 5)
        .map((e) => (e.row === undefined ? e.message : `row ${e.row + 1}: ${e.message}`));
      const more = errors.length > 5 ? `\n…and ${errors.length - 5} more` : '';
      throw new ToolError(
        `the CSV is malformed (rows counted after the header):\n${lines.join('\n')}${more}`,
      );
    }
    checkSize(parsed.data);
    return jsonResult({
      fields: parsed.meta.fields ?? null,
      delimiter: parsed.meta.delimiter,
      row_count: parsed.data.length,
      rows: parsed.data,
    });
  },
});

function cell(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

const jsonToCsv = defineTool({
  name: 'json_to_csv',
  title: 'JSON to CSV',
  description:
    'Write JSON rows as CSV text. Rows are objects (columns are their keys, in first-seen order, ' +
    'or the `columns` you list) or arrays of fields. Nested objects and arrays are written as ' +
    'JSON in their cell.',
  input: {
    rows: z
      .array(z.unknown())
      .min(1, { error: 'give at least one row' })
      .max(TRANSFORM_LIMITS.maxRows)
      .describe('The rows, e.g. [{"name": "Ana", "age": 31}].'),
    columns: z
      .array(z.string())
      .optional()
      .describe('Column names and order for object rows. Default: every key found.'),
    header: z.boolean().default(true).describe('Write a header line. Default true.'),
    delimiter: delimiterField,
    escape_formulae: z
      .boolean()
      .default(false)
      .describe('Prefix cells starting with = + - @ with a quote so spreadsheets do not run them.'),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args) {
    const objects = args.rows.every(
      (r) => r !== null && typeof r === 'object' && !Array.isArray(r),
    );
    const arrays = args.rows.every((r) => Array.isArray(r));
    if (!objects && !arrays) {
      const bad = args.rows.findIndex((r) => r === null || typeof r !== 'object');
      throw new ToolError(
        bad >= 0
          ? `row ${bad + 1} is not an object or an array`
          : 'rows must be all objects or all arrays, not a mix',
      );
    }
    let csv: string;
    const config = { delimiter: args.delimiter ?? ',', escapeFormulae: args.escape_formulae };
    if (objects) {
      const records = args.rows as Record<string, unknown>[];
      const columns = args.columns ?? [...new Set(records.flatMap((r) => Object.keys(r)))];
      const data = records.map((r) => columns.map((c) => cell(r[c])));
      csv = Papa.unparse({ fields: columns, data }, { ...config, header: args.header });
    } else {
      const data = (args.rows as unknown[][]).map((r) => r.map(cell));
      csv = Papa.unparse(data, config);
    }
    return textResult(csv, { row_count: args.rows.length, csv });
  },
});

export const transformServer: BuiltinServerDefinition = {
  title: 'JSON and CSV transform',
  instructions: 'Reshapes data without code: json_query (JSONata), csv_to_json and json_to_csv.',
  tools: [jsonQuery, csvToJson, jsonToCsv],
};
