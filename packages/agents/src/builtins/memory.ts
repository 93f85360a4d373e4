import { z } from 'zod';
import { keyProblem } from './memory-kv.ts';
import {
  defineTool,
  jsonByteLength,
  jsonResult,
  messageOf,
  ToolError,
  type BuiltinServerDefinition,
} from './tool.ts';
import { MEMORY_LIMITS } from './types.ts';

const keyField = z
  .string()
  .describe(
    `Key, 1 to ${MEMORY_LIMITS.maxKeyLength} characters. Use prefixes to group keys, e.g. "customer:42".`,
  );

function checkKey(key: string): string {
  const problem = keyProblem(key);
  if (problem) throw new ToolError(problem);
  return key;
}

async function store<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(`memory: ${messageOf(error)}`);
  }
}

const memoryGet = defineTool({
  name: 'memory_get',
  title: 'Recall a value',
  description:
    'Read a value this agent stored earlier with memory_set. Returns found: false when the key ' +
    'is not set.',
  input: { key: keyField },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const key = checkKey(args.key);
    const value = await store(() => ctx.kv.get(key));
    const found = value !== undefined;
    return jsonResult(
      { key, found, value: found ? value : null },
      found ? `Value of ${key}:` : `Nothing is stored under ${key}.`,
    );
  },
});

const memorySet = defineTool({
  name: 'memory_set',
  title: 'Remember a value',
  description:
    'Store a JSON value under a key in this agent’s memory, replacing any value already there. ' +
    'The memory persists between runs. Limits: keys up to ' +
    `${MEMORY_LIMITS.maxKeyLength} characters, values up to ${MEMORY_LIMITS.maxValueBytes / 1024} ` +
    `KiB of JSON, ${MEMORY_LIMITS.maxKeys} keys.`,
  input: {
    key: keyField,
    value: z
      .unknown()
      .refine((value) => value !== undefined, { error: 'give a value (any JSON value)' })
      .describe('Any JSON value: text, number, boolean, null, array or object.'),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, ctx) {
    const key = checkKey(args.key);
    const bytes = jsonByteLength(args.value);
    if (bytes > MEMORY_LIMITS.maxValueBytes) {
      throw new ToolError(
        `the value is ${bytes} bytes of JSON; the limit is ${MEMORY_LIMITS.maxValueBytes} bytes`,
      );
    }
    await store(() => ctx.kv.set(key, args.value));
    return jsonResult({ key, stored: true, bytes }, `Stored ${key}.`);
  },
});

const memoryDelete = defineTool({
  name: 'memory_delete',
  title: 'Forget a value',
  description: 'Delete a key from this agent’s memory. Returns deleted: false when it was not set.',
  input: { key: keyField },
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, ctx) {
    const key = checkKey(args.key);
    const deleted = await store(() => ctx.kv.delete(key));
    return jsonResult({ key, deleted }, deleted ? `Deleted ${key}.` : `${key} was not set.`);
  },
});

const memoryList = defineTool({
  name: 'memory_list',
  title: 'List remembered keys',
  description:
    'List the keys in this agent’s memory in alphabetical order, optionally only those starting ' +
    'with a prefix. Read values with memory_get.',
  input: {
    prefix: z
      .string()
      .max(MEMORY_LIMITS.maxKeyLength)
      .default('')
      .describe('Only keys starting with this. Default: all keys.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MEMORY_LIMITS.maxKeys)
      .default(100)
      .describe('Most keys to return. Default 100.'),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    // One more than asked tells whether the list was cut.
    const keys = await store(() => ctx.kv.list(args.prefix, args.limit + 1));
    const truncated = keys.length > args.limit;
    const shown = keys.slice(0, args.limit);
    return jsonResult(
      { keys: shown, count: shown.length, truncated },
      `${shown.length} key${shown.length === 1 ? '' : 's'}${args.prefix ? ` starting with ${args.prefix}` : ''}${truncated ? ' (more exist)' : ''}.`,
    );
  },
});

export const memoryServer: BuiltinServerDefinition = {
  title: 'Agent memory',
  instructions:
    'A key-value memory that belongs to this agent and persists between runs: memory_set, ' +
    'memory_get, memory_list, memory_delete.',
  tools: [memoryGet, memorySet, memoryDelete, memoryList],
};
