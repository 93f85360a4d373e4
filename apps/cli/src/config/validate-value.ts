import { fs } from '../builtins.ts';
import os from 'node:os';
import path from 'node:path';
import { usageError } from '../errors.ts';
import { NAMESPACE, WORKSPACE_NAME } from '../parse/values.ts';
import { clientMetadataSetting } from './client-metadata-url.ts';
import { DURATION } from './duration.ts';
import type { FixedKey, ValueType } from './keys.ts';

export type Stored = string | boolean;

/**
 * Checks a value for its type and format, and converts it to what is stored: booleans as JSON
 * booleans (for fixed keys), paths relative to the workspace (absolute outside one).
 */
export function validateValue(
  key: string,
  type: ValueType,
  format: FixedKey['format'],
  raw: string,
  where: { cwd: string; workspaceDir: string | null; asText: boolean },
): Stored {
  const got = JSON.stringify(raw);
  switch (type) {
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') {
        throw usageError(`${key} is a boolean: expected true or false, got ${got}`);
      }
      return where.asText ? raw : raw === 'true';
    case 'url': {
      if (format === 'client-metadata-url') {
        if (!clientMetadataSetting(raw)) {
          throw usageError(
            `${key} is a client metadata document's address: expected an https:// URL with a path, or none, got ${got}`,
          );
        }
        return raw;
      }
      let ok: boolean;
      try {
        const url = new URL(raw);
        ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        ok = false;
      }
      if (!ok)
        throw usageError(
          `${key} is a url: expected an absolute http:// or https:// URL, got ${got}`,
        );
      return raw;
    }
    case 'path': {
      const expanded =
        raw === '~' || raw.startsWith('~/') ? path.join(os.homedir(), raw.slice(1)) : raw;
      const absolute = path.resolve(where.cwd, expanded);
      if (!fs.existsSync(absolute))
        throw usageError(`${key} is a path: ${absolute} does not exist`);
      if (!where.workspaceDir) return absolute;
      return path.relative(where.workspaceDir, absolute).split(path.sep).join('/') || '.';
    }
    case 'secret':
      if (!raw) throw usageError(`${key} is a secret: it must not be empty`);
      return raw;
    case 'string':
      if (format === 'duration' && !DURATION.test(raw)) {
        throw usageError(
          `${key} is a duration: expected a whole number and ms, s or m, such as 3s, got ${got}`,
        );
      }
      if (format === 'namespace' && !NAMESPACE.test(raw)) {
        throw usageError(
          `${key} is a reverse-DNS namespace: lower-case labels separated by dots, such as dev.spoke.ada, got ${got}`,
        );
      }
      if (format === 'workspace-name' && !WORKSPACE_NAME.test(raw)) {
        throw usageError(`${key} must be 1-64 letters, digits, -, _ or ., got ${got}`);
      }
      return raw;
  }
}
