const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const countFormat = new Intl.NumberFormat('en-US');

function format(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

export const formatDate = (iso: string) => format(iso, dateFormat);
export const formatDateTime = (iso: string) => format(iso, dateTimeFormat);

export function formatDownloads(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'download' : 'downloads'}`;
}

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
