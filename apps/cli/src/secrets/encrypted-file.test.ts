import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  keyFile,
  readAccountNames,
  readSecrets,
  secretsFile,
  writeSecrets,
} from './encrypted-file.ts';
import { openSecretStore } from './store.ts';

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

  it('lists the account names in plain text, readable without the key', () => {
    const env = { SPOKE_SECRETS_PASSPHRASE: 'correct horse' };
    expect(readAccountNames(dir)).toEqual([]);
    writeSecrets(dir, env, { 'registry:spoke': 'tok_1', 'oauth:https://a.example': 'tok_2' });
    const text = readFileSync(secretsFile(dir), 'utf8');
    expect(JSON.parse(text)).toMatchObject({
      accounts: ['oauth:https://a.example', 'registry:spoke'],
    });
    expect(text).not.toContain('tok_1');
    expect(readAccountNames(dir)).toEqual(['oauth:https://a.example', 'registry:spoke']);
    // The values still need the passphrase, and a wrong one still fails.
    expect(() => readSecrets(dir, {})).toThrow(/SPOKE_SECRETS_PASSPHRASE is not set/);
    expect(() => readSecrets(dir, { SPOKE_SECRETS_PASSPHRASE: 'wrong' })).toThrow(/cannot decrypt/);
  });

  it('rejects a names list that is not a list of strings', () => {
    writeSecrets(dir, {}, { a: 'value' });
    const envelope = JSON.parse(readFileSync(secretsFile(dir), 'utf8')) as object;
    writeFileSync(secretsFile(dir), JSON.stringify({ ...envelope, accounts: [1] }));
    expect(() => readAccountNames(dir)).toThrow(/is not a spoke secrets file/);
  });

  it('still reads a file written before the names were kept, and adds them on the next write', () => {
    writeSecrets(dir, {}, { a: 'value' });
    const { accounts: _names, ...old } = JSON.parse(readFileSync(secretsFile(dir), 'utf8')) as {
      accounts: string[];
    };
    writeFileSync(secretsFile(dir), JSON.stringify(old));
    expect(readAccountNames(dir)).toBeNull();
    expect(readSecrets(dir, {})).toEqual({ a: 'value' });
    writeSecrets(dir, {}, { a: 'value', b: 'other' });
    expect(readAccountNames(dir)).toEqual(['a', 'b']);
  });
});

describe('the encrypted-file store', () => {
  /** The store a new spoke process opens on a copy of the config directory. */
  let copies = 0;
  const copied: string[] = [];
  afterEach(() => {
    for (const copy of copied.splice(0)) rmSync(copy, { recursive: true, force: true });
  });
  const storeOn = (extra: NodeJS.ProcessEnv = {}) => {
    const copy = `${dir}-copy-${++copies}`;
    cpSync(dir, copy, { recursive: true });
    copied.push(copy);
    return openSecretStore({ SPOKE_CONFIG_DIR: copy, SPOKE_SECRET_STORE: 'file', ...extra });
  };
  const dropNames = () => {
    const { accounts: _names, ...old } = JSON.parse(readFileSync(secretsFile(dir), 'utf8')) as {
      accounts: string[];
    };
    writeFileSync(secretsFile(dir), JSON.stringify(old));
  };

  it('tells which accounts hold a value without the key; values still need it', () => {
    writeSecrets(dir, { SPOKE_SECRETS_PASSPHRASE: 'correct horse' }, { a: 'value' });
    for (const passphrase of [undefined, 'wrong']) {
      const store = storeOn(passphrase ? { SPOKE_SECRETS_PASSPHRASE: passphrase } : {});
      expect(store.has('a')).toBe(true);
      expect(store.has('b')).toBe(false);
      // Values, even the answer "none", come from the decrypted file, never from the list.
      for (const account of ['a', 'b']) {
        expect(() => store.get(account)).toThrow(
          passphrase ? /cannot decrypt/ : /SPOKE_SECRETS_PASSPHRASE is not set/,
        );
      }
    }
    const keyed = storeOn({ SPOKE_SECRETS_PASSPHRASE: 'correct horse' });
    expect(keyed.get('a')).toBe('value');
    expect(keyed.get('b')).toBeNull();
  });

  it('decrypts a file without the names list to tell what it holds', () => {
    writeSecrets(dir, {}, { a: 'value' });
    dropNames();
    const store = storeOn();
    expect(store.has('a')).toBe(true);
    expect(store.has('b')).toBe(false);
    expect(store.get('a')).toBe('value');
    rmSync(keyFile(dir));
    expect(() => storeOn().has('a')).toThrow(/secrets\.key is missing/);
  });

  it('keeps the names list in step with every write', () => {
    const store = storeOn();
    const copy = copied.at(-1)!;
    store.set('a', '1');
    store.set('b', '2');
    expect(readAccountNames(copy)).toEqual(['a', 'b']);
    expect(store.delete('a')).toBe(true);
    expect(store.has('a')).toBe(false);
    expect(readAccountNames(copy)).toEqual(['b']);
  });
});
