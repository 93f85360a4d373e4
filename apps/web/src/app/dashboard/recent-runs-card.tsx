import { Link } from 'react-router';
import { RetryError } from '#web/components/retry-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useRecentRuns } from '#web/features/agents/api/runs.ts';
import { SectionCard } from '#web/components/ui/section-card.tsx';
import { RunStatus } from '#web/features/agents/components/run-status.tsx';
import {
  RUN_TRIGGER_LABELS,
  formatDateTime,
  formatDuration,
  runDuration,
} from '#web/features/agents/format.ts';

/** How many runs the dashboard lists; each agent's page has its whole history. */
const SHOWN = 5;

/** The user's newest runs across their agents: what ran, when, and how it went. */
export function RecentRunsCard() {
  const runs = useRecentRuns(SHOWN);
  return (
    <SectionCard id="recent-runs-heading" title="Recent runs">
      {runs.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading recent runs...
        </p>
      ) : runs.isError ? (
        <div>
          <RetryError message={runs.error.message} onRetry={() => void runs.refetch()} />
        </div>
      ) : runs.data.runs.length === 0 ? (
        <p className="text-sm text-slate-600">
          No runs yet: an agent's runs show here once it has started, by hand or by its trigger.
        </p>
      ) : (
        <ul aria-label="Recent runs" className="-mt-2 divide-y divide-slate-100">
          {runs.data.runs.map((run) => {
            const when = run.started_at ?? run.created_at;
            const duration = runDuration(run);
            return (
              <li key={run.id} className="py-3 first:pt-1 last:pb-0">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/app/agents/${encodeURIComponent(run.agent_id)}?run=${encodeURIComponent(run.id)}`}
                    className="min-w-0 font-medium break-words text-slate-900 underline-offset-2 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                  >
                    {run.agent_name || 'Untitled agent'}
                  </Link>
                  <RunStatus status={run.status} />
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  {RUN_TRIGGER_LABELS[run.trigger]} ·{' '}
                  <time dateTime={when}>{formatDateTime(when)}</time>
                  {duration !== null && <> · {formatDuration(duration)}</>}
                </p>
                {run.status === 'failed' && run.error && (
                  <p className="mt-1 line-clamp-2 text-xs break-words text-red-700">{run.error}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
