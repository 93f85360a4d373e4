import type { IntegrationEnvVar, IntegrationEvent } from '../types.ts';

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
