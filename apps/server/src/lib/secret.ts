import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The signing secret: AUTH_SECRET when set (required when several instances share a
 * database), else one generated once and kept in the data directory so sessions survive
 * restarts of the embedded server.
 */
export function resolveAuthSecret(
  configured: string | undefined,
  dataDir: string,
  persist: boolean,
): string {
  if (configured) return configured;
  if (!persist) return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, '.auth-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: create it below.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
