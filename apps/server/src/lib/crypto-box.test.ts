import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ConfigError } from '../config/config-error.ts';
import { requireSecretsKey } from '../config/secrets-key.ts';
import { createCryptoBox, resolveSecretsKey } from './crypto-box.ts';

describe('the crypto box', () => {
  const box = createCryptoBox(randomBytes(32));

  it('seals with a fresh IV each time and opens only with the same context', () => {
    const a = box.seal('xoxb-secret', 'user-1/slack');
    const b = box.seal('xoxb-secret', 'user-1/slack');
    expect(a).not.toBe(b);
    expect(a).not.toContain('xoxb');
    expect(box.open(a, 'user-1/slack')).toBe('xoxb-secret');
    expect(() => box.open(a, 'user-2/slack')).toThrow();
    expect(() => createCryptoBox(randomBytes(32)).open(a, 'user-1/slack')).toThrow();
    const [v, iv, tag, body] = a.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'user-1/slack'),
    ).toThrow();
    expect(() => box.open('plain text', 'user-1/slack')).toThrow('not a sealed value');
  });

  it('keeps a generated key in the data directory, readable by its owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'spoke-key-'));
    const key = resolveSecretsKey(undefined, dir, true);
    expect(resolveSecretsKey(undefined, dir, true).equals(key)).toBe(true);
    const file = path.join(dir, '.secrets-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(key)).toBe(true);
    const given = randomBytes(32);
    expect(resolveSecretsKey(given.toString('hex'), dir, true).equals(given)).toBe(true);
  });

  it('is required with PostgreSQL, and must be 32 bytes', () => {
    const postgres = loadConfig({ DATABASE_URL: 'postgres://db/spoke' });
    expect(() => requireSecretsKey(postgres)).toThrow(ConfigError);
    expect(() => requireSecretsKey(postgres)).toThrow(/SECRETS_KEY is required/);
    expect(() => requireSecretsKey(loadConfig({}))).not.toThrow();
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: must be 32 bytes/);
    const ok = loadConfig({
      DATABASE_URL: 'postgres://db/spoke',
      SECRETS_KEY: randomBytes(32).toString('base64'),
    });
    expect(ok.secretsKey).toBeTruthy();
    expect(() => requireSecretsKey(ok)).not.toThrow();
  });
});
