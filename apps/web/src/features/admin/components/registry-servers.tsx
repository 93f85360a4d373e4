import type { ServerStatus, TrustLevel } from '@spoke/shared';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useAdminRegistry, type Origin } from '../api/registry.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { LoadMore } from '#web/components/load-more.tsx';
import { RegistryServerRow, STATUS_NAMES, TRUST_NAMES } from './registry-server-row.tsx';

const SEARCH_DELAY_MS = 300;
const ORIGIN_NAMES: Record<Origin, string> = {
  published: 'Published by users',
  catalog: 'From the catalog',
  mirror: 'Mirrored from upstreams',
};

const fieldClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none';

function FilterSelect<T extends string>({
  id,
  label,
  any,
  names,
  value,
  onChange,
}: {
  id: string;
  label: string;
  any: string;
  names: Record<T, string>;
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  return (
    <div className="min-w-36 flex-1 sm:flex-none">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || null) as T | null)}
        className={fieldClass}
      >
        <option value="">{any}</option>
        {(Object.keys(names) as T[]).map((key) => (
          <option key={key} value={key}>
            {names[key]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function RegistryServers() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ServerStatus | null>(null);
  const [trust, setTrust] = useState<TrustLevel | null>(null);
  const [origin, setOrigin] = useState<Origin | null>(null);
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const servers = useAdminRegistry({ search: settled, status, trust, origin });
  const list = servers.data?.pages.flatMap((page) => page.servers) ?? [];
  const filtered = settled !== '' || status !== null || trust !== null || origin !== null;

  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:max-w-xs sm:flex-1">
          <label
            htmlFor="admin-registry-search"
            className="mb-1 block text-sm font-medium text-slate-700"
          >
            Search servers
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id="admin-registry-search"
              type="search"
              value={search}
              placeholder="Name or description"
              onChange={(event) => setSearch(event.target.value)}
              className={`${fieldClass} pl-9`}
            />
          </div>
        </div>
        <FilterSelect
          id="admin-registry-status"
          label="Status"
          any="Any status"
          names={STATUS_NAMES}
          value={status}
          onChange={setStatus}
        />
        <FilterSelect
          id="admin-registry-trust"
          label="Trust level"
          any="Any trust level"
          names={TRUST_NAMES}
          value={trust}
          onChange={setTrust}
        />
        <FilterSelect
          id="admin-registry-origin"
          label="Origin"
          any="Any origin"
          names={ORIGIN_NAMES}
          value={origin}
          onChange={setOrigin}
        />
        {servers.isPlaceholderData && (
          <span className="flex items-center gap-2 pb-2 text-sm text-slate-600">
            <Spinner /> Searching...
          </span>
        )}
      </div>

      <div className="mt-5">
        {servers.isPending ? (
          <PageLoading />
        ) : servers.isError && list.length === 0 ? (
          <div className="space-y-3">
            <Alert>{servers.error.message}</Alert>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => void servers.refetch()}
            >
              Try again
            </button>
          </div>
        ) : list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
            {filtered ? 'No servers match these filters.' : 'The registry has no servers yet.'}
          </p>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="hidden gap-3 px-4 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid md:grid-cols-[minmax(0,1fr)_10rem_10rem]"
            >
              <span>Server</span>
              <span>Trust level</span>
              <span>Status</span>
            </div>
            <ul
              aria-label="Registry servers"
              className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
            >
              {list.map((server) => (
                <RegistryServerRow key={server.name} server={server} />
              ))}
            </ul>
            <LoadMore
              hasMore={servers.hasNextPage}
              loading={servers.isFetchingNextPage}
              onLoad={() => void servers.fetchNextPage()}
            />
          </>
        )}
      </div>
    </div>
  );
}
