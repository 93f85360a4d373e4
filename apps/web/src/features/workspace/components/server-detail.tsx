import { OFFICIAL_META_KEY, SPOKE_META_KEY, type RegistryEntry } from '@spoke/shared';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { serverPath } from '../format.ts';
import { CommandSnippet } from './command-snippet.tsx';
import { DetailSection } from './detail-section.tsx';
import { PackageList } from './package-list.tsx';
import { RemoteList } from './remote-list.tsx';
import { ServerFacts } from './server-facts.tsx';
import { StatusBadge } from './status-badge.tsx';
import { ToolList } from './tool-list.tsx';
import { TrustBadge } from './trust-badge.tsx';
import { VersionList } from './version-list.tsx';

function StatusNotice({ entry }: { entry: RegistryEntry }) {
  const { status } = entry._meta[OFFICIAL_META_KEY];
  if (status === 'active') return null;
  return (
    <div
      role="note"
      className="mt-6 flex gap-3 rounded-xl border border-orange-300 bg-orange-50 px-4 py-3 text-sm text-orange-950"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-orange-700" />
      <p>
        {status === 'deprecated'
          ? 'This server is deprecated: it is no longer maintained or has been replaced. It still installs, but prefer another server for new work.'
          : 'This server was removed from the registry. It is shown for reference only.'}
      </p>
    </div>
  );
}

/** Everything the registry knows about one version of a server. */
export function ServerDetail({ entry }: { entry: RegistryEntry }) {
  const { server } = entry;
  const official = entry._meta[OFFICIAL_META_KEY];
  const spoke = entry._meta[SPOKE_META_KEY];
  const install = official.isLatest
    ? `spoke install ${server.name}`
    : `spoke install ${server.name}@${server.version}`;
  const packages = server.packages ?? [];
  const remotes = server.remotes ?? [];

  return (
    <>
      <p className="mt-3 max-w-3xl text-slate-700">{server.description}</p>
      <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs font-semibold text-slate-800">
          <span className="sr-only">Version </span>v{server.version}
        </span>
        <TrustBadge level={spoke.trustLevel} />
        <StatusBadge status={official.status} />
      </div>
      <StatusNotice entry={entry} />
      {!official.isLatest && (
        <p className="mt-4 text-sm text-slate-700">
          You are looking at an earlier version.{' '}
          <Link to={serverPath(server.name)} className={textLink}>
            See the latest version
          </Link>
        </p>
      )}

      <section aria-labelledby="install-heading" className="mt-6 max-w-3xl">
        <h2 id="install-heading" className="text-sm font-semibold text-slate-800">
          Install in a workspace
        </h2>
        <div className="mt-2">
          <CommandSnippet command={install} label="Copy install command" />
        </div>
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {/* A remote-only server has nothing to install locally: no empty Packages section. */}
          {(packages.length > 0 || remotes.length === 0) && (
            <DetailSection id="packages-heading" title="Packages">
              <PackageList packages={packages} />
            </DetailSection>
          )}
          {remotes.length > 0 && (
            <DetailSection id="remotes-heading" title="Remote endpoints">
              <RemoteList remotes={remotes} />
            </DetailSection>
          )}
          <DetailSection id="tools-heading" title="Tools">
            {spoke.tools && spoke.tools.length > 0 ? (
              <ToolList tools={spoke.tools} />
            ) : (
              <p className="text-sm text-slate-600">
                The registry does not list this server's tools. Once installed,{' '}
                <code className="font-mono">spoke tools</code> shows them.
              </p>
            )}
          </DetailSection>
        </div>
        <div className="min-w-0 space-y-6">
          <DetailSection id="about-heading" title="About">
            <ServerFacts entry={entry} />
          </DetailSection>
          <DetailSection id="versions-heading" title="Versions">
            <VersionList name={server.name} shown={server.version} />
          </DetailSection>
        </div>
      </div>
    </>
  );
}
