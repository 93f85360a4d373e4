import type { Run } from '@spoke/shared';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import {
  RUN_TRIGGER_LABELS,
  formatCount,
  formatDateTime,
  formatDuration,
  plural,
  runDuration,
} from '#web/features/agents/format.ts';
import { RunStatus } from '../run-status.tsx';
import { RunSteps } from './run-steps.tsx';

/** One run: status, when, how long, what it used; its steps on demand. */
export function RunItem({
  run,
  open,
  onToggle,
}: {
  run: Run;
  open: boolean;
  onToggle: () => void;
}) {
  const panelId = useId();
  const when = run.started_at ?? run.created_at;
  const duration = runDuration(run);
  const { usage } = run;
  return (
    <li id={`run-${run.id}`} className="scroll-mt-20 rounded-xl border border-slate-200">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <RunStatus status={run.status} />
        <div className="min-w-48 flex-1 text-sm">
          <p className="font-medium text-slate-900">
            {RUN_TRIGGER_LABELS[run.trigger]} · <time dateTime={when}>{formatDateTime(when)}</time>
          </p>
          <p className="text-slate-600">
            {duration !== null && <>{formatDuration(duration)} · </>}
            {plural(usage.messages, 'message')} · {plural(usage.integration_credits, 'credit')} ·{' '}
            {formatCount(usage.tokens.input + usage.tokens.output)} tokens
          </p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {open ? (
            <ChevronDown aria-hidden="true" className="size-4" />
          ) : (
            <ChevronRight aria-hidden="true" className="size-4" />
          )}
          {open ? 'Hide steps' : 'Show steps'}
          <span className="sr-only"> of the run from {formatDateTime(when)}</span>
        </button>
      </div>
      {run.error && (
        <p className="border-t border-red-100 bg-red-50 px-4 py-2 text-sm break-words text-red-800">
          {run.error}
        </p>
      )}
      <div id={panelId} hidden={!open} className="border-t border-slate-200 bg-slate-50 px-4 py-3">
        {open && <RunSteps runId={run.id} />}
      </div>
    </li>
  );
}
