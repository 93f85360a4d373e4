import { OFFICIAL_META_KEY } from '@spoke/shared';
import { Link } from 'react-router';
import { Spinner } from '#web/components/spinner.tsx';
import { useRegistryVersions } from '../api/registry.ts';
import { formatDate, serverPath } from '../format.ts';
import { RetryError } from '#web/components/retry-error.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Every version of the server, newest first; `shown` is the one on screen. */
export function VersionList({ name, shown }: { name: string; shown: string }) {
  const versions = useRegistryVersions(name);
  if (versions.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Loading versions...
      </p>
    );
  }
  if (versions.isError) {
    return <RetryError message={versions.error.message} onRetry={() => void versions.refetch()} />;
  }
  return (
    <ol aria-label="Versions" className="divide-y divide-slate-200">
      {versions.data.map(({ server, _meta }) => {
        const official = _meta[OFFICIAL_META_KEY];
        const current = server.version === shown;
        return (
          <li key={server.version} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <Link
              to={serverPath(name, official.isLatest ? undefined : server.version)}
              aria-current={current ? 'page' : undefined}
              className={`rounded font-mono text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                current ? 'font-semibold text-slate-900' : 'text-blue-700 hover:underline'
              }`}
            >
              {server.version}
            </Link>
            {official.isLatest && (
              <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800">
                Latest
              </span>
            )}
            <StatusBadge status={official.status} />
            {official.status === 'active' && <span className="text-xs text-slate-600">Active</span>}
            <span className="ml-auto text-xs text-slate-600">
              <time dateTime={official.publishedAt}>{formatDate(official.publishedAt)}</time>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
