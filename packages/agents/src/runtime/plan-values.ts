import { PLAN_PLACEHOLDER, type PlanCondition } from '@spoke/shared';

/** What references read during a run: its input, each finished step's output, the loop's item. */
export type PlanScope = {
  input: unknown;
  /** The agent's owner, for `owner.email`. */
  owner?: { email: string };
  outputs: ReadonlyMap<string, unknown>;
  item?: { value: unknown };
};

const WHOLE = /^\{\{\s*([^{}\s]+)\s*\}\}$/;

/** The value a reference names, or undefined where the path leads nowhere. */
export function resolveRef(reference: string, scope: PlanScope): unknown {
  const parts = reference.split('.');
  let value: unknown;
  let path: string[];
  if (parts[0] === 'input') {
    value = scope.input;
    path = parts.slice(1);
  } else if (parts[0] === 'owner') {
    value = scope.owner;
    path = parts.slice(1);
  } else if (parts[0] === 'item') {
    value = scope.item?.value;
    path = parts.slice(1);
  } else if (parts[0] === 'steps' && parts[1] !== undefined) {
    value = scope.outputs.get(parts[1]);
    path = parts.slice(2);
  } else return undefined;
  for (const key of path) {
    // A JSON text (a page's body, a model's answer) is read into as the JSON it holds.
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        return undefined;
      }
    }
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (value && typeof value === 'object' && Object.hasOwn(value, key))
      value = (value as Record<string, unknown>)[key];
    else return undefined;
  }
  return value;
}

/** A value as text: strings as they are, anything else as JSON, nothing as ''. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * Fills `{{ref}}` placeholders: a string that is one placeholder becomes the value itself (null
 * where it has none), other strings get each value written in as text; objects and arrays are
 * filled throughout.
 */
export function fillPlaceholders(value: unknown, scope: PlanScope): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return resolveRef(whole[1]!, scope) ?? null;
    return value.replace(PLAN_PLACEHOLDER, (_, reference: string) =>
      asText(resolveRef(reference, scope)),
    );
  }
  if (Array.isArray(value)) return value.map((entry) => fillPlaceholders(entry, scope));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, fillPlaceholders(entry, scope)]),
    );
  }
  return value;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value).length === 0);

/** A number from a number or a numeric text ("42", " 3.5 "), else NaN. */
const numberOf = (value: unknown): number =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim() !== ''
      ? Number(value)
      : Number.NaN;

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string')
    return a.trim().toLowerCase() === b.trim().toLowerCase();
  const x = numberOf(a);
  const y = numberOf(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x === y;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether a condition holds. `equals` with a list as `compare` means "one of them" ("1 or 2
 * stars"); strings compare without case; numbers compare as numbers, numeric texts included.
 */
export function conditionHolds(condition: PlanCondition, scope: PlanScope): boolean {
  const value = resolveRef(condition.value, scope);
  const { compare } = condition;
  const order = (test: (x: number, y: number) => boolean) => {
    const x = numberOf(value);
    const y = numberOf(compare);
    return !Number.isNaN(x) && !Number.isNaN(y) && test(x, y);
  };
  const contains = () => {
    if (Array.isArray(value)) return value.some((entry) => same(entry, compare));
    return asText(value).toLowerCase().includes(asText(compare).toLowerCase());
  };
  switch (condition.op) {
    case 'equals':
      return Array.isArray(compare) ? compare.some((c) => same(value, c)) : same(value, compare);
    case 'not_equals':
      return Array.isArray(compare) ? !compare.some((c) => same(value, c)) : !same(value, compare);
    case 'greater_than':
      return order((x, y) => x > y);
    case 'at_least':
      return order((x, y) => x >= y);
    case 'less_than':
      return order((x, y) => x < y);
    case 'at_most':
      return order((x, y) => x <= y);
    case 'contains':
      return contains();
    case 'not_contains':
      return !contains();
    case 'is_empty':
      return isEmpty(value);
    case 'is_not_empty':
      return !isEmpty(value);
    case 'is_true':
      return value === true || (typeof value === 'string' && /^(?:true|yes)$/i.test(value.trim()));
    case 'is_false':
      return (
        value === false ||
        value === undefined ||
        value === null ||
        (typeof value === 'string' && /^(?:false|no)$/i.test(value.trim()))
      );
  }
}
