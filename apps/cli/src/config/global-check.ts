import { SANDBOX_LEVELS, TRUST_LEVELS } from '../policy/types.ts';
import { NAMESPACE, REGISTRY_NAME } from '../parse/values.ts';
import { clientMetadataSetting } from './client-metadata-url.ts';
import { DURATION } from './duration.ts';
import type { GlobalConfigFile } from './global-schema.ts';
import { crossCheck, isHttpUrl, REGISTRY_TYPES, type Ctx, type Entry } from './registry-rules.ts';

// GlobalConfigFileSchema's rules, field by field, without zod: zod and the schema's objects cost
// a command about 1.5 MB of its 50. A check returns what the schema would (a copy, keys in the
// schema's order) or BAD at the first problem; then the schema runs, to name the problem. A test
// holds the two to the same answers.

const BAD = Symbol('bad');
type Check = (value: unknown) => unknown;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text: Check = (v) => (typeof v === 'string' ? v : BAD);
const matching =
  (pattern: RegExp): Check =>
  (v) =>
    typeof v === 'string' && pattern.test(v) ? v : BAD;
const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? v : BAD;
const listOf =
  (item: Check, minLength = 0): Check =>
  (v) => {
    if (!Array.isArray(v) || v.length < minLength) return BAD;
    const out: unknown[] = [];
    for (const element of v as unknown[]) {
      const checked = item(element);
      if (checked === BAD) return BAD;
      out.push(checked);
    }
    return out;
  };
const orNull =
  (check: Check): Check =>
  (v) =>
    v === null ? null : check(v);

/** A strict object: no other keys; `required` ones present; absent (or undefined) ones left out. */
function fields(shape: Record<string, Check>, required: readonly string[] = []): Check {
  return (v) => {
    if (!isObject(v)) return BAD;
    for (const key of Object.keys(v)) if (!Object.hasOwn(shape, key)) return BAD;
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      if (v[key] === undefined) {
        if (required.includes(key)) return BAD;
        continue;
      }
      const checked = check(v[key]);
      if (checked === BAD) return BAD;
      out[key] = checked;
    }
    return out;
  };
}

const trustLevel = oneOf(TRUST_LEVELS);
const durationText = matching(DURATION);
const registryNameText = matching(REGISTRY_NAME);

const registryEntry = fields(
  {
    name: registryNameText,
    url: (v) => (typeof v === 'string' && v.length >= 1 ? v : BAD),
    scope: (v) => (typeof v === 'string' && (v === '*' || NAMESPACE.test(v)) ? v : BAD),
    type: oneOf(REGISTRY_TYPES),
    priority: (v) =>
      typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 1000 ? v : BAD,
    trustLevel,
    healthCheck: orNull(
      fields(
        {
          enabled: (v) => (typeof v === 'boolean' ? v : BAD),
          endpoint: (v) => (typeof v === 'string' && (v.startsWith('/') || isHttpUrl(v)) ? v : BAD),
          interval: durationText,
        },
        ['enabled', 'endpoint'],
      ),
    ),
  },
  ['name', 'url', 'scope', 'type', 'priority', 'trustLevel'],
);

const registries: Check = (v) => {
  const entries = listOf(registryEntry)(v);
  if (entries === BAD) return BAD;
  const ctx: Ctx = { issues: [] };
  crossCheck(entries as Entry[], ctx);
  return ctx.issues.length ? BAD : entries;
};

const globalConfigFile = fields({
  registries,
  templates: fields({ author: text, namespace: matching(NAMESPACE) }),
  plugins: listOf(text),
  security: fields({
    allowedLicenses: orNull(listOf((v) => (typeof v === 'string' && v.length >= 1 ? v : BAD), 1)),
    minTrustLevel: trustLevel,
    allowedRegistries: orNull(listOf(registryNameText, 1)),
    sandboxBelow: oneOf(SANDBOX_LEVELS),
  }),
  performance: fields({
    registryTimeout: durationText,
    serverStartTimeout: durationText,
    callTimeout: durationText,
  }),
  oauth: fields({
    clientMetadataUrl: (v) => (typeof v === 'string' && clientMetadataSetting(v) ? v : BAD),
  }),
});

/**
 * config.json's content as GlobalConfigFileSchema would return it, or null when anything is
 * wrong with it: then `globalSchemas().GlobalConfigFileSchema` says what.
 */
export function checkGlobalConfigFile(data: unknown): GlobalConfigFile | null {
  const checked = globalConfigFile(data);
  return checked === BAD ? null : (checked as GlobalConfigFile);
}
