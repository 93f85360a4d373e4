import { plural } from '#web/lib/format.ts';

export { formatDate, formatDateTime } from '#web/lib/format.ts';

export const formatDownloads = (count: number) => plural(count, 'download');

/** The address, if it is an http(s) one; anything else (javascript:, data:) is not linked. */
export function safeHttpUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The registry page of one server: its name carries a `/`, kept as a path separator. */
export function serverPath(name: string, version?: string): string {
  const path = `/app/workspace/registry/${name.split('/').map(encodeURIComponent).join('/')}`;
  return version ? `${path}?version=${encodeURIComponent(version)}` : path;
}
