import * as z from 'zod/mini';
import { TRUST_LEVELS } from './registry.ts';

// ---- Upstream registries a Spoke registry mirrors (/api/admin/registry/upstreams) ----

export const UPSTREAM_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const MirrorRunResultSchema = z.object({
  pages: z.number(),
  added: z.number(),
  updated: z.number(),
  deleted: z.number(),
  unchanged: z.number(),
  /** The first entries left out, each with why (a local name, an invalid document...). */
  skipped: z.array(
    z.object({ name: z.string(), version: z.optional(z.string()), reason: z.string() }),
  ),
  skippedCount: z.number(),
  /** The run stopped at its page cap; the next one goes on from there. */
  more: z.boolean(),
});
export type MirrorRunResult = z.infer<typeof MirrorRunResultSchema>;

export const UpstreamSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  trust_level: z.enum(TRUST_LEVELS),
  /** The newest upstream `updatedAt` applied: the next run asks for what changed since. */
  cursor: z.nullable(z.string()),
  next_sync_at: z.string(),
  last_sync_at: z.nullable(z.string()),
  last_success_at: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  last_result: z.nullable(MirrorRunResultSchema),
  /** Versions mirrored from it now. */
  version_count: z.number(),
});
export type Upstream = z.infer<typeof UpstreamSchema>;

export const UpstreamListSchema = z.object({ upstreams: z.array(UpstreamSchema) });
export const UpstreamResultSchema = z.object({ upstream: UpstreamSchema });

const upstreamUrl = z.string({ error: 'URL is required' }).check(
  z.trim(),
  z.maxLength(500, 'URL must be at most 500 characters'),
  z.refine((v) => {
    try {
      const url = new URL(v);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        !url.username &&
        !url.password &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  }, 'URL must be an http(s) address with no query, like https://registry.modelcontextprotocol.io'),
);
const upstreamName = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.regex(UPSTREAM_NAME_PATTERN, 'Name must be lower-case letters, digits and dashes (≤ 40)'),
  );
const trustLevel = z.enum(TRUST_LEVELS, { error: 'Unknown trust level' });

export const UpstreamCreateSchema = z.object({
  name: upstreamName,
  url: upstreamUrl,
  enabled: z.optional(z.boolean()),
  trust_level: z.optional(trustLevel),
});
export type UpstreamCreate = z.input<typeof UpstreamCreateSchema>;

export const UpstreamPatchSchema = z
  .object({
    name: z.optional(upstreamName),
    enabled: z.optional(z.boolean()),
    trust_level: z.optional(trustLevel),
  })
  .check(
    z.refine(
      (v) => v.name !== undefined || v.enabled !== undefined || v.trust_level !== undefined,
      { message: 'Nothing to update' },
    ),
  );
export type UpstreamPatch = z.input<typeof UpstreamPatchSchema>;
