import type { WorkspaceRef } from '../config/workspace.ts';
import type { LockEntry, ServerEntry } from '../config/workspace-schema.ts';
import { failure, type CliError } from '../errors.ts';
import { needsSecretStore, oauthSecretNames } from '../secrets/server-secrets.ts';
import { accounts, openSecretStore, type SecretStore } from '../secrets/store.ts';
import { own } from '../util/own.ts';
import type { DeclaredValue } from './values.ts';

/** A required value with nothing to give the server on this machine. */
export type MissingValue = { part: 'env' | 'headers'; name: string; secret: boolean };

/** The values spoke.lock.json records the server as declaring (see values.ts). */
export function lockedValues(locked: LockEntry | undefined): DeclaredValue[] {
  const values = (locked as { values?: unknown } | undefined)?.values;
  if (!Array.isArray(values)) return [];
  return values.filter(
    (v): v is DeclaredValue =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as DeclaredValue).name === 'string' &&
      ((v as DeclaredValue).part === 'env' || (v as DeclaredValue).part === 'headers'),
  );
}

/**
 * The server's required values that have none here: each secret spoke.json names that the
 * secret store lacks, and each value the lockfile records as required that spoke.json neither
 * sets nor names as a secret.
 */
export function missingValues(
  ref: WorkspaceRef,
  name: string,
  entry: ServerEntry,
  locked: LockEntry | undefined,
  store: SecretStore | null,
): MissingValue[] {
  const found: MissingValue[] = [];
  const stored = (part: 'env' | 'headers', key: string) =>
    store !== null && store.has(accounts.serverValue(ref.dir, name, part, key));
  const add = (value: MissingValue) => {
    if (!found.some((f) => f.part === value.part && f.name === value.name)) found.push(value);
  };
  for (const key of [...(entry.secrets ?? []), ...oauthSecretNames(entry)])
    if (!stored('env', key)) add({ part: 'env', name: key, secret: true });
  for (const key of entry.secretHeaders ?? [])
    if (!stored('headers', key)) add({ part: 'headers', name: key, secret: true });
  for (const d of lockedValues(locked)) {
    if (!d.required) continue;
    const plain = d.part === 'env' ? entry.env : entry.headers;
    const secrets = (d.part === 'env' ? entry.secrets : entry.secretHeaders) ?? [];
    if (own(plain, d.name) !== undefined || secrets.includes(d.name)) continue;
    if (d.type === 'secret' && stored(d.part, d.name)) continue;
    add({ part: d.part, name: d.name, secret: d.type === 'secret' });
  }
  return found;
}

/**
 * The secret store, when one of the servers has secrets to look for (spoke.json names them, or the
 * lockfile records a secret the server declares); null otherwise, so nothing is opened for none.
 */
export function storeForValues(
  servers: Record<string, ServerEntry>,
  lock: Record<string, LockEntry>,
  env: NodeJS.ProcessEnv,
): SecretStore | null {
  const needed = Object.entries(servers).some(
    ([name, e]) => needsSecretStore(e) || lockedValues(lock[name]).some((v) => v.type === 'secret'),
  );
  return needed ? openSecretStore(env) : null;
}

export const label = (m: MissingValue) => (m.part === 'env' ? m.name : `header ${m.name}`);

/** The command that gives a missing value. */
export const setCommand = (server: string, m: MissingValue) =>
  `spoke config set servers.${server}.${m.part}.${m.name} ${m.secret ? '--type secret' : '<value>'}`;

/** MISSING_VALUE naming each value and the command that sets it. */
export function missingValuesError(
  server: string,
  missing: readonly MissingValue[],
  /** Who needs them, when not the server as installed (`<name>@<version>`); what to do after. */
  wording: { who?: string; then?: string } = {},
): CliError {
  const names = missing.map((m) => `${label(m)}${m.secret ? ' (secret)' : ''}`).join(', ');
  const commands = missing.map((m) => setCommand(server, m));
  return failure(
    'MISSING_VALUE',
    `${wording.who ?? server} needs ${missing.length === 1 ? 'a value' : 'values'} that ${missing.length === 1 ? 'is' : 'are'} not set: ${names}`,
    `set ${missing.length === 1 ? 'it' : 'them'} with: ${commands.join('; ')}${wording.then ? `; ${wording.then}` : ''}`,
  );
}

/** Refuses to start a server that misses a required value; nothing is started or written. */
export function requireValues(
  ref: WorkspaceRef,
  name: string,
  entry: ServerEntry,
  locked: LockEntry | undefined,
  store: SecretStore | null,
): void {
  const missing = missingValues(ref, name, entry, locked, store);
  if (missing.length) throw missingValuesError(name, missing);
}
