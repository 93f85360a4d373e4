import { parentPort } from 'node:worker_threads';
import jsonata from 'jsonata';
import { serveWork } from './killable-worker.ts';
import type { JsonataInput, JsonataOutput } from './jsonata.ts';

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

function fail(message: string, code: string): never {
  throw Object.assign(new Error(message), { code });
}

async function evaluate({ expression, input, limits }: JsonataInput): Promise<JsonataOutput> {
  let compiled: jsonata.Expression;
  try {
    compiled = jsonata(expression, limits);
  } catch (error) {
    const e = error as JsonataFailure;
    fail(`${e.message ?? String(error)} (at position ${e.position ?? 0})`, 'syntax');
  }
  let result: unknown;
  try {
    result = await compiled.evaluate(input ?? null);
  } catch (error) {
    const e = error as JsonataFailure;
    if (e.code === 'D1012') fail('timeout', 'timeout');
    fail(e.message ?? String(error), 'failed');
  }
  if (isFunction(result)) fail('the expression returns a function', 'function');
  if (result === undefined) return { matched: false };
  // Only data leaves the worker: functions inside the result are dropped.
  const json =
    JSON.stringify(result, (_key, value: unknown) => (isFunction(value) ? undefined : value)) ??
    'null';
  return { matched: true, json };
}

await serveWork(parentPort, async () => undefined, evaluate);
