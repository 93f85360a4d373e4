import type { IntegrationCategory } from '@spoke/shared';
import type { Integration, IntegrationEnvVar, IntegrationEvent } from '../types.ts';

// Small builders so that the category files read like a table rather than nested literals.

/** A credential: kept in the encrypted store, never shown again. */
export const secret = (name: string, description: string, required = true): IntegrationEnvVar => ({
  name,
  description,
  secret: true,
  required,
});

/** A plain setting such as a URL, a region or an account name. */
export const setting = (name: string, description: string, required = true): IntegrationEnvVar => ({
  name,
  description,
  secret: false,
  required,
});

export const event = (id: string, name: string, phrases: readonly string[]): IntegrationEvent => ({
  id,
  name,
  phrases,
});

export const tool = (name: string, description: string) => ({ name, description });

/**
 * A well-known service Spoke has no MCP server for yet (`provider: { kind: 'none' }`): the
 * compiler can name it and say what to do instead, the registry does not list it, and it cannot
 * be connected. `events` are what the service can send to an agent's webhook URL.
 */
export function known(entry: {
  id: string;
  name: string;
  category: IntegrationCategory;
  description: string;
  website: string;
  keywords: readonly string[];
  aliases: readonly string[];
  events?: readonly IntegrationEvent[];
}): Integration {
  const { website, events = [], ...rest } = entry;
  return {
    ...rest,
    provider: { kind: 'none', website },
    registryName: `dev.spoke.catalog/${entry.id}`,
    env: [],
    events,
    tools: [],
  };
}
