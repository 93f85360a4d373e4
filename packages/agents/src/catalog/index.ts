import { lookupTable } from '@spoke/shared';
import { ALL_INTEGRATIONS } from './integrations/index.ts';
import npmCheckJson from './npm-check.json' with { type: 'json' };
import type { NpmCheck, NpmCheckEntry } from './npm-check.ts';
import type { Integration, IntegrationEnvVar } from './types.ts';

export { BUILTIN_SERVER_IDS } from './types.ts';
export type {
  BuiltinServerId,
  Integration,
  IntegrationEnvVar,
  IntegrationEvent,
  IntegrationProvider,
} from './types.ts';
export type { NpmCheck, NpmCheckEntry } from './npm-check.ts';
export type { SourceCheck, SourceCheckEntry } from './sources.ts';

/** Every integration of the catalog, sorted by id. */
export const INTEGRATIONS: readonly Integration[] = [...ALL_INTEGRATIONS].sort((a, b) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
);

const BY_ID = new Map(INTEGRATIONS.map((integration) => [integration.id, integration]));

/** The integration with this id, or undefined. */
export function integrationById(id: string): Integration | undefined {
  return BY_ID.get(id);
}

/**
 * Whether Spoke can run an MCP server for the integration (built-in, npm or remote). Entries
 * without one (`kind: 'none'`) name well-known services so that a description mentioning them is
 * understood; they cannot be connected, and the registry does not list them.
 */
export function hasServer(integration: Integration): boolean {
  return integration.provider.kind !== 'none';
}

/** The vendor's website of an integration without a server, or null. */
export function websiteOf(integration: Integration): string | null {
  return integration.provider.kind === 'none' ? integration.provider.website : null;
}

export type IntegrationTransport = 'in-process' | 'stdio' | 'streamable-http' | 'sse' | 'none';

/** How the platform talks to the integration's server: `none` when it has no server. */
export function transportOf(integration: Integration): IntegrationTransport {
  const { provider } = integration;
  switch (provider.kind) {
    case 'builtin':
      return 'in-process';
    case 'npm':
      return 'stdio';
    case 'remote':
      return provider.transport;
    case 'none':
      return 'none';
  }
}

const NPM_CHECK: NpmCheck = npmCheckJson;

/** What the registry said about the integration's npm package at the last check, or null. */
export function npmPackageInfo(integration: Integration): NpmCheckEntry | null {
  if (integration.provider.kind !== 'npm') return null;
  return NPM_CHECK[integration.provider.package] ?? null;
}

const PLACEHOLDER = /\{([A-Z][A-Z0-9_]*)\}/g;

/** The env var names that `{NAME}` placeholders in a provider string refer to. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/**
 * Fills the `{NAME}` placeholders of a provider arg, URL or header value from the integration's
 * configured values. `encode` escapes each value first, e.g. `encodeURIComponent` for URLs.
 * Throws when a value is missing, naming it, rather than starting a server with a hole in it.
 */
export function expandTemplate(
  template: string,
  values: Readonly<Record<string, string | undefined>>,
  encode: (value: string) => string = (value) => value,
): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') {
      throw new Error(`Missing value for ${name}: configure it before connecting this integration`);
    }
    return encode(value);
  });
}

/** Where a setting's description stops naming it: "Bot token (xoxb-...) of a Slack app …". */
const LABEL_END =
  /\s+(?:with|of|for|from|that|which|scoped|as|in|on|when|instead|to)\s|\s*[(;,:]|\.(?:\s|$)/gi;

/**
 * What a connection form calls a setting: the words its description opens with ("Bot token",
 * "Todoist API token", "Address of your SigNoz instance"), not the variable's name, which is the
 * server's.
 */
export function envLabel(env: Pick<IntegrationEnvVar, 'description' | 'name'>): string {
  const text = env.description.trim();
  const ends = [...text.matchAll(LABEL_END)].map((m) => m.index);
  // (One word says too little — "Address", "Slug": the phrase after it is kept too.)
  const end = ends.find((at) => text.slice(0, at).trim().split(/\s+/).length >= 2) ?? text.length;
  const label = text.slice(0, end).replace(/\s+/g, ' ').trim();
  // (A description that opens with an example or runs long names nothing: the variable's words.)
  if (!label || label.length > 60 || /:\/\//.test(label)) return spokenName(env.name);
  // ("n8n API key" keeps its brand's own case.)
  return /^[a-z]+\b/.test(label) && !/^[a-z]+\d/.test(label)
    ? label.charAt(0).toUpperCase() + label.slice(1)
    : label;
}

const SPOKEN: Readonly<Record<string, string>> = lookupTable({
  api: 'API',
  url: 'URL',
  id: 'ID',
  ssh: 'SSH',
  oauth: 'OAuth',
});

/** "MINIMAX_API_HOST" as words: "Minimax API host". */
function spokenName(name: string): string {
  const words = name
    .toLowerCase()
    .split('_')
    .filter((word) => word && word !== 'mcp')
    .map((word) => SPOKEN[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
