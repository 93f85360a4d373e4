import { Search } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { useAdminUsers } from '../api/admin.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { LoadMore } from '#web/components/load-more.tsx';
import { UserRow } from './user-row.tsx';

const SEARCH_DELAY_MS = 300;

export function UsersPanel() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const users = useAdminUsers(settled);
  const list = users.data?.pages.flatMap((page) => page.users) ?? [];
  const searching = users.isFetching && !users.isFetchingNextPage;

  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-md">
          <label
            htmlFor="admin-user-search"
            className="mb-1 block text-sm font-medium text-slate-700"
          >
            Search users
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id="admin-user-search"
              type="search"
              value={search}
              placeholder="E-mail, username or name"
              onChange={(event) => setSearch(event.target.value)}
              className="block w-full rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none"
            />
          </div>
        </div>
        {searching && !users.isPending && (
          <span className="flex items-center gap-2 pb-2 text-sm text-slate-600">
            <Spinner /> Searching...
          </span>
        )}
      </div>

      <div className="mt-5">
        {users.isPending ? (
          <PageLoading />
        ) : users.isError ? (
          <div className="space-y-3">
            <Alert>{users.error.message}</Alert>
            <button type="button" className={secondaryButton} onClick={() => void users.refetch()}>
              Try again
            </button>
          </div>
        ) : list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
            {settled ? `No users match “${settled}”.` : 'No users yet.'}
          </p>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="hidden gap-3 px-4 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid md:grid-cols-[minmax(0,1fr)_11rem_11rem]"
            >
              <span>User</span>
              <span>Plan</span>
              <span>Admin rights</span>
            </div>
            <ul
              aria-label="Users"
              className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
            >
              {list.map((user) => (
                <UserRow key={user.id} user={user} isSelf={user.id === me?.id} />
              ))}
            </ul>
            <LoadMore
              hasMore={users.hasNextPage}
              loading={users.isFetchingNextPage}
              onLoad={() => void users.fetchNextPage()}
            />
          </>
        )}
      </div>
    </div>
  );
}
