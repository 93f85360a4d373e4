import semver from 'semver';
import {
  MIRROR_META_KEY,
  OFFICIAL_META_KEY,
  SPOKE_META_KEY,
  type MirrorMeta,
  type RegistryEntry,
  type ServerDetail,
} from '@spoke/shared';
import type { registryServers } from '../../db/schema.ts';
import { isStorableText } from '../../lib/storable.ts';

export type ServerRow = typeof registryServers.$inferSelect;

/** The server fields an entry shows: all a listing reads of the server's row. */
export type EntryServer = Pick<
  ServerRow,
  | 'status'
  | 'trustLevel'
  | 'license'
  | 'integrationId'
  | 'downloadCount'
  | 'category'
  | 'tools'
  | 'latestVersion'
  | 'updatedAt'
>;
export type VersionFields = {
  version: string;
  document: Record<string, unknown>;
  publishedAt: Date;
  /** Where a mirrored version came from; absent or null for one published here. */
  upstreamMeta?: MirrorMeta | null;
};

/**
 * When a version last changed: its publication, or a later change of its server's status or
 * trust (moderation applies to every version). Publishing a version leaves the others as they
 * were.
 */
export const versionUpdatedAt = (server: EntryServer, version: VersionFields) =>
  new Date(Math.max(version.publishedAt.getTime(), server.updatedAt.getTime()));

/** A registry entry in the official shape, with Spoke's extensions under `_meta`. */
export function toEntry(server: EntryServer, version: VersionFields): RegistryEntry {
  return {
    server: version.document as ServerDetail,
    _meta: {
      [OFFICIAL_META_KEY]: {
        status: server.status,
        publishedAt: version.publishedAt.toISOString(),
        updatedAt: versionUpdatedAt(server, version).toISOString(),
        isLatest: version.version === server.latestVersion,
      },
      [SPOKE_META_KEY]: {
        trustLevel: server.trustLevel,
        license: server.license,
        integrationId: server.integrationId,
        downloadCount: server.downloadCount,
        category: server.category,
        ...(server.tools?.length ? { tools: server.tools } : {}),
      },
      ...(version.upstreamMeta ? { [MIRROR_META_KEY]: version.upstreamMeta } : {}),
    },
  };
}

/** Opaque cursor of the administrators' list: the last name of the page. */
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

/** Where a list page ends: the list is ordered by name, then version. */
export type ListCursor = { name: string; version: string };

/** Opaque list cursor: the name and version of the page's last entry. */
export const encodeListCursor = (at: ListCursor) =>
  Buffer.from(JSON.stringify({ n: at.name, v: at.version })).toString('base64url');

export function decodeListCursor(cursor: string): ListCursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      n?: unknown;
      v?: unknown;
    };
    // A text with NUL could not be compared in SQL; no stored name or version has one.
    const ok = (s: unknown): s is string => typeof s === 'string' && !!s && isStorableText(s);
    return ok(value?.n) && ok(value?.v) ? { name: value.n, version: value.v } : undefined;
  } catch {
    return undefined;
  }
}

/** Newest publication first, as the official registry lists a server's versions. */
export const byPublicationDesc = (a: VersionFields, b: VersionFields) =>
  b.publishedAt.getTime() - a.publishedAt.getTime();

/**
 * Whether a newly published version takes over as the latest, by the official rule: two
 * semantic versions compare as such; a semantic version outranks one that is not; between two
 * that are not, the newer publication wins.
 */
export function isNewer(candidate: string, current: string): boolean {
  const a = semver.valid(candidate);
  const b = semver.valid(current);
  if (a && b) return semver.gt(a, b);
  if (a || b) return !!a;
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
