import { fs, loadCrypto } from '../builtins.ts';
import path from 'node:path';
import { writeFileAtomic } from '../config/atomic-write.ts';
import { failure } from '../errors.ts';

/** secrets.enc: every secret, encrypted together as one JSON document, and the names they have. */
type Envelope = {
  version: 1;
  algorithm: 'aes-256-gcm';
  /** `key-file`: the key is secrets.key; `scrypt`: derived from SPOKE_SECRETS_PASSPHRASE. */
  kdf: 'key-file' | 'scrypt';
  salt: string | null;
  nonce: string;
  tag: string;
  data: string;
  /**
   * The account names the file holds, in plain text beside the ciphertext, so that what is
   * stored can be told without the key. Names are not secret values: they say which workspace,
   * server, variable, registry or server URL a value belongs to, never the value. Absent from
   * files written before it existed; those are decrypted to learn their names.
   */
  accounts?: string[];
};

export type SecretMap = Record<string, string>;

export const secretsFile = (dir: string) => path.join(dir, 'secrets.enc');
export const keyFile = (dir: string) => path.join(dir, 'secrets.key');

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function readEnvelope(file: string): Envelope | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw failure('IO_FAILED', `cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    const envelope = JSON.parse(text) as Envelope;
    if (
      envelope.version === 1 &&
      envelope.nonce &&
      envelope.tag &&
      (envelope.accounts === undefined ||
        (Array.isArray(envelope.accounts) &&
          envelope.accounts.every((name) => typeof name === 'string')))
    ) {
      return envelope;
    }
  } catch {
    // Reported below.
  }
  throw failure(
    'CONFIG_INVALID',
    `${file} is not a spoke secrets file`,
    'restore it from a backup, or delete it and set the secrets again',
  );
}

/** The 256-bit key: derived from the passphrase, or read from (or created in) secrets.key. */
function keyFor(dir: string, env: NodeJS.ProcessEnv, envelope: Envelope | null) {
  const crypto = loadCrypto();
  const passphrase = env.SPOKE_SECRETS_PASSPHRASE;
  const file = secretsFile(dir);
  if (envelope?.kdf === 'scrypt' && !passphrase) {
    throw failure(
      'MISSING_VALUE',
      `${file} is encrypted with a passphrase, and SPOKE_SECRETS_PASSPHRASE is not set`,
      'set SPOKE_SECRETS_PASSPHRASE to the passphrase the file was written with',
    );
  }
  if (passphrase && envelope?.kdf !== 'key-file') {
    const salt = envelope?.salt
      ? Buffer.from(envelope.salt, 'base64')
      : (crypto.randomBytes(16) as Buffer);
    const key = crypto.scryptSync(passphrase, salt, 32, SCRYPT);
    return { key, kdf: 'scrypt' as const, salt: salt.toString('base64') };
  }
  const kf = keyFile(dir);
  try {
    const key = Buffer.from(fs.readFileSync(kf, 'utf8').trim(), 'base64');
    if (key.length === 32) return { key, kdf: 'key-file' as const, salt: null };
    throw failure('CONFIG_INVALID', `${kf} does not hold a 256-bit key`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      if ((err as Error).name === 'CliError') throw err;
      throw failure('IO_FAILED', `cannot read ${kf}: ${(err as Error).message}`);
    }
  }
  if (envelope) {
    throw failure(
      'MISSING_VALUE',
      `${kf} is missing, so ${file} cannot be decrypted`,
      'restore secrets.key from a backup, or delete secrets.enc and set the secrets again',
    );
  }
  const key = crypto.randomBytes(32) as Buffer;
  writeFileAtomic(kf, `${key.toString('base64')}\n`, { mode: 0o600 });
  return { key, kdf: 'key-file' as const, salt: null };
}

/**
 * The account names stored, read without the key; an empty list when there is no file yet, and
 * null for a file written before the names were kept beside the values (decrypt it to learn them).
 */
export function readAccountNames(dir: string): string[] | null {
  const envelope = readEnvelope(secretsFile(dir));
  if (!envelope) return [];
  return envelope.accounts ?? null;
}

/** Every stored secret; an empty map when there is no file yet. */
export function readSecrets(dir: string, env: NodeJS.ProcessEnv): SecretMap {
  const file = secretsFile(dir);
  const envelope = readEnvelope(file);
  if (!envelope) return {};
  const { key } = keyFor(dir, env, envelope);
  const crypto = loadCrypto();
  try {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      key,
      Buffer.from(envelope.nonce, 'base64'),
    );
    decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(envelope.data, 'base64')),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8')) as SecretMap;
  } catch {
    throw failure(
      'CONFIG_INVALID',
      `cannot decrypt ${file}: it was modified or corrupted, or the key or passphrase is not the one it was written with`,
      envelope.kdf === 'scrypt'
        ? 'check SPOKE_SECRETS_PASSPHRASE'
        : 'restore secrets.enc and secrets.key from the same backup',
    );
  }
}

/** Rewrites the whole file with a fresh nonce, atomically, mode 0600. */
export function writeSecrets(dir: string, env: NodeJS.ProcessEnv, secrets: SecretMap): void {
  const file = secretsFile(dir);
  const { key, kdf, salt } = keyFor(dir, env, readEnvelope(file));
  const crypto = loadCrypto();
  const nonce = crypto.randomBytes(12) as Buffer;
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  const envelope: Envelope = {
    version: 1,
    algorithm: 'aes-256-gcm',
    kdf,
    salt,
    nonce: nonce.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
    accounts: Object.keys(secrets).sort(),
  };
  try {
    writeFileAtomic(file, `${JSON.stringify(envelope)}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  } catch (err) {
    throw failure('IO_FAILED', `cannot write ${file}: ${(err as Error).message}`);
  }
}
