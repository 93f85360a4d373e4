import path from 'node:path';
import { fs } from '../builtins.ts';
import { failure, usageError } from '../errors.ts';
import type { Output } from '../output/output.ts';
import type { Declaration } from '../registry/types.ts';
import { own } from '../util/own.ts';
import { ask, canPrompt } from '../util/prompt.ts';
import { declarations, type Candidate } from './candidate.ts';

export type Collected = {
  env: Record<string, string>;
  secretEnv: Record<string, string>;
  headers: Record<string, string>;
  secretHeaders: Record<string, string>;
  /** The runtime's arguments (before the package or file) and the package's (after it). */
  runtimeArgs: string[];
  args: string[];
  /** Environment variables whose values are paths, stored relative to the workspace. */
  paths: string[];
  /** Every value the server declares, as spoke.lock.json records it. */
  declared: DeclaredValue[];
};

/** A value a server declares: what `spoke status` checks is set on this machine. */
export type DeclaredValue = {
  part: 'env' | 'headers';
  name: string;
  type: 'secret' | 'path' | 'boolean' | 'string';
  required: boolean;
  /** What the server says the value is for; left out when it says nothing. */
  description?: string;
};

/**
 * server.json's input with a fixed `value`, which may name `{placeholders}` described in
 * `variables` (the official format for arguments such as `--root={dir}`).
 */
type Input = Declaration & { value?: string; variables?: Record<string, Declaration> };

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g;

const typeOf = (d: Declaration) =>
  d.isSecret
    ? 'secret'
    : d.format === 'filepath'
      ? 'path'
      : d.format === 'boolean'
        ? 'boolean'
        : 'string';

/**
 * The question that asks for a declared value, wherever it is asked: its label, what the server
 * says it is for, its type, and the value an empty answer keeps (never shown for a secret).
 */
export function question(label: string, d: Declaration, fallback?: string): string {
  const detail = [typeOf(d), d.isRequired === true ? 'required' : null].filter(Boolean).join(', ');
  const about = d.description ? `: ${d.description}` : '';
  const offer = fallback !== undefined && !d.isSecret ? ` [${fallback}]` : '';
  return `? ${label}${about} (${detail})${offer}: `;
}

/** A relative path as an argument: `./x`, so that it is made absolute when the server starts. */
const asArgPath = (relative: string) =>
  relative === '.' || relative.startsWith('../') || path.isAbsolute(relative)
    ? relative
    : `./${relative}`;

/** A path alone stays relative to the workspace; inside other text it is written absolute. */
function placePath(relative: string, alone: boolean, asArg: boolean, workspaceDir: string) {
  if (!alone) return path.resolve(workspaceDir, relative);
  return asArg ? asArgPath(relative) : relative;
}

function check(label: string, d: Declaration, value: string, workspaceDir: string): string {
  const bad = (why: string) =>
    failure(
      'MISSING_VALUE',
      // A secret is never shown, not even when it is wrong.
      `${label}: ${why}${d.isSecret ? '' : `, got ${JSON.stringify(value)}`}`,
    );
  if (d.choices?.length && !d.choices.includes(value))
    throw bad(`expected one of ${d.choices.join(', ')}`);
  if (d.format === 'number' && !Number.isFinite(Number(value))) throw bad('expected a number');
  if (d.format === 'boolean' && value !== 'true' && value !== 'false')
    throw bad('expected true or false');
  if (d.format === 'filepath') {
    const absolute = path.resolve(workspaceDir, value);
    if (!fs.existsSync(absolute)) throw bad(`${absolute} does not exist`);
    return path.relative(workspaceDir, absolute).split(path.sep).join('/') || '.';
  }
  return value;
}

/** Values given on the command line (`--set NAME=VALUE`), by the names `inputNames` lists. */
export type Given = Readonly<Record<string, string>>;

/** The name `--set` gives an argument by: its name without leading dashes, else its hint. */
const argKey = (d: Declaration) => (d.name ? d.name.replace(/^-+/, '') : d.valueHint);

/**
 * Every name a server's values can be given by with `--set`: its environment variables, headers,
 * arguments and the `{placeholders}` they use.
 */
export function inputNames(candidate: Candidate): string[] {
  const decl = declarations(candidate);
  const names: string[] = [];
  for (const d of [...decl.env, ...decl.headers, ...decl.runtimeArgs, ...decl.args] as Input[]) {
    const key = decl.env.includes(d) || decl.headers.includes(d) ? d.name : argKey(d);
    if (key) names.push(key);
    for (const m of (d.value ?? '').matchAll(PLACEHOLDER)) names.push(m[1]!);
    names.push(...Object.keys(d.variables ?? {}));
  }
  return [...new Set(names)];
}

/** Refuses a `--set` name the server does not declare, listing the ones it does. */
export function checkGiven(candidate: Candidate, given: Given): void {
  const known = inputNames(candidate);
  const unknown = Object.keys(given).filter((n) => !known.includes(n));
  if (!unknown.length) return;
  throw usageError(
    `${candidate.displayName} has no input named ${unknown.join(', ')} (given with --set)`,
    known.length
      ? `its inputs are ${known.join(', ')}`
      : `${candidate.displayName} declares no inputs; leave out --set`,
  );
}

/**
 * One declared value: given with --set, else asked for on a terminal (secrets without echo),
 * else taken from spoke's own environment (variables only), else its default. Null when optional
 * and not given.
 */
async function valueFor(
  label: string,
  d: Declaration,
  fromEnv: string | undefined,
  workspaceDir: string,
  given?: string,
  mayAsk?: boolean,
): Promise<string | null> {
  if (given !== undefined) return check(label, d, given, workspaceDir);
  const required = d.isRequired === true;
  let fallback = d.default ?? (required && d.format === 'filepath' ? '.' : undefined);
  if (fromEnv !== undefined && fromEnv !== '') fallback = fromEnv;
  if (mayAsk !== false && canPrompt() && (required || d.default !== undefined)) {
    const answer = (await ask(question(label, d, fallback), { hidden: d.isSecret })).trim();
    if (answer) return check(label, d, answer, workspaceDir);
  }
  if (fallback !== undefined) return check(label, d, fallback, workspaceDir);
  if (!required) return null;
  throw failure(
    'MISSING_VALUE',
    `${label} is required${d.isSecret ? ' (secret)' : ''} and has no value`,
    fromEnv === undefined
      ? 'run spoke install in a terminal to be asked for it'
      : `without a terminal, set it in spoke's environment: ${label}=...`,
  );
}

/**
 * A value with `{NAME}` placeholders, each filled from the install's values: a variable the
 * server also declares in its environment takes that value, else its declaration in `variables`
 * is asked for (or defaulted) like any value. A required placeholder without a value is an error.
 */
async function fillTemplate(
  label: string,
  input: Input,
  known: Record<string, string>,
  knownPaths: readonly string[],
  ctx: { env: NodeJS.ProcessEnv; workspaceDir: string; given?: Given; ask?: boolean },
  asArg: boolean,
): Promise<{ value: string | null; secret: boolean }> {
  const template = input.value ?? '';
  const names = [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
  const filled = new Map<string, string>();
  let secret = input.isSecret === true;
  for (const name of names) {
    const variable = own(input.variables, name);
    if (variable?.isSecret) secret = true;
    const fromKnown = own(known, name);
    if (fromKnown !== undefined) {
      filled.set(
        name,
        knownPaths.includes(name)
          ? placePath(fromKnown, template === `{${name}}`, asArg, ctx.workspaceDir)
          : fromKnown,
      );
      continue;
    }
    const d: Declaration = variable ?? {
      isRequired: input.isRequired,
      description: input.description,
    };
    const value = await valueFor(
      name,
      d,
      own(ctx.env, name) ?? '',
      ctx.workspaceDir,
      own(ctx.given, name),
      ctx.ask,
    );
    if (value === null) {
      if (input.isRequired) {
        throw failure('MISSING_VALUE', `${label} needs ${name}, which has no value`);
      }
      return { value: null, secret };
    }
    filled.set(
      name,
      d.format === 'filepath'
        ? placePath(value, template === `{${name}}`, asArg, ctx.workspaceDir)
        : value,
    );
  }
  if (secret && asArg) {
    throw failure(
      'INSTALL_FAILED',
      `${label} would carry a secret on the command line; spoke passes secrets in the environment only`,
    );
  }
  return {
    value: template.replace(PLACEHOLDER, (_, name: string) => filled.get(name) ?? ''),
    secret,
  };
}

export const declaredType = (d: Declaration): DeclaredValue['type'] =>
  typeOf(d) as DeclaredValue['type'];

/** What spoke.lock.json records of a named value the server declares. */
export const declaredValue = (part: DeclaredValue['part'], d: Declaration): DeclaredValue => ({
  part,
  name: d.name!,
  type: declaredType(d),
  required: d.isRequired === true,
  ...(d.description ? { description: d.description } : {}),
});

/** Collects every value the server declares as required (or with a default). */
export async function collectValues(
  candidate: Candidate,
  ctx: {
    env: NodeJS.ProcessEnv;
    out: Output;
    workspaceDir: string;
    given?: Given;
    /** False: no question even at a terminal (update --yes); values come as without one. */
    ask?: boolean;
  },
): Promise<Collected> {
  const given = ctx.given ?? {};
  checkGiven(candidate, given);
  const decl = declarations(candidate);
  const result: Collected = {
    env: {},
    secretEnv: {},
    headers: {},
    secretHeaders: {},
    runtimeArgs: [],
    args: [],
    paths: [],
    declared: [],
  };
  for (const d of decl.env as Input[]) {
    if (!d.name) continue;
    result.declared.push(declaredValue('env', d));
    if (d.value !== undefined && own(given, d.name) === undefined) {
      const known = { ...result.env, ...result.secretEnv };
      const filled = await fillTemplate(d.name, d, known, result.paths, ctx, false);
      if (filled.value === null) continue;
      if (filled.secret) result.secretEnv[d.name] = filled.value;
      else result.env[d.name] = filled.value;
      continue;
    }
    const value = await valueFor(
      d.name,
      d,
      own(ctx.env, d.name) ?? '',
      ctx.workspaceDir,
      own(given, d.name),
      ctx.ask,
    );
    if (value === null) continue;
    if (d.isSecret) result.secretEnv[d.name] = value;
    else result.env[d.name] = value;
    if (d.format === 'filepath') result.paths.push(d.name);
  }
  for (const d of decl.headers as Input[]) {
    if (!d.name) continue;
    result.declared.push(declaredValue('headers', d));
    const label = `header ${d.name}`;
    const filled =
      d.value !== undefined && own(given, d.name) === undefined
        ? await fillTemplate(
            label,
            d,
            { ...result.env, ...result.secretEnv },
            result.paths,
            ctx,
            false,
          )
        : {
            value: await valueFor(
              label,
              d,
              undefined,
              ctx.workspaceDir,
              own(given, d.name),
              ctx.ask,
            ),
            secret: d.isSecret,
          };
    if (filled.value === null) continue;
    if (filled.secret) result.secretHeaders[d.name] = filled.value;
    else result.headers[d.name] = filled.value;
  }
  for (const [d, into] of [
    ...(decl.runtimeArgs as Input[]).map((d) => [d, result.runtimeArgs] as const),
    ...(decl.args as Input[]).map((d) => [d, result.args] as const),
  ]) {
    const label = `argument ${d.name ?? d.valueHint ?? 'argument'}`;
    let value: string | null;
    const key = argKey(d);
    const fromSet = key === undefined ? undefined : own(given, key);
    if (d.value !== undefined && fromSet === undefined) {
      const known = { ...result.env, ...result.secretEnv };
      value = (await fillTemplate(label, d, known, result.paths, ctx, true)).value;
    } else {
      value = await valueFor(label, d, undefined, ctx.workspaceDir, fromSet, ctx.ask);
      if (value !== null && d.format === 'filepath') value = asArgPath(value);
    }
    if (value === null) continue;
    if (d.type === 'named' && d.name) into.push(d.name, value);
    else into.push(value);
  }
  return result;
}
