import { Download, Server } from 'lucide-react';
import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { useOwnServers } from '../api/own-servers.ts';
import { formatDate, formatDownloads, serverPath } from '../format.ts';
import { RetryError } from '#web/components/retry-error.tsx';
import { ListPlaceholder } from './list-placeholder.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TrustBadge } from './trust-badge.tsx';

const PUBLISHING_DOCS = '/app/docs/registry/publishing';

function Namespaces({ namespaces }: { namespaces: string[] }) {
  if (namespaces.length === 0) return null;
  return (
    <p className="mt-4 text-sm text-slate-600">
      You can publish in{' '}
      {namespaces.map((namespace, index) => (
        <span key={namespace}>
          {index > 0 && ', '}
          <code className="rounded bg-slate-100 px-1 font-mono text-slate-800">{namespace}/*</code>
        </span>
      ))}
      .
    </p>
  );
}

export function OwnServers() {
  const mine = useOwnServers();
  // As tall as the empty state and the namespaces line beneath it.
  if (mine.isPending) {
    return <ListPlaceholder label="Loading your servers..." className="h-40 lg:h-[8.625rem]" />;
  }
  if (mine.isError) {
    return <RetryError message={mine.error.message} onRetry={() => void mine.refetch()} />;
  }
  const { servers, namespaces } = mine.data;
  if (servers.length === 0) {
    return (
      <>
        <div className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-sm text-slate-700">
          <p>You have not published a server yet.</p>
          <p className="mt-2">
            Start one with <code className="font-mono">spoke create</code>, then publish it with{' '}
            <code className="font-mono">spoke publish</code> and a token from above.{' '}
            <Link to={PUBLISHING_DOCS} className={textLink}>
              Read the publishing guide
            </Link>
          </p>
        </div>
        <Namespaces namespaces={namespaces} />
      </>
    );
  }
  return (
    <>
      <ul aria-label="Your servers" className="space-y-3">
        {servers.map((server) => (
          <li key={server.name} className="rounded-xl border border-slate-200 p-4">
            <div className="flex flex-wrap items-center gap-2">
              <Server aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <Link
                to={serverPath(server.name)}
                className={`${textLink} font-mono text-sm break-all`}
              >
                {server.name}
              </Link>
              <TrustBadge level={server.trust_level} />
              <StatusBadge status={server.status} />
              {server.status === 'active' && <span className="text-xs text-slate-600">Active</span>}
            </div>
            <p className="mt-1 text-sm text-slate-700">{server.description}</p>
            <p className="mt-1 inline-flex items-center gap-1 text-xs text-slate-600">
              <Download aria-hidden="true" className="size-3.5" />
              {formatDownloads(server.download_count)}
            </p>
            <ol
              aria-label={`Versions of ${server.name}`}
              className="mt-3 flex flex-wrap gap-2 text-xs"
            >
              {server.versions.map((version) => (
                <li
                  key={version.version}
                  className={`rounded-full px-2.5 py-1 ring-1 ring-inset ${
                    version.is_latest
                      ? 'bg-blue-50 text-blue-900 ring-blue-300'
                      : 'bg-white text-slate-700 ring-slate-200'
                  }`}
                >
                  <span className="font-mono font-semibold">{version.version}</span>
                  {version.is_latest && ' (latest)'} ·{' '}
                  <time dateTime={version.published_at}>{formatDate(version.published_at)}</time>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
      <Namespaces namespaces={namespaces} />
    </>
  );
}
