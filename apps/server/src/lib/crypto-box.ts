import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { secretsKeyBytes } from '../config/secrets-key.ts';

const VERSION = 'v1';

export type CryptoBox = {
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url: AES-256-GCM with a fresh 96-bit IV. */
  seal(plain: string, context: string): string;
  /** Throws when the value was not sealed with this key and context. */
  open(sealed: string, context: string): string;
};

/**
 * The key: SECRETS_KEY when set (required with PostgreSQL), else one generated once and kept
 * in the data directory (mode 0600), so embedded data survives restarts.
 */
export function resolveSecretsKey(
  configured: string | undefined,
  dataDir: string,
  persist: boolean,
): Buffer {
  if (configured) {
    const key = secretsKeyBytes(configured);
    if (!key) throw new Error('SECRETS_KEY must be 32 bytes, base64 or hex encoded');
    return key;
  }
  if (!persist) return randomBytes(32);
  const file = path.join(dataDir, '.secrets-key');
  try {
    const key = secretsKeyBytes(readFileSync(file, 'utf8').trim());
    if (key) return key;
  } catch {
    // First start: create it below.
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

/**
 * Authenticated encryption for values stored at rest. `context` (e.g. the owner and the
 * integration) is bound as additional data, so a value copied to another row does not open.
 */
export function createCryptoBox(key: Buffer): CryptoBox {
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) {
        throw new Error('not a sealed value');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
