import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { audit } from '../audit/log.ts';
import { loadGlobalConfig, saveGlobalConfig } from '../config/global-config.ts';
import type { RegistryEntry, RegistryType } from '../config/global-schema.ts';
import type { CommandContext } from '../context.ts';
import { usageError } from '../errors.ts';
import type { TrustLevel } from '../policy/types.ts';
import { withoutTrailingSlash } from '@spoke/shared/url';

export type RegistryAddOptions = CommandContext & {
  name: string;
  url: string;
  type: string | undefined;
  priority: number | undefined;
  trust: string;
  scope: string;
};

const HINT = 'see spoke registry add --help';

/** An http(s) base URL without a trailing slash, or an absolute path for a local registry. */
function location(url: string, type: RegistryType, cwd: string): string {
  const http = /^https?:\/\//i.test(url);
  if (
    /^[a-z][a-z0-9+.-]*:/i.test(url) &&
    !http &&
    !url.startsWith('file:') &&
    !/^[a-z]:[\\/]/i.test(url)
  ) {
    throw usageError(
      `invalid URL "${url}": use an http:// or https:// address, or a path to a JSON file`,
      HINT,
    );
  }
  if (type === 'local') {
    if (http)
      throw usageError(`a local registry is a JSON file: give its path, not "${url}"`, HINT);
    if (url.startsWith('file:')) return fileURLToPath(url);
    const expanded =
      url === '~' || url.startsWith('~/') ? path.join(os.homedir(), url.slice(1)) : url;
    return path.resolve(cwd, expanded);
  }
  if (!http)
    throw usageError(`a ${type} registry needs an http:// or https:// URL, got "${url}"`, HINT);
  try {
    return withoutTrailingSlash(new URL(url).href);
  } catch {
    throw usageError(`invalid URL "${url}"`, HINT);
  }
}

export async function registryAdd(options: RegistryAddOptions): Promise<void> {
  const { env, out, name, scope } = options;
  const { file, config, raw } = loadGlobalConfig(env);
  const registries = config.registries;
  const existing = registries.find((r) => r.name === name);
  if (existing) {
    throw usageError(
      `registry ${name} already exists (priority ${existing.priority}, ${existing.url})`,
      `remove it first with: spoke registry remove ${name}`,
    );
  }
  const type = (options.type ??
    (/^https?:\/\//i.test(options.url) ? 'community' : 'local')) as RegistryType;
  const url = location(options.url, type, options.cwd);
  let priority = options.priority;
  if (priority === undefined) {
    priority = Math.max(0, ...registries.map((r) => r.priority)) + 10;
    if (priority > 1000) {
      throw usageError(
        'no free default priority above the ones in use; choose one with --priority <n>',
        HINT,
      );
    }
  }
  const taken = registries.find((r) => r.priority === priority);
  if (taken) {
    throw usageError(
      `priority ${priority} is already used by registry ${taken.name}`,
      'choose a free number; spoke registry list shows the ones in use',
    );
  }
  const claimed = scope !== '*' && registries.find((r) => r.scope === scope);
  if (claimed) {
    throw usageError(`scope ${scope} is already claimed by registry ${claimed.name}`, HINT);
  }
  const entry: RegistryEntry = {
    name,
    url,
    scope,
    type,
    priority,
    trustLevel: options.trust as TrustLevel,
  };
  saveGlobalConfig(file, { ...raw, registries: [...registries, entry] });
  const { name: registry, ...details } = entry;
  audit({ action: 'registry.add', registry, ...details, result: 'ok' });
  if (out.json) return out.data({ ok: true });
  out.result(
    `Added registry ${name} (${type}, priority ${priority}, ${entry.trustLevel}, scope ${scope})`,
  );
  if (type !== 'local') out.hint(`if it needs a token, run: spoke login --registry ${name}`);
}
