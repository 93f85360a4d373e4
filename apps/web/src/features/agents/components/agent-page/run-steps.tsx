import type { Run, RunStep } from '@spoke/shared';
import { Bot, Wrench } from 'lucide-react';
import { Spinner } from '../../../../components/spinner.tsx';
import { isInProgress, useRun } from '../../api/runs.ts';
import { formatCount, formatDuration } from '../../format.ts';
import { RetryError } from '../../../../components/retry-error.tsx';
import { JsonText } from './json-text.tsx';

function StepItem({ step, position }: { step: RunStep; position: number }) {
  const tool = step.type === 'tool';
  const Icon = tool ? Wrench : Bot;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <Icon aria-hidden="true" className="size-3.5 text-slate-500" />
        <span className="font-semibold text-slate-800">
          Step {position} · {tool ? 'Tool call' : 'Model'}
        </span>
        {tool && step.tool && (
          <code className="font-mono text-xs font-semibold break-all text-slate-900">
            {step.tool}
          </code>
        )}
        <span>{formatDuration(step.duration_ms)}</span>
        {step.tokens && (
          <span>
            {formatCount(step.tokens.input)} in / {formatCount(step.tokens.output)} out tokens
          </span>
        )}
      </p>
      {!tool && step.text !== undefined && (
        <p className="mt-2 text-sm whitespace-pre-wrap break-words text-slate-800">{step.text}</p>
      )}
      {tool && (
        <>
          <JsonText label="Arguments" value={step.arguments ?? {}} />
          {step.error ? (
            <JsonText label="Error" value={step.error} tone="error" />
          ) : (
            step.result !== undefined && <JsonText label="Result" value={step.result} />
          )}
        </>
      )}
    </li>
  );
}

/** A run's steps, fetched when its row is opened and followed until the run ends. */
export function RunSteps({ runId }: { runId: string }) {
  const run = useRun(runId);
  if (run.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Loading steps...
      </p>
    );
  }
  if (run.isError) {
    return <RetryError message={run.error.message} onRetry={() => void run.refetch()} />;
  }
  return <StepList run={run.data} />;
}

function StepList({ run }: { run: Run }) {
  const steps = run.steps ?? [];
  const going = isInProgress(run);
  return (
    <div>
      {run.input !== null && run.input !== undefined && (
        <JsonText label="Input" value={run.input} />
      )}
      {steps.length === 0 && !going && (
        <p className="mt-2 text-sm text-slate-600">This run recorded no steps.</p>
      )}
      {steps.length > 0 && (
        <ol aria-label="Steps" className="mt-3 space-y-2">
          {/* Numbered by position: the list only grows, and indexes may repeat across phases. */}
          {steps.map((step, at) => (
            <StepItem key={at} step={step} position={at + 1} />
          ))}
        </ol>
      )}
      {going && (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Spinner />
          {run.status === 'queued'
            ? 'Waiting to start...'
            : 'Running: new steps appear here as they happen.'}
        </p>
      )}
    </div>
  );
}
