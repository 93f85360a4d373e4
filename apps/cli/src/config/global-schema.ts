import * as z from 'zod/mini';
import { NAMESPACE, REGISTRY_NAME } from '../parse/values.ts';
import { SANDBOX_LEVELS, TRUST_LEVELS } from '../policy/types.ts';
import { DURATION } from './duration.ts';
import { clientMetadataSetting } from './client-metadata-url.ts';
import { crossCheck, isHttpUrl, REGISTRY_TYPES } from './registry-rules.ts';

export { REGISTRY_TYPES, type RegistryType } from './registry-rules.ts';

// Loaded through lazy-schemas.ts, only when the quick check of global-check.ts finds a problem
// in config.json (or there is a managed policy file) and zod is to name it.

const trust = z.enum(TRUST_LEVELS);
const sandboxLevel = z.enum(SANDBOX_LEVELS);
const duration = z
  .string()
  .check(z.regex(DURATION, 'must be a duration: a whole number and ms, s or m, such as 3s'));
const registryName = z
  .string()
  .check(z.regex(REGISTRY_NAME, 'must be lower-case letters, digits and -, at most 32 characters'));
const namespace = z
  .string()
  .check(
    z.regex(NAMESPACE, 'must be a reverse-DNS namespace of lower-case labels, such as com.acme'),
  );
const HealthCheckSchema = z.strictObject({
  enabled: z.boolean(),
  endpoint: z
    .string()
    .check(
      z.refine(
        (v) => v.startsWith('/') || isHttpUrl(v),
        'must be an http(s):// URL or a path starting with /',
      ),
    ),
  interval: z.optional(duration),
});

export const RegistryEntrySchema = z.strictObject({
  name: registryName,
  url: z.string().check(z.minLength(1, 'must not be empty')),
  scope: z
    .string()
    .check(
      z.refine((v) => v === '*' || NAMESPACE.test(v), 'must be * or a namespace such as com.acme'),
    ),
  type: z.enum(REGISTRY_TYPES),
  priority: z
    .int({ error: 'must be a whole number' })
    .check(
      z.minimum(0, 'must be a whole number from 0 to 1000'),
      z.maximum(1000, 'must be a whole number from 0 to 1000'),
    ),
  trustLevel: trust,
  healthCheck: z.optional(z.nullable(HealthCheckSchema)),
});

export type RegistryEntry = z.infer<typeof RegistryEntrySchema>;

const nonEmptyList = <T extends z.core.$ZodType>(item: T) =>
  z.optional(
    z.nullable(z.array(item).check(z.minLength(1, 'must not be empty; use null for any'))),
  );

/** config.json as written on disk: every section optional, unknown keys refused. */
export const GlobalConfigFileSchema = z.strictObject({
  registries: z.optional(z.array(RegistryEntrySchema).check(z.superRefine(crossCheck))),
  templates: z.optional(
    z.strictObject({ author: z.optional(z.string()), namespace: z.optional(namespace) }),
  ),
  plugins: z.optional(z.array(z.string())),
  security: z.optional(
    z.strictObject({
      allowedLicenses: nonEmptyList(z.string().check(z.minLength(1, 'must not be empty'))),
      minTrustLevel: z.optional(trust),
      allowedRegistries: nonEmptyList(registryName),
      sandboxBelow: z.optional(sandboxLevel),
    }),
  ),
  performance: z.optional(
    z.strictObject({
      registryTimeout: z.optional(duration),
      serverStartTimeout: z.optional(duration),
      callTimeout: z.optional(duration),
    }),
  ),
  oauth: z.optional(
    z.strictObject({
      clientMetadataUrl: z.optional(
        z
          .string()
          .check(z.refine(clientMetadataSetting, 'must be an https:// URL with a path, or none')),
      ),
    }),
  ),
});

/** config.json as it is on disk: sections and fields may be absent, meaning their defaults. */
export type GlobalConfigFile = z.infer<typeof GlobalConfigFileSchema>;

/** The managed policy file: the same fields as `security`. */
export const ManagedPolicySchema = z.strictObject({
  allowedLicenses: nonEmptyList(z.string().check(z.minLength(1, 'must not be empty'))),
  minTrustLevel: z.optional(trust),
  allowedRegistries: nonEmptyList(registryName),
  sandboxBelow: z.optional(sandboxLevel),
});
