import { fs } from '../builtins.ts';
import { fileURLToPath } from 'node:url';
import type { RegistryEntry } from '../config/global-schema.ts';
import { compareVersionsDesc } from '../util/semver.ts';
import { RequestError } from './http.ts';
import { statusOf, toListItem } from './server-meta.ts';
import type { ListItem } from './types.ts';

export const localRegistryPath = (registry: RegistryEntry) =>
  registry.url.startsWith('file://') ? fileURLToPath(registry.url) : registry.url;

/**
 * Every item of a local registry file. A missing file is an empty registry; an invalid one is
 * an error naming the file, so the caller can warn and go on with the other registries.
 */
export function readLocalRegistry(registry: RegistryEntry): ListItem[] {
  const file = localRegistryPath(registry);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new RequestError(`cannot read ${file}: ${(err as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new RequestError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const servers = (data as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(servers)) {
    throw new RequestError(`${file} must be an object with a "servers" array`);
  }
  return servers.flatMap((raw, i) => {
    const item = toListItem(raw);
    if (!item)
      throw new RequestError(`${file}: servers[${i}] needs a server with a name and a version`);
    return [item];
  });
}

/** The latest version of each server, in the order the file first names them. */
export function latestPerName(items: readonly ListItem[]): ListItem[] {
  const best = new Map<string, ListItem>();
  for (const item of items) {
    const current = best.get(item.server.name);
    if (!current || compareVersionsDesc(item.server.version, current.server.version) < 0) {
      best.set(item.server.name, item);
    }
  }
  return [...best.values()];
}

/** A local registry matches the query against names and descriptions, ignoring case. */
export function searchLocal(items: readonly ListItem[], query: string | undefined): ListItem[] {
  const needle = query?.toLowerCase();
  return latestPerName(items).filter(
    (item) =>
      statusOf(item) !== 'deleted' &&
      (!needle ||
        item.server.name.toLowerCase().includes(needle) ||
        (item.server.description ?? '').toLowerCase().includes(needle)),
  );
}
