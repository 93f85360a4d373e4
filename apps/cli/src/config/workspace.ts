import { fs } from '../builtins.ts';
import path from 'node:path';
import { CliError, failure } from '../errors.ts';
import { closest } from '../util/suggest.ts';
import { jsonText, writeFileAtomic } from './atomic-write.ts';
import { invalidFileError, type HintFor } from './issues.ts';
import { readJsonFile, writeFailure } from './json-file.ts';
import {
  LockFileSchema,
  WorkspaceFileSchema,
  type LockEntry,
  type ServerEntry,
} from './workspace-schema.ts';

export type WorkspaceRef = { dir: string; file: string; lockFile: string };

export type Workspace = {
  workspace: { name: string; template: string; createdAt: string };
  /** As in the file; absent fields take their defaults (autoReload true, verbose false). */
  development: { autoReload?: boolean; verbose?: boolean };
  servers: Record<string, ServerEntry>;
};

export type LockFile = { lockfileVersion: 1; servers: Record<string, LockEntry> };

const refFor = (dir: string): WorkspaceRef => ({
  dir,
  file: path.join(dir, 'spoke.json'),
  lockFile: path.join(dir, 'spoke.lock.json'),
});

/** The nearest directory, from `cwd` up, that holds a spoke.json. */
export function findWorkspace(cwd: string): WorkspaceRef | null {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'spoke.json'))) return refFor(dir);
    if (path.dirname(dir) === dir) return null;
  }
}

export function requireWorkspace(cwd: string): WorkspaceRef {
  const ref = findWorkspace(cwd);
  if (ref) return ref;
  throw failure(
    'NO_WORKSPACE',
    `no spoke.json in ${path.resolve(cwd)} or any parent`,
    'run spoke init to create a workspace here',
  );
}

export const workspaceAt = refFor;

const WORKSPACE_SECTIONS = ['workspace', 'development', 'servers'];

/** A Map, so that a value such as `constructor` is no word rather than Object's own. */
const BOOLEAN_WORDS = new Map<string, boolean>([
  ['yes', true],
  ['on', true],
  ['1', true],
  ['no', false],
  ['off', false],
  ['0', false],
]);

export const workspaceHint: HintFor = (p, value) => {
  const [section, key, field] = p;
  if (p.length === 1 && typeof section === 'string' && !WORKSPACE_SECTIONS.includes(section)) {
    const guess = closest(section, WORKSPACE_SECTIONS);
    return `edit the file: ${guess ? `did you mean "${guess}"? ` : ''}the sections are workspace, development and servers`;
  }
  if (section === 'development' && typeof key === 'string') {
    const guess = BOOLEAN_WORDS.get(String(value).toLowerCase()) ?? key === 'autoReload';
    return `edit the file, or run: spoke config set development.${key} ${guess}`;
  }
  if (section === 'workspace' && key === 'name') {
    return 'edit the file, or run: spoke config set workspace.name <name>';
  }
  if (section === 'servers' && p.length === 2) return 'edit the file: rename the entry';
  if (section === 'servers' && field === 'secrets' && typeof value === 'string') {
    return `write it as ${JSON.stringify([value])}`;
  }
  if (
    section === 'servers' &&
    field === 'oauth' &&
    (p[3] === 'clientSecret' || p[3] === 'privateKey')
  ) {
    const name = p[3] === 'clientSecret' ? 'CLIENT_SECRET' : 'PRIVATE_KEY';
    return `store the value with: spoke config set servers.${String(key)}.env.${name} --type secret, then write "{${name}}" here`;
  }
  if (section === 'servers' && field === 'oauth' && p[3] === 'identityProvider') {
    if (p[4] === 'idToken' || p[4] === 'clientSecret') {
      const name = p[4] === 'idToken' ? 'IDP_ID_TOKEN' : 'IDP_CLIENT_SECRET';
      return `store the value with: spoke config set servers.${String(key)}.env.${name} --type secret, then write "{${name}}" here`;
    }
    return 'edit the file: its fields are issuer, clientId, idToken, clientSecret and tokenEndpoint';
  }
  if (section === 'servers' && field === 'oauth') {
    return 'edit the file: its fields are clientId, clientSecret or privateKey (with algorithm), scope, issuer and identityProvider';
  }
  if (section === 'servers' && field === 'env') {
    return 'edit the file: environment values are strings, such as "UNITS": "metric"';
  }
  return null;
};

/**
 * The servers by local name in an object without a prototype, so that a name such as
 * `constructor` finds a server only when the file has one by that name.
 */
const byName = <T>(servers: Record<string, T> | undefined): Record<string, T> =>
  Object.assign(Object.create(null) as Record<string, T>, servers);

export function loadWorkspace(ref: WorkspaceRef): Workspace {
  const read = readJsonFile(ref.file, 'edit the file to fix it');
  if (!read.exists) {
    throw failure('NO_WORKSPACE', `${ref.file} does not exist`, 'run spoke init to create it');
  }
  const parsed = WorkspaceFileSchema.safeParse(read.data);
  if (!parsed.success)
    throw invalidFileError(ref.file, read.data, parsed.error.issues, workspaceHint);
  const { workspace, development, servers } = parsed.data;
  return { workspace, development: development ?? {}, servers: byName(servers) };
}

const LOCK_HINT =
  'edit the file, or restore it from version control; spoke install rewrites it from spoke.json';
const lockHint: HintFor = () => LOCK_HINT;

/** The lockfile; a workspace without one has an empty one. */
export function loadLock(ref: WorkspaceRef): LockFile {
  const read = readJsonFile(ref.lockFile, LOCK_HINT);
  if (!read.exists) return { lockfileVersion: 1, servers: byName({}) };
  const version = (read.data as { lockfileVersion?: unknown } | null)?.lockfileVersion;
  if (typeof version === 'number' && version > 1) {
    throw new CliError(
      `${ref.lockFile} has lockfileVersion ${version}, written by a newer spoke than this one`,
      { code: 'CONFIG_INVALID', hint: 'upgrade spoke: npm install -g @spoke/cli@latest' },
    );
  }
  const parsed = LockFileSchema.safeParse(read.data);
  if (!parsed.success)
    throw invalidFileError(ref.lockFile, read.data, parsed.error.issues, lockHint);
  return { ...parsed.data, servers: byName(parsed.data.servers) } as LockFile;
}

export function newWorkspace(name: string, now = new Date()): Workspace {
  return {
    workspace: { name, template: 'basic', createdAt: now.toISOString() },
    development: { autoReload: true, verbose: false },
    servers: {},
  };
}

export function saveWorkspace(ref: WorkspaceRef, workspace: Workspace): void {
  try {
    writeFileAtomic(ref.file, jsonText(workspace));
  } catch (err) {
    throw writeFailure(ref.file, err);
  }
}

export function saveLock(ref: WorkspaceRef, lock: LockFile): void {
  try {
    writeFileAtomic(ref.lockFile, jsonText(lock));
  } catch (err) {
    throw writeFailure(ref.lockFile, err);
  }
}
