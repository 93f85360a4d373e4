import { ErrorCode, type Agent, type DryRun } from '@spoke/shared';
import { FlaskConical, Play } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button-styles.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { useStartRun } from '#web/features/agents/api/runs.ts';
import { formatDate } from '#web/features/agents/format.ts';
import { inputClass } from '../spec-form/field-styles.ts';
import { DryRunResult } from './dry-run-result.tsx';
import { runInput } from './run-input.ts';

/** Run now, with an optional input, or a dry run that shows the plan. */
export function RunPanel({
  agent,
  onStarted,
}: {
  agent: Agent;
  onStarted: (runId: string) => void;
}) {
  const start = useStartRun(agent.id);
  const inputId = useId();
  const [input, setInput] = useState('');
  const [plan, setPlan] = useState<DryRun | null>(null);
  const [started, setStarted] = useState(false);

  function run(dryRun: boolean) {
    if (start.isPending) return;
    setStarted(false);
    const value = runInput(input);
    start.mutate(
      { ...(value === undefined ? {} : { input: value }), ...(dryRun ? { dry_run: true } : {}) },
      {
        onSuccess: (result) => {
          if (result.kind === 'dry-run') {
            setPlan(result.plan);
            return;
          }
          setPlan(null);
          setStarted(true);
          onStarted(result.run.id);
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    run(false);
  }

  const error = start.error;
  const busy = start.isPending;
  const dryRunPending = busy && start.variables.dry_run === true;
  return (
    <>
      <form noValidate onSubmit={submit} aria-label="Run the agent">
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
          Input (optional)
        </label>
        <textarea
          id={inputId}
          rows={3}
          value={input}
          maxLength={20_000}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => setInput(event.target.value)}
          placeholder="Only tickets tagged billing"
          className={`${inputClass} leading-6`}
        />
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
          Text, or a JSON object, handed to the agent with its instructions.
        </p>
        {agent.status === 'paused' && (
          <p className="mt-2 text-sm text-amber-900">
            {agent.paused_until
              ? `Paused by a plan limit: runs are refused until ${formatDate(agent.paused_until)}.`
              : 'The agent is paused: its trigger does not fire, but you can still run it here.'}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="submit"
            className={`${primaryButton} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
            aria-disabled={busy}
          >
            {busy && !dryRunPending ? <Spinner /> : <Play aria-hidden="true" className="size-4" />}
            {busy && !dryRunPending ? 'Starting...' : 'Run now'}
          </button>
          <button
            type="button"
            className={`${secondaryButton} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
            aria-disabled={busy}
            onClick={() => run(true)}
          >
            {dryRunPending ? <Spinner /> : <FlaskConical aria-hidden="true" className="size-4" />}
            Dry run
          </button>
        </div>
      </form>
      {error && (
        <div className="mt-4 space-y-3">
          <Alert>{error.message}</Alert>
          {error.code === ErrorCode.MODEL_NOT_CONFIGURED && (
            <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
              <span>You can still see what a run would do:</span>
              <button
                type="button"
                className={`${secondaryButton} py-1.5`}
                onClick={() => run(true)}
              >
                <FlaskConical aria-hidden="true" className="size-4" /> Dry run instead
              </button>
            </div>
          )}
        </div>
      )}
      <p role="status" className="sr-only">
        {started ? 'Run started. It appears first in the run history.' : ''}
      </p>
      {plan && <DryRunResult plan={plan} onClose={() => setPlan(null)} />}
    </>
  );
}
