import { OFFICIAL_META_KEY, SPOKE_META_KEY, type RegistryEntry } from '@spoke/shared';
import { Download, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { IntegrationLogo } from '#web/components/integration-logo.tsx';
import { formatDownloads, serverPath } from '../format.ts';
import { StatusBadge } from './status-badge.tsx';
import { TrustBadge } from './trust-badge.tsx';

/** One search result; `from` is the list's query, so the server page can lead back to it. */
export function ServerCard({ entry, from }: { entry: RegistryEntry; from: string }) {
  const { server } = entry;
  const official = entry._meta[OFFICIAL_META_KEY];
  const spoke = entry._meta[SPOKE_META_KEY];
  const deprecated = official.status !== 'active';
  return (
    <li
      className={`relative flex flex-col rounded-xl border bg-white p-4 shadow-sm transition focus-within:ring-2 focus-within:ring-blue-600 hover:border-blue-300 hover:shadow ${
        deprecated ? 'border-orange-200 bg-orange-50/30' : 'border-slate-200'
      }`}
    >
      <div className="flex items-start gap-3">
        <IntegrationLogo id={server.name} name={server.title ?? server.name} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">
              <Link
                to={serverPath(server.name)}
                state={{ from }}
                // The whole card is the link's target; the outline shows on the card instead.
                className="outline-none after:absolute after:inset-0 after:rounded-xl hover:text-blue-700"
              >
                {server.title ?? server.name}
              </Link>
            </h2>
            <span className="font-mono text-xs text-slate-600">v{server.version}</span>
          </div>
          {server.title && (
            <p className="font-mono text-xs break-all text-slate-600">{server.name}</p>
          )}
        </div>
      </div>
      <p className="mt-2 flex-1 text-sm text-slate-700">{server.description}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <TrustBadge level={spoke.trustLevel} />
        <StatusBadge status={official.status} />
        {spoke.category && (
          <span className="inline-flex items-center gap-1">
            <Tag aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Category: </span>
            {spoke.category}
          </span>
        )}
        {/* A count of nothing reads as a made-up figure: shown once there are downloads. */}
        {spoke.downloadCount > 0 && (
          <span className="inline-flex items-center gap-1">
            <Download aria-hidden="true" className="size-3.5" />
            {formatDownloads(spoke.downloadCount)}
          </span>
        )}
      </div>
    </li>
  );
}
