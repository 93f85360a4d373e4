import { createHash } from 'node:crypto';

/**
 * SHA-256 of a bearer secret (a session or API token, a sign-in code, an email link's token),
 * hex: what a table stores in the secret's place, so that a copy of the database hands nobody a
 * secret that works. The secrets are random and long, so a fast unsalted hash is enough.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
