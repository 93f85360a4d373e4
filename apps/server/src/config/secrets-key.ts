import { ConfigError } from './config-error.ts';

/** The 32 key bytes of a SECRETS_KEY (base64 or hex), or null when it is not one. */
export function secretsKeyBytes(value: string): Buffer | null {
  const hex = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : null;
  const key = hex ?? Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}

/**
 * A server on PostgreSQL needs SECRETS_KEY: instances share the database, so they must share the
 * key that seals credentials. (Embedded mode generates one into DATA_DIR.) Checked at start.
 */
export function requireSecretsKey(config: {
  databaseUrl: string | undefined;
  secretsKey: string | undefined;
}): void {
  if (config.databaseUrl?.startsWith('postgres') && !config.secretsKey) {
    throw new ConfigError(
      'Invalid environment:\n  - SECRETS_KEY is required with DATABASE_URL: integration credentials are encrypted with it, and every instance needs the same key (generate one with: openssl rand -base64 32)',
    );
  }
}
