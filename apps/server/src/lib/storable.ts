import { ErrorCode } from '@spoke/shared';
import { AppError } from '../errors.ts';

/** Deeper JSON than this is refused: no document the API keeps comes close. */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text PostgreSQL can keep: it refuses NUL in text and jsonb, and an unpaired surrogate
 * (which JSON can carry as `\ud800`) in jsonb.
 */
export const isStorableText = (text: string) =>
  !text.includes('\u0000') && !LONE_SURROGATE.test(text);

export type Unstorable = { path: string; problem: 'text' | 'depth' };

/**
 * The first place in a parsed JSON value (or query or params object) that storage cannot
 * take: a string or key with NUL or an unpaired surrogate, or nesting past `maxDepth`.
 * Walks without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findUnstorable(value: unknown, maxDepth = MAX_JSON_DEPTH): Unstorable | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return { path: path || '_', problem: 'text' };
      continue;
    }
    if (!v || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (depth >= maxDepth) return { path: path || '_', problem: 'depth' };
    for (const [key, child] of Object.entries(v)) {
      const at = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return { path: path || '_', problem: 'text' };
      stack.push({ value: child, path: at, depth: depth + 1 });
    }
  }
  return undefined;
}

/** What a caller is told about text that cannot be stored. */
export const UNSTORABLE_TEXT =
  'Contains a character that is not allowed (NUL or an unpaired surrogate)';

/** The answer to a body that cannot be stored (parsed JSON, or the text of a webhook). */
export function unstorableBody(found: Unstorable): AppError {
  if (found.problem === 'depth') {
    return new AppError(400, ErrorCode.BAD_REQUEST, {
      message: `The body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`,
    });
  }
  return new AppError(422, ErrorCode.VALIDATION_FAILED, {
    fields: { [found.path]: UNSTORABLE_TEXT },
  });
}
