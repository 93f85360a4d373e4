import type { RegistryEntry } from '../config/global-schema.ts';
import { isTrustLevel, lowerTrust, type TrustLevel } from '../policy/types.ts';
import type { ListItem } from './types.ts';

const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';
const SPOKE_META = 'dev.spoke/registry';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Accepts a list entry whose server has at least a name and a version; null otherwise. */
export function toListItem(raw: unknown): ListItem | null {
  if (!isObject(raw) || !isObject(raw.server)) return null;
  const { name, version } = raw.server;
  if (typeof name !== 'string' || typeof version !== 'string' || !name) return null;
  return raw as ListItem;
}

function meta(item: ListItem, key: string): Record<string, unknown> {
  const value = item._meta?.[key];
  return isObject(value) ? value : {};
}

export function statusOf(item: ListItem): 'active' | 'deprecated' | 'deleted' {
  const status = meta(item, OFFICIAL_META).status ?? item.server.status;
  return status === 'deprecated' || status === 'deleted' ? status : 'active';
}

/** False only when the registry says another version is the latest. */
export const isLatest = (item: ListItem) => meta(item, OFFICIAL_META).isLatest !== false;

/** The registry's level, lowered to the server's own when the registry reports one. */
export function effectiveTrust(registry: RegistryEntry, item: ListItem): TrustLevel {
  const own = meta(item, SPOKE_META).trustLevel;
  return lowerTrust(registry.trustLevel, isTrustLevel(own) ? own : undefined);
}

/** The license the registry reports (the package's own is read at install). */
export function registryLicense(item: ListItem): string | null {
  const license = meta(item, SPOKE_META).license;
  return typeof license === 'string' && license ? license : null;
}

/** The last segment of the registry name without a leading `server-`. */
export function localNameOf(name: string): string {
  const last = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
  return last.replace(/^server-(?=.)/, '').replace(/_/g, '-');
}

export function packageTypes(item: ListItem): string[] {
  return [...new Set((item.server.packages ?? []).map((p) => p.registryType))];
}

export const isRemote = (item: ListItem) =>
  !(item.server.packages ?? []).length && (item.server.remotes ?? []).length > 0;
