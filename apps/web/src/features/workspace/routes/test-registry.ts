import {
  OFFICIAL_META_KEY,
  SPOKE_META_KEY,
  type RegistryEntry,
  type ServerDetail,
  type SpokeMeta,
} from '@spoke/shared';
import type { ServerResponse } from 'node:http';
import { sendJson, type RecordedRequest } from '#web/test/test-server.ts';

/** A registry entry with sensible defaults, as the registry API serves it. */
export function entry(
  server: Partial<ServerDetail> & { name: string },
  meta: Partial<SpokeMeta> = {},
  official: Partial<RegistryEntry['_meta'][typeof OFFICIAL_META_KEY]> = {},
): RegistryEntry {
  return {
    server: {
      description: `The ${server.name} server`,
      version: '1.0.0',
      packages: [
        {
          registryType: 'npm',
          identifier: `@example/${server.name.split('/')[1] ?? 'server'}`,
          version: server.version ?? '1.0.0',
          transport: { type: 'stdio' },
        },
      ],
      ...server,
    },
    _meta: {
      [OFFICIAL_META_KEY]: {
        status: 'active',
        publishedAt: '2026-03-04T10:00:00.000Z',
        updatedAt: '2026-03-05T10:00:00.000Z',
        isLatest: true,
        ...official,
      },
      [SPOKE_META_KEY]: {
        trustLevel: 'verified',
        license: 'MIT',
        integrationId: null,
        downloadCount: 0,
        category: null,
        ...meta,
      },
    },
  };
}

/**
 * The public registry endpoints over a fixed set of entries: latest versions listed with
 * search, category, trust and cursor paging; every version per name; one version or `latest`.
 */
export function registryApi(entries: () => RegistryEntry[], pageSize = 30) {
  return (req: RecordedRequest, res: ServerResponse): boolean => {
    const url = new URL(req.path, 'http://test');
    const match = /^\/registry\/v0\.1\/servers(?:\/([^/]+)\/versions(?:\/([^/]+))?)?$/.exec(
      url.pathname,
    );
    if (!match) return false;
    const [, encodedName, version] = match;
    if (encodedName === undefined) {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const category = url.searchParams.get('category');
      const trust = url.searchParams.get('trust');
      const latest = entries().filter(
        (e) =>
          e._meta[OFFICIAL_META_KEY].isLatest &&
          `${e.server.name} ${e.server.description}`.toLowerCase().includes(search) &&
          (!category || e._meta[SPOKE_META_KEY].category === category) &&
          (!trust || e._meta[SPOKE_META_KEY].trustLevel === trust),
      );
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const servers = latest.slice(start, start + pageSize);
      const next = start + pageSize < latest.length ? String(start + pageSize) : undefined;
      sendJson(res, 200, {
        servers,
        metadata: { count: servers.length, ...(next ? { nextCursor: next } : {}) },
      });
      return true;
    }
    const name = decodeURIComponent(encodedName);
    const versions = entries().filter((e) => e.server.name === name);
    const notFound = () =>
      sendJson(res, 404, {
        error: { message: 'The requested resource was not found.', code: 'NOT_FOUND' },
      });
    if (version === undefined) {
      if (versions.length === 0) notFound();
      else sendJson(res, 200, { servers: versions, metadata: { count: versions.length } });
      return true;
    }
    const wanted = decodeURIComponent(version);
    const found = versions.find((e) =>
      wanted === 'latest' ? e._meta[OFFICIAL_META_KEY].isLatest : e.server.version === wanted,
    );
    if (found) sendJson(res, 200, found);
    else notFound();
    return true;
  };
}
