import * as z from 'zod/mini';

/** The `_meta` key of the official registry's own fields. */
export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official';
/** The `_meta` key of Spoke's extensions. */
export const SPOKE_META_KEY = 'dev.spoke/registry';
/** The `_meta` key of a mirrored entry's provenance: the upstream registry it was read from. */
export const MIRROR_META_KEY = 'dev.spoke/mirror';
/** The `$schema` of the current server.json revision, which new documents name. */
export const SERVER_SCHEMA_URL =
  'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

export const TRUST_LEVELS = ['trusted', 'verified', 'unverified'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];
export const SERVER_STATUSES = ['active', 'deprecated', 'deleted'] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** What the integrations catalog groups integrations by; registry entries carry it too. */
export const INTEGRATION_CATEGORIES = [
  'Communication',
  'Code',
  'DevOps',
  'Support',
  'Sales & CRM',
  'Content',
  'Analytics',
  'Productivity',
  'Data',
  'Finance',
  'Utilities',
] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

export const REGISTRY_PAGE_DEFAULT = 30;
export const REGISTRY_PAGE_MAX = 100;

/** Scopes an API token may carry. */
export const TOKEN_SCOPES = ['registry:publish'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** Every API token starts with this, so that scanners and people can tell what it is. */
export const API_TOKEN_PREFIX = 'spk_';

const EnvironmentVariableSchema = z.looseObject({
  name: z.string(),
  description: z.optional(z.string()),
  isRequired: z.optional(z.boolean()),
  isSecret: z.optional(z.boolean()),
  format: z.optional(z.string()),
  default: z.optional(z.string()),
});

const ArgumentSchema = z.looseObject({
  type: z.string(),
  name: z.optional(z.string()),
  valueHint: z.optional(z.string()),
  value: z.optional(z.string()),
  description: z.optional(z.string()),
  isRequired: z.optional(z.boolean()),
  isRepeated: z.optional(z.boolean()),
});

const TransportSchema = z.looseObject({
  type: z.string(),
  url: z.optional(z.string()),
  headers: z.optional(z.array(EnvironmentVariableSchema)),
});

export const ServerPackageSchema = z.looseObject({
  registryType: z.string(),
  identifier: z.string(),
  // Optional since 2025-12-11: an OCI image's tag or an MCPB file names its version.
  version: z.optional(z.string()),
  registryBaseUrl: z.optional(z.string()),
  runtimeHint: z.optional(z.string()),
  transport: TransportSchema,
  packageArguments: z.optional(z.array(ArgumentSchema)),
  runtimeArguments: z.optional(z.array(ArgumentSchema)),
  environmentVariables: z.optional(z.array(EnvironmentVariableSchema)),
});
export type ServerPackage = z.infer<typeof ServerPackageSchema>;

/** server.json as the registry serves it (validated in full on publish). */
export const ServerDetailSchema = z.looseObject({
  $schema: z.optional(z.string()),
  name: z.string(),
  title: z.optional(z.string()),
  description: z.string(),
  version: z.string(),
  websiteUrl: z.optional(z.string()),
  repository: z.optional(
    z.looseObject({ url: z.string(), source: z.string(), subfolder: z.optional(z.string()) }),
  ),
  packages: z.optional(z.array(ServerPackageSchema)),
  remotes: z.optional(z.array(TransportSchema)),
});
export type ServerDetail = z.infer<typeof ServerDetailSchema>;

export const OfficialMetaSchema = z.object({
  status: z.enum(SERVER_STATUSES),
  publishedAt: z.string(),
  updatedAt: z.string(),
  isLatest: z.boolean(),
});

export const RegistryToolSchema = z.object({ name: z.string(), description: z.string() });

/** Spoke's extensions of a registry entry, under `_meta["dev.spoke/registry"]`. */
export const SpokeMetaSchema = z.object({
  trustLevel: z.enum(TRUST_LEVELS),
  license: z.nullable(z.string()),
  integrationId: z.nullable(z.string()),
  downloadCount: z.number(),
  category: z.nullable(z.string()),
  /** The server's tools, where the registry knows them. */
  tools: z.optional(z.array(RegistryToolSchema)),
});
export type SpokeMeta = z.infer<typeof SpokeMetaSchema>;

/**
 * A mirrored entry's provenance: the upstream's address, its own official `_meta` as it sent it
 * (its status and dates, which this registry's official `_meta` does not repeat), and when it
 * was read.
 */
export const MirrorMetaSchema = z.object({
  upstream: z.string(),
  official: z.record(z.string(), z.unknown()),
  syncedAt: z.string(),
});
export type MirrorMeta = z.infer<typeof MirrorMetaSchema>;

export const RegistryEntrySchema = z.object({
  server: ServerDetailSchema,
  _meta: z.object({
    [OFFICIAL_META_KEY]: OfficialMetaSchema,
    [SPOKE_META_KEY]: SpokeMetaSchema,
    [MIRROR_META_KEY]: z.optional(MirrorMetaSchema),
  }),
});
export type RegistryEntry = z.infer<typeof RegistryEntrySchema>;

export const RegistryListSchema = z.object({
  servers: z.array(RegistryEntrySchema),
  metadata: z.object({ nextCursor: z.optional(z.string()), count: z.number() }),
});
export type RegistryList = z.infer<typeof RegistryListSchema>;

/** `updated_since`: an RFC 3339 date-time that PostgreSQL can compare. */
export const RegistryUpdatedSinceSchema = z.iso.datetime({ offset: true }).check(
  // Year 0 (or a time zone that reaches back into it) is no date PostgreSQL accepts.
  z.refine((v) => new Date(v).getUTCFullYear() >= 1, 'Must be a date from year 1 on'),
);

/**
 * `GET /registry/v0.1/servers`: the official parameters, plus Spoke's `category` and `trust`
 * filters (other clients never send them). `updated_since` is checked by the route
 * (RegistryUpdatedSinceSchema): a bad one is a 400, as in the official registry.
 */
export const RegistryListQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(REGISTRY_PAGE_MAX))),
  cursor: z.optional(z.string().check(z.maxLength(500))),
  updated_since: z.optional(z.string().check(z.maxLength(100))),
  /** `latest`, or an exact version: only entries of that version. */
  version: z.optional(z.string().check(z.maxLength(255))),
  category: z.optional(z.enum(INTEGRATION_CATEGORIES)),
  trust: z.optional(z.enum(TRUST_LEVELS)),
  /** Deleted servers too; implied by `updated_since`, as in the official registry. */
  include_deleted: z.optional(z.enum(['true', 'false'])),
});
export type RegistryListQuery = z.input<typeof RegistryListQuerySchema>;

// ---- API tokens (/api/account/tokens) ----

export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const TOKEN_NAME_MAX = 100;

export const CreateApiTokenSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.maxLength(TOKEN_NAME_MAX, `Name must be at most ${TOKEN_NAME_MAX} characters`),
    ),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: `Scopes must be from: ${TOKEN_SCOPES.join(', ')}` }), {
      error: 'Scopes are required',
    })
    .check(z.minLength(1, 'Choose at least one scope')),
});
export type CreateApiToken = z.input<typeof CreateApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
/** The answer to a creation: `secret` is shown this once and never again. */
export const CreatedApiTokenSchema = z.object({ token: ApiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

// ---- The signed-in user's own servers (/api/registry/mine) ----

export const OwnServerSchema = z.object({
  name: z.string(),
  description: z.string(),
  status: z.enum(SERVER_STATUSES),
  trust_level: z.enum(TRUST_LEVELS),
  download_count: z.number(),
  versions: z.array(
    z.object({ version: z.string(), published_at: z.string(), is_latest: z.boolean() }),
  ),
});
export type OwnServer = z.infer<typeof OwnServerSchema>;
export const OwnServersSchema = z.object({
  servers: z.array(OwnServerSchema),
  /** Namespaces the user may publish in: `dev.spoke.<username>` and granted ones. */
  namespaces: z.array(z.string()),
});
export type OwnServers = z.infer<typeof OwnServersSchema>;

// ---- Moderation (/api/admin/registry/...) ----

/** Where a registry server came from: published by a user, the catalog, or an upstream. */
const ADMIN_REGISTRY_ORIGINS = ['published', 'catalog', 'mirror'] as const;
/** Where a registry server came from: published by a user, seeded from the catalog, or mirrored. */
export type RegistryOrigin = (typeof ADMIN_REGISTRY_ORIGINS)[number];

export const AdminRegistryServerSchema = z.object({
  name: z.string(),
  description: z.string(),
  latest_version: z.string(),
  version_count: z.number(),
  status: z.enum(SERVER_STATUSES),
  trust_level: z.enum(TRUST_LEVELS),
  origin: z.enum(ADMIN_REGISTRY_ORIGINS),
  /** The publisher's username; null for entries seeded from the catalog or mirrored. */
  owner: z.nullable(z.string()),
  /** The name of the upstream its latest version was mirrored from; null unless mirrored. */
  upstream: z.nullable(z.string()),
  integration_id: z.nullable(z.string()),
  download_count: z.number(),
  updated_at: z.string(),
});
export type AdminRegistryServer = z.infer<typeof AdminRegistryServerSchema>;

export const AdminRegistryListSchema = z.object({
  servers: z.array(AdminRegistryServerSchema),
  next_cursor: z.nullable(z.string()),
});

export const AdminRegistryQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  status: z.optional(z.enum(SERVER_STATUSES)),
  trust: z.optional(z.enum(TRUST_LEVELS)),
  /** Only servers users `published`, seeded from the `catalog`, or mirrored (`mirror`). */
  origin: z.optional(z.enum(ADMIN_REGISTRY_ORIGINS)),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});

export const AdminRegistryPatchSchema = z
  .object({
    trust_level: z.optional(z.enum(TRUST_LEVELS, { error: 'Unknown trust level' })),
    status: z.optional(z.enum(SERVER_STATUSES, { error: 'Unknown status' })),
  })
  .check(
    z.refine((v) => v.trust_level !== undefined || v.status !== undefined, {
      message: 'Nothing to update',
    }),
  );
export type AdminRegistryPatch = z.input<typeof AdminRegistryPatchSchema>;
export const AdminRegistryResultSchema = z.object({ server: AdminRegistryServerSchema });

/** A namespace an administrator granted to a user, beyond their own `dev.spoke.<username>`. */
export const NamespaceGrantSchema = z.object({
  namespace: z.string(),
  username: z.string(),
  created_at: z.string(),
});
export type NamespaceGrant = z.infer<typeof NamespaceGrantSchema>;
export const NamespaceGrantListSchema = z.object({ grants: z.array(NamespaceGrantSchema) });

/** Reverse-DNS namespace: `com.example` or `dev.spoke.ada`. */
export const NAMESPACE_PATTERN = /^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/;

export const NamespaceGrantRequestSchema = z.object({
  namespace: z
    .string({ error: 'Namespace is required' })
    .check(
      z.trim(),
      z.regex(NAMESPACE_PATTERN, 'Namespace must be reverse-DNS, like com.example'),
      z.maxLength(100, 'Namespace must be at most 100 characters'),
    ),
  username: z.string({ error: 'Username is required' }).check(z.trim(), z.minLength(1)),
});

/**
 * The namespace every user owns: `dev.spoke.<username>`, lower-cased, with `_` as `-` (server
 * names allow no `_` before the `/`). The first user to publish in it claims it.
 */
export const ownNamespace = (username: string) =>
  `dev.spoke.${username.toLowerCase().replace(/_/g, '-')}`;

/** The namespace of a server name: what comes before the `/`. */
export const namespaceOf = (serverName: string) => serverName.slice(0, serverName.indexOf('/'));
