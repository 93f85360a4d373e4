import semver from 'semver';
import {
  OFFICIAL_META_KEY,
  SPOKE_META_KEY,
  type RegistryEntry,
  type ServerDetail,
  type ServerStatus,
  type TrustLevel,
} from '@spoke/shared';
import type { registryServers } from '../../db/schema.ts';
import { isStorableText } from '../../lib/storable.ts';

export type ServerRow = typeof registryServers.$inferSelect;
export type VersionFields = {
  version: string;
  document: Record<string, unknown>;
  publishedAt: Date;
};

/** A registry entry in the official shape, with Spoke's extensions under `_meta`. */
export function toEntry(server: ServerRow, version: VersionFields): RegistryEntry {
  return {
    server: version.document as ServerDetail,
    _meta: {
      [OFFICIAL_META_KEY]: {
        status: server.status as ServerStatus,
        publishedAt: version.publishedAt.toISOString(),
        updatedAt: server.updatedAt.toISOString(),
        isLatest: version.version === server.latestVersion,
      },
      [SPOKE_META_KEY]: {
        trustLevel: server.trustLevel as TrustLevel,
        license: server.license,
        integrationId: server.integrationId,
        downloadCount: server.downloadCount,
        category: server.category,
        ...(server.tools?.length ? { tools: server.tools } : {}),
      },
    },
  };
}

/** Opaque list cursor: the last name of the page (the list is ordered by name). */
export const encodeNameCursor = (name: string) =>
  Buffer.from(JSON.stringify({ n: name })).toString('base64url');

export function decodeNameCursor(cursor: string): string | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { n?: unknown };
    // A name with NUL could not be compared in SQL; no stored name has one.
    return typeof value?.n === 'string' && value.n && isStorableText(value.n) ? value.n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Newest first: by semantic version where both versions are valid, else by publication
 * time, as the official registry orders them.
 */
export function compareVersionsDesc(a: VersionFields, b: VersionFields): number {
  if (semver.valid(a.version) && semver.valid(b.version)) {
    return semver.rcompare(a.version, b.version);
  }
  return b.publishedAt.getTime() - a.publishedAt.getTime();
}

/** Whether a newly published version takes over as the latest. */
export function isNewer(candidate: string, current: string): boolean {
  if (semver.valid(candidate) && semver.valid(current)) return semver.gt(candidate, current);
  // A version that is not semver: the newest publication wins.
  return true;
}

/** What search matches: name, title, description and keywords, lower-cased. */
export function searchTextOf(document: ServerDetail, keywords: readonly string[] = []): string {
  return [document.name, document.title ?? '', document.description, ...keywords]
    .join(' ')
    .toLowerCase();
}

// LIKE treats % and _ as wildcards; a search for "a_b" means the text a_b.
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search words: each must appear (AND). */
export const searchWords = (search: string | undefined) =>
  (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
