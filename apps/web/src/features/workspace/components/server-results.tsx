import { SearchX } from 'lucide-react';
import { secondaryButton } from '#web/components/button-styles.ts';
import type { useRegistryServers, RegistryFilters } from '../api/registry.ts';
import { LoadMore } from '#web/components/load-more.tsx';
import { RetryError } from '#web/components/retry-error.tsx';
import { ServerCard } from './server-card.tsx';
import { ServerListSkeleton } from './server-list-skeleton.tsx';
import { TRUST_LABELS } from './trust-badge.tsx';

function describeFilters({ search, category, trust }: RegistryFilters): string {
  const parts: string[] = [];
  if (search) parts.push(`“${search}”`);
  if (category) parts.push(`category ${category}`);
  if (trust) parts.push(`trust level ${TRUST_LABELS[trust]}`);
  return parts.join(', ');
}

export function ServerResults({
  servers,
  filters,
  from,
  onClear,
}: {
  servers: ReturnType<typeof useRegistryServers>;
  filters: RegistryFilters;
  from: string;
  onClear: () => void;
}) {
  if (servers.isPending) return <ServerListSkeleton />;
  if (servers.isError && !servers.data) {
    return <RetryError message={servers.error.message} onRetry={() => void servers.refetch()} />;
  }
  const list = servers.data.pages.flatMap((page) => page.servers);
  const filtered = describeFilters(filters);

  if (list.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
        <SearchX aria-hidden="true" className="mx-auto size-8 text-slate-400" />
        <p role="status" className="mt-3 text-slate-700">
          {filtered ? `No servers match ${filtered}.` : 'The registry has no servers yet.'}
        </p>
        {filtered && (
          <button type="button" className={`${secondaryButton} mt-4`} onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    );
  }

  const more = servers.hasNextPage;
  return (
    <>
      <p role="status" className="mb-3 text-sm text-slate-600">
        {`Showing ${list.length} ${list.length === 1 ? 'server' : 'servers'}`}
        {filtered && ` matching ${filtered}`}
        {more && ' — more below'}
      </p>
      {servers.isError && (
        <div className="mb-4">
          <RetryError message={servers.error.message} onRetry={() => void servers.refetch()} />
        </div>
      )}
      <ul aria-label="Servers" className="grid gap-4 md:grid-cols-2">
        {list.map((entry) => (
          <ServerCard key={entry.server.name} entry={entry} from={from} />
        ))}
      </ul>
      <LoadMore
        hasMore={more}
        loading={servers.isFetchingNextPage}
        onLoad={() => void servers.fetchNextPage()}
      />
    </>
  );
}
