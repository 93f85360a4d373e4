import type { RegistryEntry } from '../config/global-schema.ts';
import { authHeaders } from './auth.ts';
import { RequestError, getJson } from './http.ts';
import { toListItem } from './server-meta.ts';
import type { ListItem } from './types.ts';
import { withoutTrailingSlash } from '@spoke/shared/url';

/** What every HTTP registry speaks: the official MCP registry's read API, v0.1. */
const serversUrl = (registry: RegistryEntry) =>
  `${withoutTrailingSlash(registry.url)}/v0.1/servers`;

type Page = { items: ListItem[]; nextCursor: string | null };

function pageOf(body: unknown): Page {
  const { servers, metadata } = (body ?? {}) as { servers?: unknown; metadata?: unknown };
  if (!Array.isArray(servers)) throw new RequestError('answered without a servers list');
  const next = (metadata as { nextCursor?: unknown } | undefined)?.nextCursor;
  return {
    items: servers.map(toListItem).filter((item): item is ListItem => item !== null),
    nextCursor: typeof next === 'string' && next ? next : null,
  };
}

function statusError(status: number): RequestError {
  if (status === 401 || status === 403) {
    return new RequestError(
      `answered HTTP ${status}: it needs a token (spoke login --registry <name>)`,
    );
  }
  return new RequestError(`answered HTTP ${status}`);
}

export type SearchPage = { items: ListItem[]; more: boolean };

/**
 * Searches one HTTP registry. Follows `nextCursor` until `enough` says the items suffice (some
 * may be dropped by the caller), for at most five pages.
 */
export async function searchHttp(
  registry: RegistryEntry,
  options: {
    query: string | undefined;
    limit: number;
    timeoutMs: number;
    enough: (items: readonly ListItem[]) => boolean;
  },
): Promise<SearchPage> {
  const items: ListItem[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 5; page++) {
    const params = new URLSearchParams();
    if (options.query) params.set('search', options.query);
    // The official list has one entry per version: the latest of each server is the one shown.
    params.set('version', 'latest');
    params.set('limit', String(options.limit));
    if (cursor) params.set('cursor', cursor);
    const answer = await getJson(`${serversUrl(registry)}?${params}`, {
      timeoutMs: options.timeoutMs,
      headers: authHeaders(registry),
    });
    if (answer.status !== 200) throw statusError(answer.status);
    const result = pageOf(answer.body);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor || options.enough(items)) break;
  }
  return { items, more: cursor !== null };
}

/** One version (or `latest`) of a server; null when the registry does not list it. */
export async function versionHttp(
  registry: RegistryEntry,
  name: string,
  version: string,
  timeoutMs: number,
): Promise<ListItem | null> {
  const url = `${serversUrl(registry)}/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;
  const answer = await getJson(url, { timeoutMs, headers: authHeaders(registry) });
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw statusError(answer.status);
  const item = toListItem(answer.body);
  if (!item) throw new RequestError('answered with something that is not a server entry');
  return item;
}

/** Every version of a server, as the registry orders them (newest first). */
export async function versionsHttp(
  registry: RegistryEntry,
  name: string,
  timeoutMs: number,
): Promise<ListItem[]> {
  const answer = await getJson(`${serversUrl(registry)}/${encodeURIComponent(name)}/versions`, {
    timeoutMs,
    headers: authHeaders(registry),
  });
  if (answer.status === 404) return [];
  if (answer.status !== 200) throw statusError(answer.status);
  return pageOf(answer.body).items;
}

/**
 * Tells an HTTP registry that a version was installed, for its download count (the Spoke
 * registry counts fetches marked `x-spoke-intent: install`). A failure changes nothing.
 */
export async function reportInstall(
  registryUrl: string,
  name: string,
  version: string,
  timeoutMs: number,
): Promise<void> {
  if (!/^https?:\/\//.test(registryUrl)) return;
  const base = `${withoutTrailingSlash(registryUrl)}/v0.1/servers`;
  await getJson(`${base}/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`, {
    timeoutMs,
    headers: { ...authHeaders({ url: registryUrl }), 'x-spoke-intent': 'install' },
  }).catch(() => undefined);
}
