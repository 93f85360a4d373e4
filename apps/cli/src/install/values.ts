import path from 'node:path';
import { fs } from '../builtins.ts';
import { failure } from '../errors.ts';
import type { Output } from '../output/output.ts';
import type { Declaration } from '../registry/types.ts';
import { ask, canPrompt } from '../util/prompt.ts';
import { declarations, type Candidate } from './candidate.ts';

export type Collected = {
  env: Record<string, string>;
  secretEnv: Record<string, string>;
  headers: Record<string, string>;
  secretHeaders: Record<string, string>;
  args: string[];
};

const typeOf = (d: Declaration) =>
  d.isSecret
    ? 'secret'
    : d.format === 'filepath'
      ? 'path'
      : d.format === 'boolean'
        ? 'boolean'
        : 'string';

function check(label: string, d: Declaration, value: string, workspaceDir: string): string {
  const bad = (why: string) =>
    failure('MISSING_VALUE', `${label}: ${why}, got ${JSON.stringify(value)}`);
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

/**
 * One declared value: asked for on a terminal (secrets without echo), else taken from spoke's
 * own environment (variables only), else its default. Null when optional and not given.
 */
async function valueFor(
  label: string,
  d: Declaration,
  fromEnv: string | undefined,
  workspaceDir: string,
): Promise<string | null> {
  const required = d.isRequired === true;
  let fallback = d.default ?? (required && d.format === 'filepath' ? '.' : undefined);
  if (fromEnv !== undefined && fromEnv !== '') fallback = fromEnv;
  if (canPrompt() && (required || d.default !== undefined)) {
    const detail = [typeOf(d), required ? 'required' : null].filter(Boolean).join(', ');
    const about = d.description ? `: ${d.description}` : '';
    const offer = fallback !== undefined && !d.isSecret ? ` [${fallback}]` : '';
    const answer = (
      await ask(`? ${label}${about} (${detail})${offer}: `, { hidden: d.isSecret })
    ).trim();
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

/** Collects every value the server declares as required (or with a default). */
export async function collectValues(
  candidate: Candidate,
  ctx: { env: NodeJS.ProcessEnv; out: Output; workspaceDir: string },
): Promise<Collected> {
  const decl = declarations(candidate);
  const result: Collected = { env: {}, secretEnv: {}, headers: {}, secretHeaders: {}, args: [] };
  for (const d of decl.env) {
    if (!d.name) continue;
    const value = await valueFor(d.name, d, ctx.env[d.name] ?? '', ctx.workspaceDir);
    if (value === null) continue;
    if (d.isSecret) result.secretEnv[d.name] = value;
    else result.env[d.name] = value;
  }
  for (const d of decl.headers) {
    if (!d.name) continue;
    const value = await valueFor(`header ${d.name}`, d, undefined, ctx.workspaceDir);
    if (value === null) continue;
    if (d.isSecret) result.secretHeaders[d.name] = value;
    else result.headers[d.name] = value;
  }
  for (const d of decl.args) {
    const label = d.name ?? d.valueHint ?? 'argument';
    const fixed = (d as { value?: string }).value;
    const value = fixed ?? (await valueFor(`argument ${label}`, d, undefined, ctx.workspaceDir));
    if (value === null) continue;
    if (d.type === 'named' && d.name) result.args.push(d.name, value);
    else result.args.push(value);
  }
  return result;
}
