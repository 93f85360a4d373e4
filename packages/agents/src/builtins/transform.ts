import Papa from 'papaparse';
import { z } from 'zod';
import { evaluateJsonata, JsonataError } from '../isolate/jsonata.ts';
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
    let evaluated: Awaited<ReturnType<typeof evaluateJsonata>>;
    try {
      evaluated = await evaluateJsonata(
        args.expression,
        args.input ?? null,
        TRANSFORM_LIMITS.queryTimeoutMs,
      );
    } catch (error) {
      if (!(error instanceof JsonataError)) throw error;
      throw new ToolError(jsonataProblem(error));
    }
    if (!evaluated.matched) {
      return jsonResult({ matched: false, result: null }, 'Nothing matched.');
    }
    checkSize(evaluated.result);
    return jsonResult({ matched: true, result: evaluated.result });
  },
});

function jsonataProblem(error: JsonataError): string {
  switch (error.kind) {
    case 'syntax':
      return `invalid JSONata expression: ${error.message}`;
    case 'timeout':
      return `the expression ran longer than ${TRANSFORM_LIMITS.queryTimeoutMs} ms and was stopped (check for an endless loop or a regular expression that backtracks)`;
    case 'function':
      return 'the expression returns a function, not data; call it or remove it';
    case 'busy':
      return `the transform is busy: ${error.message}`;
    case 'crashed':
      return `the expression was stopped: ${error.message}`;
    default:
      return `the expression failed: ${error.message}`;
  }
}

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
      // A column a row lacks is empty, whatever its name (`constructor` is no column of {}).
      const data = records.map((r) =>
        columns.map((c) => cell(Object.hasOwn(r, c) ? r[c] : undefined)),
      );
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
