import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { useRegistryServers } from '../api/registry.ts';
import { RegistryFilters } from '../components/registry-filters.tsx';
import { ServerResults } from '../components/server-results.tsx';
import { useRegistryParams } from '../registry-params.ts';

export function Component() {
  usePageTitle('Registry');
  const { filters, update, query } = useRegistryParams();
  const servers = useRegistryServers(filters);
  const clear = () => update({ q: null, category: null, trust: null });

  return (
    <div className={`${CONTENT_WIDTH} py-10`}>
      <p className="text-sm">
        <Link to="/app/workspace" className={textLink}>
          Workspace
        </Link>
        <span aria-hidden="true" className="px-1.5 text-slate-400">
          /
        </span>
        <span className="text-slate-600">Registry</span>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Registry</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        MCP servers from Spoke's integrations catalog and from Spoke users. Open one to see what it
        needs, then add it to a workspace with <code className="font-mono">spoke install</code>.
      </p>
      <div className="mt-8">
        <RegistryFilters
          filters={filters}
          searching={servers.isPlaceholderData}
          onChange={update}
          onClear={clear}
        />
      </div>
      <div className="mt-6 min-h-[60vh]">
        <ServerResults
          servers={servers}
          filters={filters}
          from={query ? `?${query}` : ''}
          onClear={clear}
        />
      </div>
    </div>
  );
}
