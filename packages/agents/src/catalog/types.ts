import type { IntegrationCategory } from '@spoke/shared';

/** The MCP servers the platform runs in-process: they work with no account anywhere. */
export const BUILTIN_SERVER_IDS = [
  'http-request',
  'web-page',
  'rss',
  'email',
  'webhook',
  'clock',
  'memory',
  'transform',
  'sql',
] as const;
export type BuiltinServerId = (typeof BUILTIN_SERVER_IDS)[number];

/** An environment variable the integration's server needs. */
export type IntegrationEnvVar = {
  name: string;
  description: string;
  /** Secrets go to the encrypted credential store, never to plain config or logs. */
  secret: boolean;
  required: boolean;
};

/**
 * How the platform can find an event by polling: call `tool` with `arguments`, take the list of
 * items from its result and start a run for the items whose `idField` it has not seen before.
 */
export type EventPoll = {
  /** A tool of the integration's server that lists recent items. */
  tool: string;
  arguments?: Readonly<Record<string, unknown>>;
  /** The field that identifies an item (default `id`). */
  idField?: string;
  /** Dotted path to the list in the tool's JSON result (default: the result, or its only array). */
  itemsPath?: string;
};

/** Something that happens in the integration and can start an agent, e.g. "issue opened". */
export type IntegrationEvent = {
  /** Stable id within the integration, e.g. `issue.opened`. */
  id: string;
  /** Words for people, e.g. `Issue opened`. */
  name: string;
  /** Phrases a description may use for it, e.g. `new issue`, `issue is created`. */
  phrases: readonly string[];
  /** Whether the service can deliver it to the agent's webhook URL (default true). */
  webhook?: boolean;
  /** How to find it by polling, where the server has a tool that lists such items. */
  poll?: EventPoll;
};

/** What an npm server needs from its sandbox. */
export type NpmSandboxNeeds = {
  /**
   * `public` (the default): the internet, through the platform's address guard (no loopback or
   * private addresses). `none`: no network at all.
   */
  egress?: 'public' | 'none';
  /**
   * Settings whose values are paths: each is confined to the agent's scratch directory ("/" is
   * its root); `dir` ones are created before the server starts.
   */
  paths?: Readonly<Record<string, 'dir' | 'file'>>;
};

/**
 * Where the integration's MCP server comes from.
 *
 * `args`, `url` and header values may hold `{NAME}` placeholders: each names a required env var of
 * the integration and is replaced with its value before the server starts (see `expandTemplate`).
 */
export type IntegrationProvider =
  | { kind: 'builtin'; server: BuiltinServerId }
  /**
   * A well-known service with no MCP server Spoke can run yet: in the catalog so that the
   * compiler can name it and say what the user can do instead. `website` is the vendor's site.
   */
  | { kind: 'none'; website: string }
  | {
      kind: 'npm';
      /** The npm package, checked with `npm view` (see catalog/npm-check.json). */
      package: string;
      /** Arguments after the package, e.g. a directory for a filesystem server. */
      args?: readonly string[];
      /** How the sandbox runs it (see docs/decisions/014-sandboxed-integrations.md). */
      sandbox?: NpmSandboxNeeds;
    }
  | {
      kind: 'remote';
      url: string;
      transport: 'streamable-http' | 'sse';
      /**
       * Headers sent with every request, e.g. `Authorization: Bearer {GITHUB_PERSONAL_ACCESS_TOKEN}`.
       * A remote without an `Authorization` header signs the user in with OAuth instead, unless
       * it is `public`.
       */
      headers?: Readonly<Record<string, string>>;
      /** Open to anyone: no sign-in and no credentials (e.g. a public documentation server). */
      public?: boolean;
    };

export type Integration = {
  /** kebab-case, stable: agents refer to integrations by it. */
  id: string;
  name: string;
  category: IntegrationCategory;
  /** One sentence, at most 100 characters (the registry's description limit). */
  description: string;
  /** Words that point at the integration in a description (lower-case). */
  keywords: readonly string[];
  /** Other names people use for the product (lower-case), e.g. `gh` for GitHub. */
  aliases: readonly string[];
  provider: IntegrationProvider;
  /**
   * Where a `remote` provider's endpoint is documented by its vendor (an https URL): the page that
   * was read to confirm the URL, transport and sign-in. Required for remote entries (the catalog
   * tests check it); `catalog/sources.json` records it for review.
   */
  source?: string;
  /** The name under which the platform's registry lists its server (reverse-DNS/name). */
  registryName: string;
  env: readonly IntegrationEnvVar[];
  events: readonly IntegrationEvent[];
  /** Tool names the server is known to offer (for the registry page and the compiler). */
  tools: readonly { name: string; description: string }[];
};
