import { useEffect, useRef } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { useRuns } from '#web/features/agents/api/runs.ts';
import { AgentListSkeleton } from '../agent-list-skeleton.tsx';
import { LoadMore } from '#web/components/load-more.tsx';
import { RetryError } from '#web/components/retry-error.tsx';
import { RunItem } from './run-item.tsx';

/** The agent's runs, newest first, refreshed while one is in progress. */
export function RunHistory({
  agentId,
  open,
  onToggle,
  linkedRun,
}: {
  agentId: string;
  open: ReadonlySet<string>;
  onToggle: (runId: string) => void;
  /** A run the address names: brought into view once it is listed. */
  linkedRun?: string | null;
}) {
  const runs = useRuns(agentId);
  const listed = Boolean(
    linkedRun && runs.data?.pages.some((page) => page.runs.some((run) => run.id === linkedRun)),
  );
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!listed || !linkedRun || shown.current === linkedRun) return;
    shown.current = linkedRun;
    document.getElementById(`run-${linkedRun}`)?.scrollIntoView?.({ block: 'start' });
  }, [listed, linkedRun]);
  const moreError = runs.isFetchNextPageError ? runs.error.message : null;
  if (runs.isPending) return <AgentListSkeleton label="Loading runs..." />;
  if (runs.isError && !runs.data) {
    return <RetryError message={runs.error.message} onRetry={() => void runs.refetch()} />;
  }
  const all = runs.data.pages.flatMap((page) => page.runs);
  if (all.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        No runs yet. Start one with Run now, or wait for its trigger.
      </p>
    );
  }
  return (
    <>
      {moreError && (
        <div className="mb-3">
          <Alert>{moreError}</Alert>
        </div>
      )}
      <ul aria-label="Runs" className="space-y-2">
        {all.map((run) => (
          <RunItem
            key={run.id}
            run={run}
            open={open.has(run.id)}
            onToggle={() => onToggle(run.id)}
          />
        ))}
      </ul>
      <LoadMore
        label="Load older runs"
        hasMore={runs.hasNextPage}
        loading={runs.isFetchingNextPage}
        onLoad={() => void runs.fetchNextPage()}
      />
    </>
  );
}
