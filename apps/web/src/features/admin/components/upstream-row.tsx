import { TRUST_LEVELS, type MirrorRunResult, type TrustLevel, type Upstream } from '@spoke/shared';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime, plural } from '#web/lib/format.ts';
import { useRemoveUpstream, useSyncUpstream, useUpdateUpstream } from '../api/upstreams.ts';
import { TRUST_NAMES } from './registry-server-row.tsx';

/** "3 added, 1 updated, 0 deleted, 40 unchanged, 2 skipped, from 1 page". */
export function runSummary(result: MirrorRunResult): string {
  const counts = [
    `${result.added} added`,
    `${result.updated} updated`,
    `${result.deleted} deleted`,
    `${result.unchanged} unchanged`,
    ...(result.skippedCount > 0 ? [`${result.skippedCount} skipped`] : []),
  ];
  const more = result.more ? '; the next run reads on from there' : '';
  return `${counts.join(', ')}, from ${plural(result.pages, 'page')}${more}`;
}

function When({ iso, never }: { iso: string | null; never: string }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <>{never}</>;
}

function LastRun({ upstream }: { upstream: Upstream }) {
  const result = upstream.last_result;
  return (
    <>
      <p className="text-sm text-slate-600">
        Last sync <When iso={upstream.last_sync_at} never="never" /> · Last success{' '}
        <When iso={upstream.last_success_at} never="never" />
        {upstream.enabled && (
          <>
            {' '}
            · Next sync <When iso={upstream.next_sync_at} never="" />
          </>
        )}
      </p>
      {upstream.last_error && (
        <p className="text-sm text-red-700">Last sync failed: {upstream.last_error}.</p>
      )}
      {result && <p className="text-sm text-slate-600">Last result: {runSummary(result)}.</p>}
      {result && result.skipped.length > 0 && (
        <details className="text-sm text-slate-600">
          <summary className="cursor-pointer">Skipped entries</summary>
          <ul className="mt-1 list-disc pl-5">
            {result.skipped.map((entry) => (
              <li key={`${entry.name}@${entry.version ?? ''}`}>
                <code className="font-mono break-all">
                  {entry.name}
                  {entry.version ? `@${entry.version}` : ''}
                </code>
                : {entry.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** What the last "Sync now" of this row came to, said in the row's live region. */
function syncNews(name: string, synced: Upstream | undefined): string {
  if (!synced) return '';
  if (synced.last_error) return `Sync of ${name} failed: ${synced.last_error}.`;
  const result = synced.last_result;
  return result ? `Synced ${name}: ${runSummary(result)}.` : `Synced ${name}.`;
}

/** What the last change of trust of this row came to, said in the row's live region. */
function trustNews(name: string, saved: Upstream | undefined): string {
  if (!saved) return '';
  const level = TRUST_NAMES[saved.trust_level];
  const n = saved.version_count;
  const follow =
    n === 0
      ? 'nothing is mirrored from it yet'
      : `its ${plural(n, 'mirrored version')} ${n === 1 ? 'follows' : 'follow'}`;
  return `Trust for ${name} set to ${level}; ${follow}.`;
}

export function UpstreamRow({
  upstream,
  fallbackFocus,
}: {
  upstream: Upstream;
  fallbackFocus: () => HTMLElement | null;
}) {
  const update = useUpdateUpstream(upstream.id);
  // Its own change, so that the select stays enabled and keeps the focus while it is saved.
  const setTrust = useUpdateUpstream(upstream.id);
  const sync = useSyncUpstream(upstream.id);
  const remove = useRemoveUpstream();
  const [asking, setAsking] = useState(false);
  const trustId = useId();
  const errorId = useId();
  const { name } = upstream;
  // The chosen level shows while it is saved, and falls back if saving fails.
  const trust = (setTrust.isPending && setTrust.variables.trust_level) || upstream.trust_level;
  const news = sync.isPending
    ? `Syncing ${name}... A run reads up to 50 pages and can take a few minutes.`
    : setTrust.isPending
      ? `Setting trust for ${name} to ${TRUST_NAMES[trust]}...`
      : syncNews(name, sync.data) || trustNews(name, setTrust.data);
  const failed = update.error ?? sync.error ?? setTrust.error;

  function close() {
    setAsking(false);
    remove.reset();
  }

  return (
    <li className="grid gap-3 px-4 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {name}
          {!upstream.enabled && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              Disabled
            </span>
          )}
        </p>
        <p className="font-mono text-sm break-all text-slate-700">{upstream.url}</p>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 py-0.5 text-sm text-slate-600">
          <label htmlFor={trustId}>
            Trust given <span className="sr-only">to {name}</span>
          </label>
          <select
            id={trustId}
            value={trust}
            aria-describedby={setTrust.error ? errorId : undefined}
            onChange={(event) => {
              update.reset();
              sync.reset();
              setTrust.mutate({ trust_level: event.target.value as TrustLevel });
            }}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none"
          >
            {TRUST_LEVELS.map((level) => (
              <option key={level} value={level}>
                {TRUST_NAMES[level]}
              </option>
            ))}
          </select>
          <span>
            {/* (On a phone the count wraps to a line of its own, which opens with no dot.) */}
            <span aria-hidden="true" className="hidden sm:inline">
              ·{' '}
            </span>
            {plural(upstream.version_count, 'version')} mirrored
          </span>
        </div>
        <LastRun upstream={upstream} />
        <p
          role="status"
          className="flex items-center gap-1.5 text-sm font-medium text-slate-800 empty:hidden"
        >
          {setTrust.isPending && <Spinner />}
          {news}
        </p>
        {failed && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {failed.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        <Button
          className="py-1.5"
          aria-label={`Sync ${name} now`}
          pending={sync.isPending}
          pendingLabel="Syncing..."
          keepFocus
          onClick={() => {
            update.reset();
            setTrust.reset();
            sync.mutate();
          }}
        >
          Sync now
        </Button>
        <Button
          variant="secondary"
          className="py-1.5"
          aria-label={`${upstream.enabled ? 'Disable' : 'Enable'} ${name}`}
          pending={update.isPending}
          pendingLabel="Saving..."
          keepFocus
          onClick={() => {
            sync.reset();
            setTrust.reset();
            update.mutate({ enabled: !upstream.enabled });
          }}
        >
          {upstream.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          variant="secondary"
          className="py-1.5"
          aria-label={`Remove ${name}`}
          onClick={() => setAsking(true)}
        >
          Remove
        </Button>
      </div>
      {asking && (
        <ConfirmDialog
          title={`Remove mirror “${name}”?`}
          confirmLabel="Remove mirror"
          busyLabel="Removing..."
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onCancel={close}
          // The row leaves the list once removed, and the dialog with it; closing it first
          // would hand the focus back to this row's button just before the row goes.
          onConfirm={() => remove.mutate(upstream.id)}
          fallbackFocus={fallbackFocus}
        >
          {upstream.version_count > 0
            ? `Every server mirrored from it (${plural(upstream.version_count, 'version')}) is removed from this registry too. Adding it again reads them all anew.`
            : 'Nothing has been mirrored from it yet.'}
        </ConfirmDialog>
      )}
    </li>
  );
}
