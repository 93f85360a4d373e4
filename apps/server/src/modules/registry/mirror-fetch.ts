import { guardedFetch, NetworkGuardError } from '@spoke/agents';
import {
  OFFICIAL_META_KEY,
  SERVER_STATUSES,
  type ServerStatus,
  withoutTrailingSlash,
} from '@spoke/shared';
import { problemSentence, validateServerJson } from '@spoke/shared/server-json';
import { findUnstorable, isStorableText } from '../../lib/storable.ts';

/** What one run may take from an upstream. */
export type MirrorLimits = {
  /** Entries asked for per page (the official maximum is 100). */
  pageSize: number;
  /** Pages per run; a longer pass goes on at the next run. */
  maxPages: number;
  /** Bytes of one page's answer. */
  maxPageBytes: number;
  /** Characters of one entry's server.json, as publishing here allows. */
  maxDocumentChars: number;
  /** For one page's whole exchange, redirects included. */
  pageTimeoutMs: number;
  maxRedirects: number;
};

export const MIRROR_LIMITS: MirrorLimits = {
  pageSize: 100,
  maxPages: 50,
  maxPageBytes: 4 * 1024 * 1024,
  maxDocumentChars: 256 * 1024,
  pageTimeoutMs: 30_000,
  maxRedirects: 3,
};

/** How far ahead of this clock an upstream's dates may be. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** How the mirror reaches upstreams: the agents' guarded HTTP, under the platform's policy. */
export type MirrorNetwork = {
  allowPrivateNetworks: boolean;
  hooks?: Parameters<typeof guardedFetch>[2];
};

/** A run that could not read or trust an upstream's answer; the message is meant for people. */
export class MirrorError extends Error {
  override name = 'MirrorError';
}

/** One upstream version as this registry keeps it. */
export type UpstreamEntry = {
  name: string;
  version: string;
  document: Record<string, unknown>;
  status: ServerStatus;
  publishedAt: Date;
  updatedAt: Date;
  /** The upstream's official `_meta`, as it sent it. */
  official: Record<string, unknown>;
};

export type Skip = { name: string; version?: string; reason: string };

export type Page = { entries: (UpstreamEntry | Skip)[]; nextCursor?: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const dateOf = (v: unknown): Date | undefined => {
  if (typeof v !== 'string' || v.length > 64) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1 ? undefined : d;
};

const storableCursor = (v: unknown) =>
  typeof v === 'string' && v.length <= 1000 && isStorableText(v);

const shortText = (v: unknown, max: number) =>
  typeof v === 'string' && v.length <= max ? v : undefined;

/** One entry of an upstream page, or why it is left out. */
export function readEntry(raw: unknown, limits: MirrorLimits): UpstreamEntry | Skip {
  const server = isObject(raw) ? raw.server : undefined;
  const name = (isObject(server) && shortText(server.name, 200)) || '(no name)';
  const version = (isObject(server) && shortText(server.version, 255)) || undefined;
  const skip = (reason: string): Skip => ({ name, ...(version ? { version } : {}), reason });
  if (!isObject(raw) || !isObject(server)) return skip('not a registry entry');
  const official = isObject(raw._meta) ? raw._meta[OFFICIAL_META_KEY] : undefined;
  if (!isObject(official)) return skip(`no ${OFFICIAL_META_KEY} _meta`);
  const status = SERVER_STATUSES.find((s) => s === official.status);
  const publishedAt = dateOf(official.publishedAt);
  const updatedAt = dateOf(official.updatedAt) ?? publishedAt;
  if (!status) return skip('unknown status');
  if (!publishedAt || !updatedAt) return skip('no valid publishedAt or updatedAt');
  // A date ahead of the clock would carry the cursor past every later change.
  const soon = Date.now() + CLOCK_SKEW_MS;
  if (publishedAt.getTime() > soon || updatedAt.getTime() > soon) {
    return skip('publishedAt or updatedAt in the future');
  }
  const text = JSON.stringify(server);
  if (text.length > limits.maxDocumentChars) return skip('server.json too large');
  if (findUnstorable(server) || findUnstorable(official)) return skip('text that cannot be kept');
  const problems = validateServerJson(server);
  if (problems.length) return skip(problemSentence(problems));
  // Only the official fields are kept: an upstream's other _meta is no provenance of its own.
  const kept: Record<string, unknown> = {
    status,
    publishedAt: publishedAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    ...(typeof official.isLatest === 'boolean' ? { isLatest: official.isLatest } : {}),
  };
  return {
    name: server.name as string,
    version: server.version as string,
    document: server,
    status,
    publishedAt,
    updatedAt,
    official: kept,
  };
}

/** The address of one page: `updated_since` the cursor, from the upstream's page cursor. */
export function pageUrl(base: string, pageSize: number, since?: string, cursor?: string): string {
  const url = new URL(`${withoutTrailingSlash(base)}/v0.1/servers`);
  url.searchParams.set('limit', String(pageSize));
  if (since) url.searchParams.set('updated_since', since);
  if (cursor) url.searchParams.set('cursor', cursor);
  return url.href;
}

/** Reads one page; throws MirrorError when the answer is not a page of the official API. */
export async function fetchPage(
  url: string,
  network: MirrorNetwork,
  limits: MirrorLimits,
  signal?: AbortSignal,
): Promise<Page> {
  let res;
  try {
    res = await guardedFetch(
      {
        url,
        headers: { accept: 'application/json', 'user-agent': 'Spoke registry mirror' },
        timeoutMs: limits.pageTimeoutMs,
        maxBytes: limits.maxPageBytes,
        maxRedirects: limits.maxRedirects,
        signal,
      },
      { allowPrivateNetworks: network.allowPrivateNetworks },
      network.hooks,
    );
  } catch (err) {
    throw new MirrorError(err instanceof NetworkGuardError ? err.message : String(err));
  }
  if (res.status !== 200) throw new MirrorError(`the upstream answered ${res.status}`);
  if (res.truncated) {
    throw new MirrorError(`a page was larger than ${limits.maxPageBytes} bytes`);
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new MirrorError('the upstream answered something other than JSON');
  }
  if (!isObject(body) || !Array.isArray(body.servers)) {
    throw new MirrorError('the upstream answered no server list');
  }
  if (body.servers.length > limits.pageSize) {
    throw new MirrorError(`the upstream answered more than ${limits.pageSize} entries`);
  }
  const metadata = body.metadata;
  const next = isObject(metadata) ? metadata.nextCursor : undefined;
  if (next !== undefined && next !== null && next !== '' && !storableCursor(next)) {
    throw new MirrorError('the upstream answered an invalid nextCursor');
  }
  return {
    entries: body.servers.map((raw) => readEntry(raw, limits)),
    ...(typeof next === 'string' && next ? { nextCursor: next } : {}),
  };
}
