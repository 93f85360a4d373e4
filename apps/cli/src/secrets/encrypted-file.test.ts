import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFile, readSecrets, secretsFile, writeSecrets } from './encrypted-file.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'spoke-secrets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

describe('the encrypted secrets file', () => {
  it('round-trips with a key file, both mode 0600, and never holds the plain value', () => {
    expect(readSecrets(dir, {})).toEqual({});
    writeSecrets(dir, {}, { a: 'ghp_plain_token' });
    expect(readSecrets(dir, {})).toEqual({ a: 'ghp_plain_token' });
    expect(mode(secretsFile(dir))).toBe(0o600);
    expect(mode(keyFile(dir))).toBe(0o600);
    const text = readFileSync(secretsFile(dir), 'utf8');
    expect(text).not.toContain('ghp_plain_token');
    expect(JSON.parse(text)).toMatchObject({ algorithm: 'aes-256-gcm', kdf: 'key-file' });
  });

  it('uses a fresh nonce on every write', () => {
    writeSecrets(dir, {}, { a: '1' });
    const first = JSON.parse(readFileSync(secretsFile(dir), 'utf8')) as { nonce: string };
    writeSecrets(dir, {}, { a: '1' });
    const second = JSON.parse(readFileSync(secretsFile(dir), 'utf8')) as { nonce: string };
    expect(second.nonce).not.toBe(first.nonce);
  });

  it('rejects a modified file instead of misreading it', () => {
    writeSecrets(dir, {}, { a: 'value' });
    const envelope = JSON.parse(readFileSync(secretsFile(dir), 'utf8')) as { data: string };
    const bytes = Buffer.from(envelope.data, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    envelope.data = bytes.toString('base64');
    writeFileSync(secretsFile(dir), JSON.stringify(envelope));
    expect(() => readSecrets(dir, {})).toThrow(/cannot decrypt .*modified or corrupted/);
  });

  it('derives the key from SPOKE_SECRETS_PASSPHRASE and writes no key file', () => {
    const env = { SPOKE_SECRETS_PASSPHRASE: 'correct horse' };
    writeSecrets(dir, env, { a: 'value' });
    expect(existsSync(keyFile(dir))).toBe(false);
    expect(readSecrets(dir, env)).toEqual({ a: 'value' });
    expect(() => readSecrets(dir, {})).toThrow(/SPOKE_SECRETS_PASSPHRASE is not set/);
    expect(() => readSecrets(dir, { SPOKE_SECRETS_PASSPHRASE: 'wrong' })).toThrow(/cannot decrypt/);
  });

  it('refuses to make a new key when the old one is gone', () => {
    writeSecrets(dir, {}, { a: 'value' });
    rmSync(keyFile(dir));
    expect(() => readSecrets(dir, {})).toThrow(/secrets\.key is missing/);
  });
});
