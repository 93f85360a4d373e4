import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { loadReadline } from '../builtins.ts';
import { stderr } from '../output/fd-stream.ts';
import type { Output } from '../output/output.ts';
import { canPrompt } from '../util/prompt.ts';

/**
 * What a command's client offers: answers to a server's questions (form elicitation), with the
 * defaults of the fields left empty filled in by the SDK.
 */
export const ELICITATION_CAPABILITIES = { elicitation: { form: { applyDefaults: true } } };

type Field = {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  oneOf?: { const?: unknown; title?: string }[];
  items?: { enum?: unknown[]; anyOf?: { const?: unknown }[] };
};

type Answer = { value?: unknown; problem?: string };

const choicesOf = (field: Field): string[] | null => {
  const values =
    field.enum ??
    field.oneOf?.map((c) => c.const) ??
    field.items?.enum ??
    field.items?.anyOf?.map((c) => c.const);
  return values ? values.map(String) : null;
};

const shown = (value: unknown): string =>
  typeof value === 'boolean'
    ? value
      ? 'yes'
      : 'no'
    : Array.isArray(value)
      ? value.join(', ')
      : String(value);

/** The typed value of one answer, or why it cannot be one. */
export function parseAnswer(field: Field, text: string): Answer {
  const choices = choicesOf(field);
  if (field.type === 'array') {
    const picked = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const wrong = picked.find((p) => choices && !choices.includes(p));
    return wrong
      ? { problem: `${wrong} is not one of: ${choices!.join(', ')}` }
      : { value: picked };
  }
  if (choices && !choices.includes(text))
    return { problem: `answer one of: ${choices.join(', ')}` };
  if (field.type === 'boolean') {
    if (/^(y|yes|true)$/i.test(text)) return { value: true };
    if (/^(n|no|false)$/i.test(text)) return { value: false };
    return { problem: 'answer yes or no' };
  }
  if (field.type === 'number' || field.type === 'integer') {
    const value = Number(text);
    if (!Number.isFinite(value)) return { problem: 'answer a number' };
    if (field.type === 'integer' && !Number.isInteger(value)) {
      return { problem: 'answer a whole number' };
    }
    return { value };
  }
  return { value: text };
}

function question(key: string, field: Field): string {
  const choices = choicesOf(field);
  const about = [
    field.description,
    choices ? `one of ${choices.join(', ')}` : field.type === 'boolean' ? 'yes or no' : null,
  ].filter(Boolean);
  const fallback = 'default' in field ? ` [${shown(field.default)}]` : '';
  return `? ${field.title ?? key}${about.length ? ` (${about.join('; ')})` : ''}${fallback}: `;
}

/**
 * Asks each field of a form at the terminal, in one session of questions: Enter on an empty
 * answer keeps the default shown in brackets (or leaves an optional field out), Ctrl+C or the
 * end of input cancels the whole form.
 */
async function askForm(
  server: string,
  message: string,
  schema: { properties: Record<string, Field>; required?: string[] },
): Promise<ElicitResult> {
  stderr.write(`${server} asks: ${message}\n(Enter keeps the value in brackets; Ctrl+C cancels)\n`);
  const { createInterface } = loadReadline();
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  let cancelled = false;
  let finished = false;
  const cancel = new Promise<null>((resolve) => {
    const stop = () => {
      if (finished) return;
      cancelled = true;
      resolve(null);
    };
    rl.once('SIGINT', stop);
    rl.once('close', stop);
  });
  const ask = (text: string) =>
    Promise.race([new Promise<string>((resolve) => rl.question(text, resolve)), cancel]);
  const content: Record<string, unknown> = {};
  try {
    for (const [key, field] of Object.entries(schema.properties)) {
      for (;;) {
        const text = await ask(question(key, field));
        if (text === null) break;
        const answer = text.trim();
        if (!answer) {
          if ('default' in field || !schema.required?.includes(key)) break;
          stderr.write(`  ${field.title ?? key} is required\n`);
          continue;
        }
        const parsed = parseAnswer(field, answer);
        if (parsed.problem === undefined) {
          content[key] = parsed.value;
          break;
        }
        stderr.write(`  ${parsed.problem}\n`);
      }
      if (cancelled) break;
    }
  } finally {
    finished = true;
    rl.close();
  }
  if (cancelled) {
    stderr.write('\n');
    return { action: 'cancel' };
  }
  return { action: 'accept', content: content as ElicitResult['content'] };
}

/**
 * Answers a server's elicitation/create: at a terminal the user fills in the form; without one
 * nobody can, and the request is declined. Questions that send the user to a URL are declined.
 */
export function answerElicitations(client: Client, server: string, out: Output): void {
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const params = request.params;
    if (params.mode === 'url' || !('requestedSchema' in params)) {
      out.notice(`${server} asked to open a web page; declined`);
      return { action: 'decline' };
    }
    if (!canPrompt()) {
      out.notice(`${server} asked for input; declined: there is no terminal to answer at`);
      return { action: 'decline' };
    }
    return askForm(
      server,
      params.message,
      params.requestedSchema as { properties: Record<string, Field>; required?: string[] },
    );
  });
}
